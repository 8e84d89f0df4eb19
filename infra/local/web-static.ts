import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { ASSETS_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../web-cache';

const mime: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Cache-Control of the Web stack's behaviours: hashed /assets/* for a year, the rest revalidated. */
export const IMMUTABLE = ASSETS_CACHE_CONTROL;
export const REVALIDATE = REVALIDATE_CACHE_CONTROL;

/**
 * CloudFront compresses (when the behaviour has `compress: true` and the cache policy accepts
 * gzip and brotli) objects of 1,000 to 10,000,000 bytes whose Content-Type is on its list
 * (text, JavaScript, CSS, JSON, SVG, …; images and fonts are already compressed).
 */
const MIN_COMPRESS = 1_000;
const MAX_COMPRESS = 10_000_000;
const compressible = (type: string) =>
  /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml|image\/x-icon)/.test(type);

/**
 * Compression as an edge does it on the fly, not as a build would: brotli quality 5 and gzip level 6
 * (measured on the 612 KB Form.io chunk: quality 11 took 4.4 s and held the stack's event loop, which
 * also serves the API, so a first page load timed out under load; quality 5 takes ~70 ms and is ~11 %
 * larger — closer to what CloudFront sends than the best a build could do).
 */
const BROTLI_QUALITY = 5;

export type Encoding = 'br' | 'gzip' | 'identity';

/** The viewer's Accept-Encoding → what CloudFront sends: brotli first, then gzip, else as stored. */
export function negotiate(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

interface Variant {
  body: Buffer;
  etag: string;
}

/**
 * The bytes a viewer gets for one body, compressed once per (key, encoding) and kept: the local
 * stand-in for CloudFront's cache of compressed objects.
 */
export function compressionCache() {
  const cache = new Map<string, Variant>();
  return (key: string, version: string, body: Buffer, type: string, accept: Encoding) => {
    const encoding: Encoding =
      compressible(type) && body.length >= MIN_COMPRESS && body.length <= MAX_COMPRESS ? accept : 'identity';
    const id = `${key}\n${encoding}`;
    let v = cache.get(id);
    if (!v || !v.etag.startsWith(`"${version}`)) {
      const out =
        encoding === 'br'
          ? brotliCompressSync(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              },
            })
          : encoding === 'gzip'
            ? gzipSync(body, { level: 6 })
            : body;
      v = { body: out, etag: `"${version}${encoding === 'identity' ? '' : `-${encoding}`}"` };
      cache.set(id, v);
    }
    return { ...v, encoding, vary: compressible(type) };
  };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Sends `body` as CloudFront would: negotiated encoding, Vary, ETag and 304 on If-None-Match. */
export function sendCompressed(
  compress: ReturnType<typeof compressionCache>,
  req: IncomingMessage,
  res: ServerResponse,
  file: { key: string; version: string; body: Buffer; type: string; headers: Record<string, string> },
) {
  const v = compress(file.key, file.version, file.body, file.type, negotiate(req.headers['accept-encoding']));
  const headers: Record<string, string | number> = {
    ...file.headers,
    'content-type': file.type,
    etag: v.etag,
  };
  if (v.vary) headers.vary = 'Accept-Encoding';
  if (v.encoding !== 'identity') headers['content-encoding'] = v.encoding;
  if (req.headers['if-none-match'] === v.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-length'] = v.body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : v.body);
}

/**
 * Serves web/dist like the CloudFront + S3 origin of the Web stack: files (index.html for unknown
 * paths, the SPA rewrite), compressed with brotli or gzip as the viewer accepts, hashed /assets/*
 * cached for a year (immutable) and everything else revalidated (no-cache) with an ETag.
 */
export function staticHandler(root: string, headers: Record<string, string>): Handler {
  const compress = compressionCache();
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      rel = '/';
    }
    let file = path.join(root, path.normalize(rel).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      file = path.join(root, 'index.html');
    }
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('web/dist is missing: run npm run build:web');
      return;
    }
    const stat = statSync(file);
    const immutable = rel.startsWith('/assets/') && file !== path.join(root, 'index.html');
    sendCompressed(compress, req, res, {
      key: file,
      version: `${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}`,
      body: readFileSync(file),
      type: mime[path.extname(file)] ?? 'application/octet-stream',
      headers: { ...headers, 'cache-control': immutable ? IMMUTABLE : REVALIDATE },
    });
  };
}
