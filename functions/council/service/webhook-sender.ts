/**
 * Sending one signed webhook (docs/council-api.md §5; the Standard Webhooks scheme): the HMAC with
 * node:crypto over the pure parts of shared/domain/council.ts, and a POST with node:http(s) whose
 * DNS lookup refuses non-public addresses unless loopback is allowed (the local stack), so the
 * address actually connected to is checked at every attempt (not only the name at registration).
 */
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  formatWebhookSignatures,
  isNonPublicAddress,
  WEBHOOK_HEADERS,
  webhookSecretKeyPart,
  webhookSignedContent,
  webhookUrlMessages,
} from '../../../shared/domain/council.js';

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

export type PostResult = { ok: true; statusCode: number } | { ok: false; statusCode?: number; error: string };

/** A DNS lookup that fails for non-public addresses (SSRF), unless `allowLoopback` and 127.0.0.1. */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find(
        (a) => isNonPublicAddress(a.address) && !(allowLoopback && a.address === '127.0.0.1'),
      );
      if (refused || !addresses.length)
        return callback(
          Object.assign(new Error(webhookUrlMessages.privateHost), { code: 'EPRIVATE' }),
          '',
          0,
        );
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** POSTs `body` as JSON with `headers`; a 2xx within `timeoutMs` is ok, anything else is not. */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowLoopback: boolean; timeoutMs?: number },
): Promise<PostResult> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const u = new URL(url);
  const client = u.protocol === 'https:' ? https : http;
  // An IP literal is connected to without a lookup: checked here.
  const literal = u.hostname.replace(/^\[|\]$/g, '');
  if (isNonPublicAddress(literal) && !(options.allowLoopback && literal === '127.0.0.1'))
    return Promise.resolve({ ok: false, error: webhookUrlMessages.privateHost });
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
        lookup: guardedLookup(options.allowLoopback),
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
    req.on('error', (err) => done({ ok: false, error: err.message }));
    req.end(body);
  });
}
