/**
 * Template thumbnails by presigned upload and the body limits (docs/documents.md), on a local stack:
 * presign → PUT → CreateTemplate naming the key → the thumbnail shown, the upload removed; another
 * user's key refused; an image bomb refused with 400 before decoding; the spec's limits checked
 * when presigning; a body over API Gateway's 10 MB answered 413 with the error body by the
 * gateway, and create/patch back at the 64 KB default.
 */
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { Jimp } from '../../functions/platform/adapters/images.js';
import { THUMBNAIL_MESSAGE, THUMBNAIL_UPLOAD_NOT_FOUND } from '../../shared/domain/applications';
import type { CreateApplicationResponse, GetApplicationResponse } from '../../shared/schemas/applications';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { uploadThumbnail } from '../support/thumbnails';

const o = readOutputs();
process.env.AWS_REGION = o.Region;
process.env.AWS_ENDPOINT_URL_S3 = String(o.S3Endpoint);
process.env.S3_FORCE_PATH_STYLE = 'true';
process.env.UPLOADS_BUCKET = o.UploadsBucket;
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
const { uploadSize } = await import('../../functions/platform/adapters/aws/uploads');

const demo = (email: string) => o.DemoUsers.find((d) => d.email === email)!;
let owner: string;
let other: string;
let source: string;

const site = { address1: '7 Thumbnail Lane', city: 'Auckland', zipCode: '1010', country: 'NZ' };
type ErrorBody = { code: string; message: string; details?: { field: string; reason: string }[] };

const createTemplate = (token: string, body: Record<string, unknown>) =>
  api(
    'POST',
    '/user/applications',
    { operationName: 'CreateTemplate', applicationId: source, templateName: 'Thumbnail template', ...body },
    { token },
  );

