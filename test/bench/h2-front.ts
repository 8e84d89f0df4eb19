/**
 * An HTTP/2 front for the Lighthouse bench: CloudFront serves viewers over HTTP/2 (and 3) with TLS,
 * so a page's thirty-odd files share one connection; the local web server speaks HTTP/1.1, where
 * Chromium (and Lighthouse's simulation of a slow phone network) queues them on six connections.
 * This listens on 127.0.0.1 with a self-signed certificate made by openssl (Chromium is started with
 * --ignore-certificate-errors) and passes every request through to the local web server as it came
 * (Accept-Encoding included, so the compression is the web server's, as CloudFront's is its own).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { constants, createSecureServer, type Http2Session, type IncomingHttpHeaders } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Headers HTTP/2 forbids (connection-specific) or that name the hop. */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'host']);

function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-h2-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startH2Front(
  target: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const server = createSecureServer(selfSigned());
  const sessions = new Set<Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers: IncomingHttpHeaders) => {
    const forwarded: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (name.startsWith(':') || HOP.has(name) || value === undefined) continue;
      forwarded[name] = value;
    }
    forwarded.host = upstream.host;
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: String(headers[constants.HTTP2_HEADER_METHOD]),
        path: String(headers[constants.HTTP2_HEADER_PATH]),
        headers: forwarded,
        agent,
      },
      (res) => {
        const back: Record<string, string | string[] | number> = { ':status': res.statusCode ?? 502 };
        for (const [name, value] of Object.entries(res.headers))
          if (!HOP.has(name) && value !== undefined) back[name] = value;
        if (stream.destroyed) return res.resume();
        stream.respond(back);
        res.pipe(stream);
      },
    );
    out.on('error', () => {
      if (!stream.headersSent && !stream.destroyed) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.on('error', () => out.destroy());
    stream.pipe(out);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `https://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Open sessions (Chromium keeps its connection) would hold close(): end them.
        for (const session of sessions) session.destroy();
      }),
  };
}
