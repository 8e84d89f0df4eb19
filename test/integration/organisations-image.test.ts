/**
 * The organisation's image through the local API (docs/organisations.md, Profile):
 * POST /user/organisation/image-uploads → PUT to the presigned URL → PATCH /user/organisation naming
 * the key → GET members shows it (a JPEG data URL, scaled to fit 250 x 150) and the upload is gone;
 * a file that is not an image, or is too large to presign, is refused with 400 naming the field and
 * changes nothing; null removes the image.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Jimp } from '../../functions/platform/adapters/images.js';
import { ORGANISATION_IMAGE_MESSAGE } from '../../shared/domain/organisations';
import type { OrganisationMembersResponse } from '../../shared/schemas/organisations';
import { readOutputs } from '../support/outputs';
import { api, registeredUser } from '../support/accounts';
import { uploadThumbnail } from '../support/thumbnails';

const o = readOutputs();
process.env.AWS_REGION = o.Region;
process.env.AWS_ENDPOINT_URL_S3 = String(o.S3Endpoint);
process.env.S3_FORCE_PATH_STYLE = 'true';
process.env.UPLOADS_BUCKET = o.UploadsBucket;
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
const { uploadSize } = await import('../../functions/platform/adapters/aws/uploads');

type Person = Awaited<ReturnType<typeof registeredUser>>;
type ErrorBody = { code: string; message: string; details?: { field: string; reason: string }[] };
let admin: Person;
const as = (p: Person) => ({ token: p.token, outputs: o });
const upload = (bytes: Uint8Array, type: 'image/png' | 'image/jpeg' = 'image/png') =>
  uploadThumbnail(admin.token, bytes, type, '/user/organisation/image-uploads');
const profile = async () => {
  const res = await api('GET', '/user/organisation/members', undefined, as(admin));
  expect(res.status).toBe(200);
  return (res.body as OrganisationMembersResponse).organisation;
};

beforeAll(async () => {
  admin = await registeredUser('org-image', o);
}, 120_000);

describe('the organisation image', () => {
  test('a PNG uploaded through the presigned flow is scaled, stored and shown; the upload removed; null removes it', async () => {
    const png = await new Jimp({ width: 800, height: 600, color: 0x2255aaff }).getBuffer('image/png');
    const key = await upload(png);
    expect(key).toMatch(new RegExp(`^organisation-images/${admin.sub}/`));
    const res = await api(
      'PATCH',
      '/user/organisation',
      { displayName: 'Totara Studio', image: key },
      as(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const shown = await profile();
    expect(shown).toMatchObject({ displayName: 'Totara Studio' });
    expect(shown.image).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = await Jimp.fromBuffer(Buffer.from(shown.image!.split(',')[1]!, 'base64'));
    expect([jpeg.width, jpeg.height]).toEqual([200, 150]);
    expect(await uploadSize(key)).toBeUndefined();

    const removed = await api(
      'PATCH',
      '/user/organisation',
      { displayName: 'Totara Studio', image: null },
      as(admin),
    );
    expect(removed.status).toBe(200);
    expect((await profile()).image).toBeUndefined();
  });

  test('a file that is not an image is refused with 400 on body.image and changes nothing', async () => {
    const before = await profile();
    const key = await upload(new TextEncoder().encode('this is not a picture at all'));
    const res = await api(
      'PATCH',
      '/user/organisation',
      { displayName: 'Renamed Studio', image: key },
      as(admin),
    );
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).details).toEqual([
      { field: 'body.image', reason: ORGANISATION_IMAGE_MESSAGE },
    ]);
    expect(await profile()).toEqual(before);
  });

  test('an image over 26214400 bytes is refused when presigning, naming the field', async () => {
    const res = await api(
      'POST',
      '/user/organisation/image-uploads',
      { contentType: 'image/png', contentLength: 26214401 },
      as(admin),
    );
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).details).toEqual([
      { field: 'body.contentLength', reason: ORGANISATION_IMAGE_MESSAGE },
    ]);
  });
});
