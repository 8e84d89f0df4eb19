import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export type Log = (msg: string) => void;

/** Polls `check` until it returns true (or a truthy value) or the deadline passes. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 30_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastErr: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      lastErr = err;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}${lastErr ? `: ${String(lastErr)}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export function readBody(req: IncomingMessage, limit = 10 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new Error('Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * How long an idle keep-alive connection stays open (as AWS's load balancers: 60 s and more). Node's
 * default, 5 s, lost requests under load: a client reused a pooled connection at the moment the
 * server closed it ("other side closed" in a fuzz test on a loaded 2-core machine). Clients read
 * the hint (`Keep-Alive: timeout=65`) and drop their sockets first.
 */
export const KEEP_ALIVE_MS = 65_000;

export function listen(server: Server, port: number, host: string): Promise<void> {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** Closes a server, cutting keep-alive connections so close() resolves promptly. */
export function closeServer(server: Server | undefined): Promise<void> {
  if (!server || !server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * The key as S3 puts it in an event notification: form-URL-encoded (encodeURIComponent, spaces as
 * '+', also !'() escaped) with '/' left as is. A handler decodes it with
 * decodeURIComponent(key.replace(/\+/g, ' ')).
 */
export function s3EventKey(rawKey: string): string {
  return encodeURIComponent(rawKey)
    .replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, '/')
    .replace(/%20/g, '+');
}
