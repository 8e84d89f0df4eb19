import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiate, staticHandler } from '../../../infra/local/web-static';

// The local CloudFront stand-in (infra/local/web.ts, --web=dist) serves web/dist as the Web stack's
// behaviours do: compressed as the browser accepts, hashed assets immutable, the rest revalidated.
const js = `export const greeting = ${JSON.stringify('kia ora '.repeat(400))};\n`;
const html = `<!doctype html><html><head><title>Consent portal</title></head><body>${'<p>x</p>'.repeat(200)}</body></html>`;

let dir: string;
let server: Server;
let port: number;

function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), js);
  writeFileSync(path.join(dir, 'assets', 'logo-AbC123.png'), Buffer.alloc(5_000, 7));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = createServer(staticHandler(dir, { 'x-content-type-options': 'nosniff' }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('local web server (CloudFront stand-in)', () => {
  it('sends brotli when the browser accepts it, gzip when only gzip, as stored otherwise, with Vary', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(js);
    expect(br.body.length).toBeLessThan(js.length / 10);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(js);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');

    const refused = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('caches hashed assets for a year and revalidates index.html (also for SPA routes) with an ETag', async () => {
    const asset = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const route = await get('/application-form/12/step/3', { 'accept-encoding': 'gzip' });
    expect(route.status).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(route.body).toString()).toBe(html);
    const etag = route.headers.etag as string;
    expect(etag).toMatch(/^".+-gzip"$/);
    const again = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // A missing hashed asset is the SPA fallback, never cached as immutable.
    const missing = await get('/assets/gone-XyZ.js');
    expect(missing.headers['cache-control']).toBe('no-cache');
  });

  it('leaves images and bodies under 1,000 bytes uncompressed, as CloudFront does', async () => {
    const png = await get('/assets/logo-AbC123.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.body.length).toBe(5_000);
    const svg = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.headers['content-type']).toBe('image/svg+xml');
  });

  it('negotiates Accept-Encoding with q-values and *', () => {
    expect(negotiate(undefined)).toBe('identity');
    expect(negotiate('gzip;q=0.5, br;q=1')).toBe('br');
    expect(negotiate('*')).toBe('br');
    expect(negotiate('*;q=0, gzip')).toBe('gzip');
    expect(negotiate('identity')).toBe('identity');
  });
});
