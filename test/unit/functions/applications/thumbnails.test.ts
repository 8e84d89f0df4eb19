/**
 * Template thumbnails (docs/documents.md): the pixel rule (shared/domain/images.ts) and its check on
 * the header before jimp decodes (functions/platform/adapters/images.ts), and the presigned upload
 * service (functions/applications/service/thumbnails.ts) over fake ports. Image bombs are built
 * here: a few hundred bytes that declare 60000×60000 pixels (14.4 GB of RGBA once decoded).
 */
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assertDecodable,
  imageDimensions,
  InvalidImage,
  Jimp,
  makeThumbnail,
} from '../../../../functions/platform/adapters/images';
import { thumbnailsService } from '../../../../functions/applications/service/thumbnails';
import { Invalid } from '../../../../functions/platform/errors';
import {
  IMAGE_PIXEL_LIMITS,
  imagePixelsProblem,
  THUMBNAIL_PIXEL_LIMITS,
} from '../../../../shared/domain/images';
import {
  isThumbnailUploadKey,
  THUMBNAIL_MESSAGE,
  THUMBNAIL_UPLOAD_NOT_FOUND,
  thumbnailUploader,
} from '../../../../shared/domain/applications';
import { ThumbnailUploadRequest } from '../../../../shared/schemas/thumbnail-uploads';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const chunk = (type: string, data: Buffer) =>
  Buffer.concat([u32(data.length), Buffer.from(type), data, u32(0)]);

/** A PNG that declares width × height (RGBA) with one compressed megabyte of zero rows. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, 6, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header (SOI, SOF0 of 3 components) declaring width × height, then EOI. */
function jpegDeclaring(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3]);
  const components = Buffer.from([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, components, Buffer.from([0xff, 0xd9])]);
}

/** A GIF whose logical screen is 10×10 but whose first frame declares width × height. */
function gifFrameDeclaring(width: number, height: number): Buffer {
  const le = (n: number) => [n & 255, n >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...le(10),
    ...le(10),
    0,
    0,
    0,
    0x2c,
    ...le(0),
    ...le(0),
    ...le(width),
    ...le(height),
    0,
    2,
    2,
    0x4c,
    0x01,
    0,
    0x3b,
  ]);
}

afterEach(() => vi.restoreAllMocks());

describe('the pixel rule (shared/domain/images.ts)', () => {
  it('takes up to 40 megapixels and 20000 pixels a side; refuses more, and unreadable sizes', () => {
    expect(IMAGE_PIXEL_LIMITS).toEqual({ maxPixels: 40_000_000, maxSide: 20_000 });
    expect(imagePixelsProblem(8000, 5000)).toBeUndefined();
    expect(imagePixelsProblem(20_000, 2000)).toBeUndefined();
    expect(imagePixelsProblem(8000, 5001)).toBe(
      'Image must be at most 40000000 pixels and 20000 pixels a side (this one is 8000 × 5001)',
    );
    expect(imagePixelsProblem(20_001, 1)).toMatch(/this one is 20001 × 1/);
    expect(imagePixelsProblem(60_000, 60_000)).toMatch(/this one is 60000 × 60000/);
    for (const [w, h] of [
      [0, 10],
      [10, -1],
      [1.5, 2],
      [Number.NaN, 1],
    ] as const)
      expect(imagePixelsProblem(w, h)).toBe('Image dimensions cannot be read');
    expect(imagePixelsProblem(300, 300, { maxPixels: 1000, maxSide: 500 })).toMatch(/at most 1000 pixels/);
  });
});

