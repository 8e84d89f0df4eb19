/**
 * Sending one signed webhook (docs/council-api.md §5; the Standard Webhooks scheme): the HMAC with
 * node:crypto over the pure parts of shared/domain/council.ts, and a POST with node:http(s). Every
 * attempt checks the URL's rules again (https, port 443, no non-public literal: a registration of
 * before the rules may break them) and the addresses its name resolves to, in the one lookup the
 * connection uses: every address is checked and the socket connects only to those checked, so DNS
 * rebinding after the registration reaches nothing inside (docs/council-api.md). Redirects are not
 * followed. The local stack (allowLoopback) may also reach 127.0.0.1.
 */
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  formatWebhookSignatures,
  LOCAL_WEBHOOK_HOST,
  WEBHOOK_HEADERS,
  webhookSecretKeyPart,
  webhookSignedContent,
  webhookUrlMessages,
  webhookUrlProblem,
} from '../../../shared/domain/council.js';
import { isPublicAddress } from '../../../shared/domain/ip-address.js';

/** How long one attempt may take (connect, send, answer). */
export const WEBHOOK_TIMEOUT_MS = 5000;

/** The base64 HMAC-SHA256 of the signed content with one `whsec_` secret. */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(webhookSecretKeyPart(secret), 'base64');
  return createHmac('sha256', key)
    .update(webhookSignedContent(id, timestamp, body))
    .digest('base64');
}

/** The three Standard Webhooks headers, signed with every secret given. */
export function signedWebhookHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: formatWebhookSignatures(
      secrets.map((s) => webhookSignature(s, id, timestamp, body)),
    ),
  };
}

/** An attempt's result; `refused`: the portal would not send (the URL's rules, a private address). */
export type PostResult =
  { ok: true; statusCode: number } | { ok: false; statusCode?: number; error: string; refused?: true };

/** A name's addresses (every one): DNS, or a test's stand-in. */
export type Resolver = (
  hostname: string,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
const dnsResolve: Resolver = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/** Whether an attempt may connect to `address`: a public one, or 127.0.0.1 on the local stack. */
const mayConnect = (address: string, allowLoopback: boolean) =>
  isPublicAddress(address) || (allowLoopback && address === LOCAL_WEBHOOK_HOST);

/**
 * A DNS lookup that fails when any address of the name is not public (SSRF), unless `allowLoopback`
 * and 127.0.0.1; it answers only the addresses it checked, so those are what the socket connects to.
 */
export function guardedLookup(allowLoopback: boolean, resolve: Resolver = dnsResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find((a) => !mayConnect(a.address, allowLoopback));
      if (refused || !addresses.length)
        return callback(
          Object.assign(new Error(webhookUrlMessages.privateHost), { code: 'EPRIVATE' }),
          '',
          0,
        );
      // Every address was checked; the socket gets only those (of the family asked for, if any).
      const family = options.family === 4 || options.family === 6 ? options.family : undefined;
      const usable = family ? addresses.filter((a) => a.family === family) : addresses;
      if (!usable.length)
        return callback(Object.assign(new Error(`no IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      const first = usable[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** POSTs `body` as JSON with `headers`; a 2xx within `timeoutMs` is ok, anything else is not. */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowLoopback: boolean; timeoutMs?: number; resolve?: Resolver },
): Promise<PostResult> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  // The URL's rules again (scheme, port, an IP literal, which is connected to without a lookup).
  const problem = webhookUrlProblem(url, { allowLoopback: options.allowLoopback });
  if (problem) return Promise.resolve({ ok: false, error: problem, refused: true });
  const u = new URL(url);
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(
      u,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'ConsentPortal-Webhooks/1',
          ...headers,
        },
        lookup: guardedLookup(options.allowLoopback, options.resolve),
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        res.resume(); // the answer's body is not read
        res.on('end', () =>
          done(
            statusCode >= 200 && statusCode < 300
              ? { ok: true, statusCode }
              : { ok: false, statusCode, error: `HTTP ${statusCode}` },
          ),
        );
        res.on('error', (err) => done({ ok: false, statusCode, error: err.message }));
      },
    );
    const timer = setTimeout(() => {
      done({ ok: false, error: `No answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({ ok: false, error: err.message, ...(err.code === 'EPRIVATE' ? { refused: true as const } : {}) }),
    );
    req.end(body);
  });
}
