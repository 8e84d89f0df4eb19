/**
 * The organisation's image (docs/organisations.md, Profile): PATCH
 * /user/organisation with the key of the caller's upload takes it through the shared uploaded-images
 * service (functions/platform/uploaded-images.ts) with the organisation's prefix, field and
 * messages; the real jimp port scales it. Uploads are an in-memory bucket.
 */
import { describe, expect, it } from 'vitest';
import { Jimp, thumbnailPort } from '../../../../functions/platform/adapters/images.js';
import { Invalid } from '../../../../functions/platform/errors.js';
import { profileRules } from '../../../../functions/organisations/service/profile.js';
import {
  ORGANISATION_IMAGE_MESSAGE,
  ORGANISATION_IMAGE_UPLOAD_NOT_FOUND,
} from '../../../../shared/domain/organisations.js';
import { OrganisationUpdateRequest } from '../../../../shared/schemas/organisations.js';
import { as, world } from './world.js';

const UPLOAD = '0b6c6a52-7a5e-4f43-9a53-3a4a4f8e2d11';
const caller = (userId: string) => ({ kind: 'user', userId }) as const;

function setup() {
  const w = world();
  w.organisation('o', [
    ['ann', 'Admin'],
    ['bob', 'Normal'],
  ]);
  const bucket = new Map<string, Uint8Array>();
  const presigned: { key: string; contentType: string; contentLength: number }[] = [];
  const profile = profileRules(w.ports, {
    uploads: {
      presign: async (key, o) => {
        presigned.push({ key, contentType: o.contentType, contentLength: o.contentLength });
        return `https://uploads.example/${key}`;
      },
      size: async (key) => bucket.get(key)?.length,
      read: async (key, max) => bucket.get(key)?.subarray(0, max + 1),
      remove: async (key) => void bucket.delete(key),
    },
    images: thumbnailPort(ORGANISATION_IMAGE_MESSAGE),
    newUploadId: () => UPLOAD,
  });
  const key = `organisation-images/ann/${UPLOAD}`;
  return { w, bucket, presigned, profile, key };
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Invalid);
  return (err as Invalid).details;
};

describe('the organisation image', () => {
  it("presigns a PUT to the caller's own organisation-images/ key", async () => {
    const { profile, presigned, key } = setup();
    const out = await profile.presignImage(caller('ann'), { contentType: 'image/png', contentLength: 1234 });
    expect(out.key).toBe(key);
    expect(presigned).toEqual([{ key, contentType: 'image/png', contentLength: 1234 }]);
  });

  it('an uploaded PNG is scaled to fit 250 x 150, stored as a JPEG and shown; the upload is removed', async () => {
    const { w, bucket, profile, key } = setup();
    bucket.set(key, await new Jimp({ width: 1000, height: 300, color: 0x336699ff }).getBuffer('image/png'));
    const body = OrganisationUpdateRequest.parse({ displayName: 'Ann Design', image: key });
    const org = await profile.updateProfile(as('o', 'ann'), caller('ann'), body);
    expect(org.image).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = await Jimp.fromBuffer(Buffer.from(org.image!.split(',')[1]!, 'base64'));
    expect([jpeg.width, jpeg.height]).toEqual([250, 75]);
    expect(w.orgs.get('o')!.image).toBe(org.image);
    expect(bucket.has(key)).toBe(false);

    // A change without `image` keeps it; null removes it.
    const renamed = await profile.updateProfile(as('o', 'ann'), caller('ann'), { displayName: 'Ann Studio' });
    expect(renamed.image).toBe(org.image);
    const removed = await profile.updateProfile(as('o', 'ann'), caller('ann'), {
      displayName: 'Ann Studio',
      image: null,
    });
    expect(removed.image).toBeUndefined();
    expect(w.orgs.get('o')!.image).toBeUndefined();
  });

  it('a file that is not an image is refused on body.image, changes nothing and its upload is removed', async () => {
    const { w, bucket, profile, key } = setup();
    bucket.set(key, new TextEncoder().encode('%PDF-1.7 not an image'));
    const details = await refusal(
      profile.updateProfile(as('o', 'ann'), caller('ann'), { displayName: 'Renamed', image: key }),
    );
    expect(details).toEqual([{ field: 'body.image', reason: ORGANISATION_IMAGE_MESSAGE }]);
    expect(w.orgs.get('o')!.displayName).not.toBe('Renamed');
    expect(bucket.has(key)).toBe(false);
  });

  it("another user's upload key, or one with no object, is refused as not found", async () => {
    const { bucket, profile, key } = setup();
    bucket.set(key, await new Jimp({ width: 10, height: 10, color: 0xffffffff }).getBuffer('image/png'));
    expect(
      await refusal(profile.updateProfile(as('o', 'bob'), caller('bob'), { displayName: 'X', image: key })),
    ).toEqual([{ field: 'body.image', reason: ORGANISATION_IMAGE_UPLOAD_NOT_FOUND }]);
    bucket.clear();
    expect(
      await refusal(profile.updateProfile(as('o', 'ann'), caller('ann'), { displayName: 'X', image: key })),
    ).toEqual([{ field: 'body.image', reason: ORGANISATION_IMAGE_UPLOAD_NOT_FOUND }]);
  });

  it('the request schema takes an organisation-images/ key or null, nothing else (a URL, a thumbnail key)', () => {
    const ok = (image: unknown) =>
      OrganisationUpdateRequest.safeParse({ displayName: 'Ann Design', image }).success;
    expect(ok(`organisation-images/ann/${UPLOAD}`)).toBe(true);
    expect(ok(null)).toBe(true);
    expect(ok('https://example.com/logo.png')).toBe(false);
    expect(ok(`thumbnails/ann/${UPLOAD}`)).toBe(false);
  });
});