describe('pixel limits before decoding (functions/platform/adapters/images.ts)', () => {
  it('reads the dimensions from the header of PNG, JPEG and GIF (the first frame counts)', () => {
    expect(imageDimensions(pngDeclaring(60_000, 60_000))).toEqual({ width: 60_000, height: 60_000 });
    expect(imageDimensions(jpegDeclaring(40_000, 30_000))).toEqual({ width: 40_000, height: 30_000 });
    expect(imageDimensions(gifFrameDeclaring(65_535, 65_535))).toEqual({ width: 65_535, height: 65_535 });
    expect(imageDimensions(Buffer.from('%PDF-1.7'))).toBeUndefined();
  });

  it('reads real encoder output; a second declaration cannot hide behind a small first one', async () => {
    const image = new Jimp({ width: 64, height: 48, color: 0x336699ff });
    for (const mime of ['image/jpeg', 'image/png', 'image/gif'] as const)
      expect(imageDimensions(await image.getBuffer(mime))).toEqual({ width: 64, height: 48 });
    const small = pngDeclaring(10, 10);
    const ihdr = Buffer.concat([u32(60_000), u32(60_000), Buffer.from([8, 6, 0, 0, 0])]);
    const twoHeaders = Buffer.concat([small.subarray(0, 33), chunk('IHDR', ihdr), small.subarray(33)]);
    expect(imageDimensions(twoHeaders)).toEqual({ width: 60_000, height: 60_000 });
    const jpeg = jpegDeclaring(10, 10);
    const twoFrames = Buffer.concat([jpeg.subarray(0, -2), jpegDeclaring(60_000, 50_000).subarray(2)]);
    expect(imageDimensions(twoFrames)).toEqual({ width: 60_000, height: 50_000 });
  });

  it('a tiny PNG declaring 60000×60000 is refused with the reason, and jimp never decodes it', async () => {
    const bomb = pngDeclaring(60_000, 60_000);
    expect(bomb.length).toBeLessThan(2048);
    const read = vi.spyOn(Jimp, 'fromBuffer');
    const started = performance.now();
    await expect(makeThumbnail(bomb)).rejects.toThrow(
      new InvalidImage(
        'Image must be at most 16000000 pixels and 20000 pixels a side (this one is 60000 × 60000)',
      ),
    );
    expect(performance.now() - started).toBeLessThan(100);
    expect(read).not.toHaveBeenCalled();
  });

  it('JPEG and GIF bombs are refused the same way; a header that cannot be read is too', async () => {
    const read = vi.spyOn(Jimp, 'fromBuffer');
    await expect(makeThumbnail(jpegDeclaring(65_000, 65_000))).rejects.toThrow(/this one is 65000 × 65000/);
    await expect(makeThumbnail(gifFrameDeclaring(65_535, 65_535))).rejects.toThrow(
      /this one is 65535 × 65535/,
    );
    await expect(makeThumbnail(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 2]))).rejects.toThrow(
      'Image dimensions cannot be read',
    );
    expect(read).not.toHaveBeenCalled();
    // Thumbnails take at most 16 MP (what the 1024 MB Lambda decodes safely); the general rule 40 MP.
    expect(THUMBNAIL_PIXEL_LIMITS).toEqual({ maxPixels: 16_000_000, maxSide: 20_000 });
    expect(() => assertDecodable(pngDeclaring(5000, 3300))).not.toThrow();
    await expect(makeThumbnail(pngDeclaring(5000, 3300))).rejects.toThrow(
      'Image must be at most 16000000 pixels and 20000 pixels a side (this one is 5000 × 3300)',
    );
    expect(read).not.toHaveBeenCalled();
    expect(() => assertDecodable(pngDeclaring(100, 100))).not.toThrow();
    expect(() => assertDecodable(pngDeclaring(100, 100), { maxPixels: 9999, maxSide: 100 })).toThrow(
      InvalidImage,
    );
  });

  it('an image within the limits is still decoded and scaled', async () => {
    const png = await new Jimp({ width: 1000, height: 300, color: 0x336699ff }).getBuffer('image/png');
    const out = await makeThumbnail(png);
    expect([out.width, out.height]).toEqual([250, 75]);
  });
});

