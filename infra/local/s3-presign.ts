/**
 * Signature Version 4 checks of presigned (query-string) requests for the local S3 stand-in.
 * s3rver accepts any V4 signature ("V4 signatures have incomplete support"): locally a presigned
 * PUT could be moved to another key, re-timed or re-typed. Real S3 refuses that; so does this
 * check, for the presigned PUTs the browser sends (docs/security.md: presigned PUTs reach
 * incoming/ only). Header-signed SDK calls and presigned GETs pass through unchanged.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The access keys the local stack signs with (infra/local/index.ts). */
export const localS3Secrets: Readonly<Record<string, string>> = { S3RVER: 'S3RVER' };

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** Parses `YYYYMMDDTHHMMSSZ`. */
function amzDate(v: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(v);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
}

export type PresignCheck =
  { ok: true } | { ok: false; code: 'SignatureDoesNotMatch' | 'AccessDenied'; reason: string };

/**
 * Checks a presigned request: `rawUrl` as it arrived (path and query, still encoded), its method and
 * headers (lower-case names). Undefined when the request is not presigned with SigV4.
 */
export function checkPresignedRequest(
  method: string,
  rawUrl: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  now: number = Date.now(),
  secrets: Readonly<Record<string, string>> = localS3Secrets,
): PresignCheck | undefined {
  const q = rawUrl.indexOf('?');
  const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));
  const provided = params.get('X-Amz-Signature');
  if (params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !provided) return undefined;
  const bad = (reason: string): PresignCheck => ({ ok: false, code: 'SignatureDoesNotMatch', reason });

  const [accessKey, date, region, service, terminator] = (params.get('X-Amz-Credential') ?? '').split('/');
  const secret = accessKey ? secrets[accessKey] : undefined;
  if (!secret || !date || !region || !service || terminator !== 'aws4_request')
    return bad('unknown credential');
  const signedAt = amzDate(params.get('X-Amz-Date') ?? '');
  const expires = Number(params.get('X-Amz-Expires'));
  if (!Number.isFinite(signedAt) || !Number.isInteger(expires) || expires < 1 || expires > 604_800)
    return bad('bad date or expiry');
  if (now > signedAt + expires * 1000)
    return { ok: false, code: 'AccessDenied', reason: 'Request has expired' };

  const signedHeaders = (params.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  if (!signedHeaders.includes('host')) return bad('host not signed');
  const headerValue = (name: string) => {
    const v = headers[name];
    return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ');
  };
  const canonicalQuery = [...params.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  // S3 signs the path encoded once: re-encode each decoded segment as the signer did.
  const canonicalPath = rawPath
    .split('/')
    .map((s) => rfc3986(decodeURIComponent(s)))
    .join('/');
  const canonicalRequest = [
    method.toUpperCase(),
    canonicalPath,
    canonicalQuery,
    signedHeaders.map((h) => `${h}:${headerValue(h)}\n`).join(''),
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', params.get('X-Amz-Date'), scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = Buffer.from(hmac(key, toSign).toString('hex'));
  const given = Buffer.from(provided);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { ok: true }
    : bad('signature does not match');
}

/** The S3 error body for a refused presigned request. */
export const presignErrorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
