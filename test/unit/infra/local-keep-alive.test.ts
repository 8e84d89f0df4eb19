/**
 * The local stand-ins keep idle connections as long as AWS's front doors do, and say so: a client
 * that pools connections (undici's fetch, the AWS SDK) drops an idle one before the server does,
 * so a request never lands on a connection the server is closing ("other side closed").
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { KEEP_ALIVE_MS, closeServer, listen } from '../../../infra/local/util';

const server = createServer((_req, res) => res.end('ok'));
afterEach(() => closeServer(server));

test('a local server keeps idle connections 65 s and tells the client', async () => {
  await listen(server, 0, '127.0.0.1');
  expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
  expect(KEEP_ALIVE_MS).toBeGreaterThanOrEqual(60_000);
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/`);
  expect(await res.text()).toBe('ok');
  expect(res.headers.get('keep-alive')).toBe('timeout=65');
});