describe('presigned thumbnail uploads (functions/applications/service/thumbnails.ts)', () => {
  const caller = { kind: 'user' as const, userId: 'ann-sub', email: 'ann@example.nz' };
  function world() {
    const objects = new Map<string, Uint8Array>();
    const presigned: unknown[] = [];
    const removed: string[] = [];
    const reads: string[] = [];
    const scaled: number[] = [];
    const service = thumbnailsService({
      uploads: {
        presign: async (key, options) => {
          presigned.push({ key, ...options });
          return `https://uploads.example/${key}`;
        },
        size: async (key) => objects.get(key)?.length,
        read: async (key, max) => {
          reads.push(key);
          return objects.get(key)?.subarray(0, max + 1);
        },
        remove: async (key) => {
          removed.push(key);
          objects.delete(key);
        },
      },
      images: {
        thumbnail: async (bytes) => {
          scaled.push(bytes.length);
          try {
            return { jpeg: (await makeThumbnail(bytes)).jpeg };
          } catch (err) {
            return { refused: (err as Error).message };
          }
        },
      },
      newUploadId: () => '0f0e0d0c-0b0a-4908-8706-050403020100',
      now: () => new Date('2026-03-04T05:06:07.000Z'),
    });
    return { objects, presigned, removed, reads, scaled, service };
  }
  const issues = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Invalid);
    return (err as Invalid).details;
  };

  it("presigns a PUT to the caller's own thumbnails/ key with the type and exact length, for 15 minutes", async () => {
    const w = world();
    const body = ThumbnailUploadRequest.parse({ contentType: 'image/png', contentLength: 26214400 });
    const res = await w.service.presign(caller, body);
    expect(res).toEqual({
      key: 'thumbnails/ann-sub/0f0e0d0c-0b0a-4908-8706-050403020100',
      presignedUrl: 'https://uploads.example/thumbnails/ann-sub/0f0e0d0c-0b0a-4908-8706-050403020100',
      expiresAt: '2026-03-04T05:21:07.000Z',
    });
    expect(w.presigned).toEqual([
      { key: res.key, contentType: 'image/png', contentLength: 26214400, expiresIn: 900 },
    ]);
    expect(isThumbnailUploadKey(res.key)).toBe(true);
    expect(thumbnailUploader(res.key)).toBe('ann-sub');
  });

  it("the spec's limits are checked when presigning: JPG/PNG/GIF, 1 to 26214400 bytes", () => {
    const reasons = (body: unknown) => {
      const r = ThumbnailUploadRequest.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(reasons({ contentType: 'image/jpeg', contentLength: 1 })).toEqual([]);
    expect(reasons({ contentType: 'image/gif', contentLength: 26214401 })).toEqual([
      `contentLength: ${THUMBNAIL_MESSAGE}`,
    ]);
    expect(reasons({ contentType: 'image/tiff', contentLength: 10 })).toEqual([
      `contentType: ${THUMBNAIL_MESSAGE}`,
    ]);
    expect(reasons({ contentType: 'image/png', contentLength: 0 })).toEqual([
      `contentLength: ${THUMBNAIL_MESSAGE}`,
    ]);
    expect(reasons({ contentType: 'image/png', contentLength: 10, key: 'x' })).toHaveLength(1);
  });

  it("scales the caller's upload; someone else's key or a missing object is refused, nothing read or removed", async () => {
    const w = world();
    const mine = 'thumbnails/ann-sub/0f0e0d0c-0b0a-4908-8706-050403020100';
    const theirs = 'thumbnails/bob-sub/0f0e0d0c-0b0a-4908-8706-050403020100';
    const png = await new Jimp({ width: 500, height: 500, color: 0xff0000ff }).getBuffer('image/png');
    w.objects.set(mine, png);
    w.objects.set(theirs, png);
    const jpeg = await w.service.scale(caller, mine);
    expect(imageDimensions(jpeg)).toEqual({ width: 150, height: 150 });
    for (const key of [theirs, 'thumbnails/ann-sub/11111111-1111-4111-8111-111111111111'])
      expect(await issues(w.service.scale(caller, key))).toEqual([
        { field: 'body.templateThumbnail', reason: THUMBNAIL_UPLOAD_NOT_FOUND },
      ]);
    expect(w.reads).toEqual([mine]);
    expect(w.removed).toEqual([]);
    expect(w.objects.has(theirs)).toBe(true);
    await w.service.discard(mine);
    expect(w.objects.has(mine)).toBe(false);
  });

  it('an image bomb is refused with the pixel reason before decoding, and its upload removed', async () => {
    const w = world();
    const key = 'thumbnails/ann-sub/0f0e0d0c-0b0a-4908-8706-050403020100';
    w.objects.set(key, pngDeclaring(60_000, 60_000));
    const read = vi.spyOn(Jimp, 'fromBuffer');
    expect(await issues(w.service.scale(caller, key))).toEqual([
      {
        field: 'body.templateThumbnail',
        reason: 'Image must be at most 16000000 pixels and 20000 pixels a side (this one is 60000 × 60000)',
      },
    ]);
    expect(read).not.toHaveBeenCalled();
    expect(w.removed).toEqual([key]);
  });

  it('an object over 26214400 bytes is refused by its HeadObject size alone: nothing read', async () => {
    const w = world();
    const key = 'thumbnails/ann-sub/0f0e0d0c-0b0a-4908-8706-050403020100';
    w.objects.set(key, new Uint8Array(26214401));
    expect(await issues(w.service.scale(caller, key))).toEqual([
      { field: 'body.templateThumbnail', reason: THUMBNAIL_MESSAGE },
    ]);
    expect(w.reads).toEqual([]);
    expect(w.scaled).toEqual([]);
    expect(w.removed).toEqual([key]);
  });
});