/** A PNG of a few KB declaring 60000×60000 RGBA pixels (14.4 GB once decoded). */
function pngBomb(): Buffer {
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const chunk = (type: string, data: Buffer) =>
    Buffer.concat([u32(data.length), Buffer.from(type), data, u32(0)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.concat([u32(60_000), u32(60_000), Buffer.from([8, 6, 0, 0, 0])])),
    chunk('IDAT', deflateSync(Buffer.alloc(4 * 1024 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  const [a, b] = await Promise.all([
    signIn('applicant@demo.consent.nz', demo('applicant@demo.consent.nz').password, o),
    signIn('agent@demo.consent.nz', demo('agent@demo.consent.nz').password, o),
  ]);
  owner = a.IdToken;
  other = b.IdToken;
  const created = await api(
    'POST',
    '/user/applications',
    { operationName: 'Create', authorityId: 'akl', formId: 'bc', address: site },
    { token: owner },
  );
  expect(created.status).toBe(201);
  source = (created.body as CreateApplicationResponse).id;
});

describe('presigned thumbnail uploads', () => {
  test('presign → PUT → CreateTemplate with the key: the thumbnail is shown scaled, and the upload is gone', async () => {
    const png = await new Jimp({ width: 1200, height: 900, color: 0x228844ff }).getBuffer('image/png');
    const key = await uploadThumbnail(owner, png);
    expect(key).toMatch(/^thumbnails\/[^/]+\/[0-9a-f-]{36}$/);
    expect(await uploadSize(key)).toBe(png.length);
    const res = await createTemplate(owner, { templateThumbnail: key, templateThumbnailName: 'garden.png' });
    expect(res.status).toBe(201);
    const id = (res.body as CreateApplicationResponse).id;
    const read = await api('GET', `/user/applications/${id}`, undefined, { token: owner });
    const template = (read.body as GetApplicationResponse).template!;
    expect(template.thumbnail!.name).toBe('garden.png');
    const jpeg = Buffer.from(template.thumbnail!.image.replace('data:image/jpeg;base64,', ''), 'base64');
    const thumb = await Jimp.read(jpeg);
    expect([thumb.width, thumb.height]).toEqual([200, 150]);
    expect(await uploadSize(key)).toBeUndefined();

    // PATCH of the template takes a new upload the same way; the used key is no longer there.
    const gif = await new Jimp({ width: 100, height: 400, color: 0xaa0000ff }).getBuffer('image/gif');
    const second = await uploadThumbnail(owner, gif, 'image/gif');
    const etag = (read.body as GetApplicationResponse).application.etag;
    const patched = await api(
      'PATCH',
      `/user/applications/${id}`,
      { etag, templateThumbnail: second },
      { token: owner },
    );
    expect(patched.status).toBe(200);
    const image = (patched.body as GetApplicationResponse).template!.thumbnail!.image;
    const again = await Jimp.read(Buffer.from(image.split(',')[1]!, 'base64'));
    expect([again.width, again.height]).toEqual([38, 150]);
    const reused = await createTemplate(owner, { templateThumbnail: key });
    expect(reused.status).toBe(400);
    expect((reused.body as ErrorBody).details).toEqual([
      { field: 'body.templateThumbnail', reason: THUMBNAIL_UPLOAD_NOT_FOUND },
    ]);
  });

  test("someone else's upload key is refused with 400; their upload stays", async () => {
    const png = await new Jimp({ width: 40, height: 40, color: 0x000000ff }).getBuffer('image/png');
    const theirs = await uploadThumbnail(other, png);
    const res = await createTemplate(owner, { templateThumbnail: theirs });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).details).toEqual([
      { field: 'body.templateThumbnail', reason: THUMBNAIL_UPLOAD_NOT_FOUND },
    ]);
    expect(await uploadSize(theirs)).toBe(png.length);
    // A data URL is not a key: the schema refuses it before anything runs.
    const dataUrl = await createTemplate(owner, {
      templateThumbnail: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(dataUrl.status).toBe(400);
    expect((dataUrl.body as ErrorBody).details![0]!.field).toBe('body.templateThumbnail');
  });

  test('an image bomb (60000×60000 declared in a few KB) is refused with 400 before decoding; the upload is removed', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(10_000);
    const key = await uploadThumbnail(owner, bomb);
    const started = performance.now();
    const res = await createTemplate(owner, { templateThumbnail: key });
    const ms = performance.now() - started;
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'ClientError',
      message: 'Image must be at most 16000000 pixels and 20000 pixels a side (this one is 60000 × 60000)',
      details: [
        {
          field: 'body.templateThumbnail',
          reason: 'Image must be at most 16000000 pixels and 20000 pixels a side (this one is 60000 × 60000)',
        },
      ],
    });
    expect(ms).toBeLessThan(2000);
    expect(await uploadSize(key)).toBeUndefined();
  });

  test("the spec's limits are checked when presigning: type JPG/PNG/GIF, at most 26214400 bytes", async () => {
    const presign = (body: unknown) => api('POST', '/user/thumbnail-uploads', body, { token: owner });
    const tooBig = await presign({ contentType: 'image/png', contentLength: 26214401 });
    expect(tooBig.status).toBe(400);
    expect((tooBig.body as ErrorBody).details).toEqual([
      { field: 'body.contentLength', reason: THUMBNAIL_MESSAGE },
    ]);
    const tiff = await presign({ contentType: 'image/tiff', contentLength: 100 });
    expect((tiff.body as ErrorBody).details).toEqual([
      { field: 'body.contentType', reason: THUMBNAIL_MESSAGE },
    ]);
    const atLimit = await presign({ contentType: 'image/jpeg', contentLength: 26214400 });
    expect(atLimit.status).toBe(201);
    expect(
      (await api('POST', '/user/thumbnail-uploads', { contentType: 'image/png', contentLength: 1 })).status,
    ).toBe(401);
  });
});

describe('body limits', () => {
  test('a body over API Gateway’s 10 MB is answered 413 with the error body by the gateway, signed in or not', async () => {
    const body = JSON.stringify({ operationName: 'Create', padding: 'x'.repeat(11 * 1024 * 1024) });
    for (const token of [owner, undefined]) {
      const res = await fetch(`${o.ApiUrl}/user/applications`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        code: 'ClientError',
        message: 'Request body is too large',
        details: [{ field: 'body', reason: 'Must be at most 10485760 bytes' }],
      });
    }
  });

  test('create and patch take the 64 KB default now that thumbnails are uploads', async () => {
    const res = await api(
      'POST',
      '/user/applications',
      {
        operationName: 'CreateTemplate',
        applicationId: source,
        templateName: 'x',
        padding: 'x'.repeat(70_000),
      },
      { token: owner },
    );
    expect(res.status).toBe(413);
    expect((res.body as ErrorBody).details).toEqual([
      { field: 'body', reason: 'Must be at most 65536 bytes' },
    ]);
  });
});
