/**
 * A local HTTP server that plays a remote service for client tests: each request is recorded and
 * answered by the test's `respond` function (status, JSON body, or `hang` to never answer, for
 * timeouts). Listens on 127.0.0.1 on a free port.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export type FakeAnswer = { status?: number; json?: unknown; text?: string } | 'hang' | 'destroy';

export interface FakeHttpServer {
  url: string;
  requests: FakeRequest[];
  respond: (req: FakeRequest) => FakeAnswer;
  close(): Promise<void>;
}

export async function startFakeHttp(respond: (req: FakeRequest) => FakeAnswer): Promise<FakeHttpServer> {
  const open = new Set<ServerResponse>();
  const state: FakeHttpServer = {
    url: '',
    requests: [],
    respond,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: FakeRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', state.url),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      state.requests.push(r);
      const answer = state.respond(r);
      if (answer === 'hang') {
        open.add(res);
        return;
      }
      if (answer === 'destroy') {
        req.socket.destroy();
        return;
      }
      const status = answer.status ?? 200;
      if (answer.json !== undefined) {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.json));
      } else {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(answer.text ?? '');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** A URL on which nothing listens (a port that was free a moment ago). */
export async function closedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
