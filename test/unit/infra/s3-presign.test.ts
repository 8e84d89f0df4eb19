/**
 * The local S3 stand-in checks presigned PUTs as S3 does (s3rver accepts any V4 signature): a URL
 * made by the SDK's presigner passes; moved to another key, re-typed, re-sized, re-dated or expired,
 * it is refused (docs/architecture.md: presigned PUTs reach incoming/ only, locally too).
 */
import { describe, expect, it } from 'vitest';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkPresignedRequest } from '../../../infra/local/s3-presign';

const s3 = new S3Client({
  endpoint: 'http://127.0.0.1:4503',
  region: 'ap-southeast-2',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

async function presigned(key = 'incoming/1000001/0b7f4c2e-9d1a-4c1e-8f00-123456789abc') {
  const url = await getSignedUrl(
    s3,
    new PutObjectCommand({
      Bucket: 'uploads',
      Key: key,
      ContentType: 'application/pdf',
      ContentLength: 7000,
    }),
    { expiresIn: 900, signableHeaders: new Set(['content-type', 'content-length']) },
  );
  const u = new URL(url);
  return { path: `${u.pathname}${u.search}`, host: u.host };
}

const headers = (host: string, over: Record<string, string> = {}) => ({
  host,
  'content-type': 'application/pdf',
  'content-length': '7000',
  ...over,
});

describe('checkPresignedRequest', () => {
  it("accepts the SDK presigner's PUT as sent, including a key with spaces and brackets", async () => {
    const a = await presigned();
    expect(checkPresignedRequest('PUT', a.path, headers(a.host))).toEqual({ ok: true });
    const b = await presigned('incoming/a1/Site Plan (rev 2)+x.pdf');
    expect(checkPresignedRequest('PUT', b.path, headers(b.host))).toEqual({ ok: true });
  });

  it('refuses the URL moved to another key (the summary PDF), another type, size, host or method', async () => {
    const a = await presigned();
    const moved = a.path.replace(/incoming\/1000001\/[^?]+/, 'generated/1000001/summary-1000001.pdf');
    expect(checkPresignedRequest('PUT', moved, headers(a.host))).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(
      checkPresignedRequest('PUT', a.path, headers(a.host, { 'content-type': 'text/html' })),
    ).toMatchObject({ ok: false });
    expect(checkPresignedRequest('PUT', a.path, headers(a.host, { 'content-length': '7001' }))).toMatchObject(
      { ok: false },
    );
    expect(checkPresignedRequest('PUT', a.path, headers('127.0.0.1:9999'))).toMatchObject({ ok: false });
    expect(checkPresignedRequest('POST', a.path, headers(a.host))).toMatchObject({ ok: false });
    const longer = a.path.replace('X-Amz-Expires=900', 'X-Amz-Expires=86400');
    expect(checkPresignedRequest('PUT', longer, headers(a.host))).toMatchObject({ ok: false });
  });

  it('refuses an expired URL, and leaves requests that are not presigned to s3rver', async () => {
    const a = await presigned();
    expect(checkPresignedRequest('PUT', a.path, headers(a.host), Date.now() + 901_000)).toMatchObject({
      ok: false,
      code: 'AccessDenied',
    });
    expect(checkPresignedRequest('PUT', '/uploads/incoming/1/x', headers(a.host))).toBeUndefined();
  });
});
