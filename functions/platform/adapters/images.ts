/**
 * Template thumbnails (docs/documents.md): a JPG/JPEG/PNG/GIF of at most 26214400 bytes, uploaded
 * with a presigned PUT (functions/applications/thumbnails.ts), scaled on the server to fit 250×150
 * and stored as a JPEG of quality 90. Pure JavaScript (jimp), so the Lambda bundle needs no native
 * code. Every image's pixel dimensions are read from its header and checked
 * (shared/domain/images.ts) before a decoder runs: {@link assertDecodable}, for any later decoding
 * (JPEG/PNG → PDF) as well.
 */
import { createJimp } from '@jimp/core';
import gif from '@jimp/js-gif';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { methods as resize } from '@jimp/plugin-resize';
import { TEMPLATE_THUMBNAIL, THUMBNAIL_MESSAGE } from '../../../shared/domain/applications.js';
import {
  IMAGE_PIXEL_LIMITS,
  imagePixelsProblem,
  THUMBNAIL_PIXEL_LIMITS,
  type PixelLimits,
} from '../../../shared/domain/images.js';

/** Only the three formats and the one plugin a thumbnail needs: the full jimp (fonts, every plugin) tripled the bundle. */
export const Jimp = createJimp({ formats: [jpeg, png, gif], plugins: [resize] });

export { THUMBNAIL_MESSAGE };

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif';

/** The image type by its first bytes (never by a name or a declared type), or undefined. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return 'image/png';
  if (bytes.length >= 6) {
    const head = Buffer.from(bytes.subarray(0, 6)).toString('latin1');
    if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  }
  return undefined;
}

/** Width and height that fit within the box keeping the aspect ratio (never enlarged). */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export class InvalidImage extends Error {
  override readonly name = 'InvalidImage';
}

type Size = { width: number; height: number };
const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 65536 + u16be(b, at + 2);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);

/** Every IHDR of a PNG (chunk by chunk: a second IHDR must not hide behind a small first one). */
function pngSizes(b: Uint8Array): Size[] | undefined {
  const sizes: Size[] = [];
  let at = 8;
  while (at + 8 <= b.length) {
    const length = u32be(b, at);
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    if (type === 'IHDR') {
      if (length < 8 || at + 16 > b.length) return undefined;
      sizes.push({ width: u32be(b, at + 8), height: u32be(b, at + 12) });
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return sizes;
}

/** The frame marker of each JPEG coding process (SOF0–SOF15 but DHT, JPG and DAC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** Every frame header (SOFn) of a JPEG, walking its segments and skipping entropy-coded data. */
function jpegSizes(b: Uint8Array): Size[] | undefined {
  const sizes: Size[] = [];
  let at = 2;
  while (at + 1 < b.length) {
    if (b[at] !== 0xff) {
      at++; // entropy-coded data after a scan header
      continue;
    }
    const marker = b[at + 1]!;
    // Fill bytes, stuffed 0xFF00 in scan data, restart markers, TEM: no length follows.
    if (marker === 0xff) at++;
    else if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) at += 2;
    else if (marker === 0xd9) break;
    else {
      const length = u16be(b, at + 2);
      if (length < 2 || at + 2 + length > b.length) return undefined;
      if (isSof(marker)) {
        if (length < 7) return undefined;
        sizes.push({ height: u16be(b, at + 5), width: u16be(b, at + 7) });
      }
      at += 2 + length;
    }
  }
  return sizes;
}

/** A GIF's logical screen and its first frame (the one the decoder draws), which may be bigger. */
function gifSizes(b: Uint8Array): Size[] | undefined {
  if (b.length < 13) return undefined;
  const sizes: Size[] = [{ width: u16le(b, 6), height: u16le(b, 8) }];
  const flags = b[10]!;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  while (at < b.length) {
    if (b[at] === 0x2c) {
      if (at + 9 > b.length) return undefined;
      sizes.push({ width: u16le(b, at + 5), height: u16le(b, at + 7) });
      return sizes;
    }
    if (b[at] !== 0x21) break; // the trailer, or not a block
    at += 2;
    while (at < b.length && b[at] !== 0) at += b[at]! + 1;
    at++;
  }
  return undefined;
}

/**
 * The pixel dimensions the image declares, read from its headers without decoding: the largest
 * width and height of every declaration (PNG IHDR chunks, JPEG frame headers, a GIF's screen and
 * first frame), so a small first declaration cannot hide a huge later one. Undefined when it is
 * not a JPG, PNG or GIF or declares no size. (image-size reads only the first declaration, and
 * misses a JPEG whose first segment is not APPn: hence these readers.)
 */
export function imageDimensions(bytes: Uint8Array): Size | undefined {
  const type = sniffImageType(bytes);
  const sizes =
    type === 'image/png'
      ? pngSizes(bytes)
      : type === 'image/jpeg'
        ? jpegSizes(bytes)
        : type === 'image/gif'
          ? gifSizes(bytes)
          : undefined;
  if (!sizes || sizes.length === 0) return undefined;
  return {
    width: Math.max(...sizes.map((x) => x.width)),
    height: Math.max(...sizes.map((x) => x.height)),
  };
}

/**
 * Throws InvalidImage (with the reason) unless the header's dimensions are within the pixel limits:
 * call it before handing bytes to any decoder (jimp, a PDF embedder).
 */
export function assertDecodable(bytes: Uint8Array, limits: PixelLimits = IMAGE_PIXEL_LIMITS): void {
  const size = imageDimensions(bytes);
  const problem = size
    ? imagePixelsProblem(size.width, size.height, limits)
    : 'Image dimensions cannot be read';
  if (problem) throw new InvalidImage(problem);
}

/**
 * A thumbnail of the image: scaled to fit 250×150 (smaller images keep their size), transparent
 * parts on white, encoded as JPEG quality 90. Throws InvalidImage when it is not a JPG, PNG or GIF
 * within the size limit, declares more pixels than the limits (read from its header: refused
 * before jimp decodes anything), or cannot be decoded.
 */
export async function makeThumbnail(
  input: Uint8Array,
  /** The reason given for what is not an image we take (the template thumbnail's by default). */
  message: string = THUMBNAIL_MESSAGE,
): Promise<{ jpeg: Buffer; width: number; height: number }> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length === 0 || bytes.length > TEMPLATE_THUMBNAIL.maxBytes || !sniffImageType(bytes))
    throw new InvalidImage(message);
  assertDecodable(bytes, THUMBNAIL_PIXEL_LIMITS);
  let image;
  try {
    // jpeg-js's own guards as well: the same pixel limit, and its default 512 MB working-memory
    // cap (a JPEG that needs more is refused as undecodable, not an out-of-memory crash).
    // fromBuffer: Jimp.read drops the decoder options for a Buffer.
    image = await Jimp.fromBuffer(bytes, {
      'image/jpeg': { maxResolutionInMP: THUMBNAIL_PIXEL_LIMITS.maxPixels / 1e6, maxMemoryUsageInMB: 512 },
    });
  } catch {
    throw new InvalidImage(message);
  }
  const size = fitWithin(
    image.width,
    image.height,
    TEMPLATE_THUMBNAIL.maxWidth,
    TEMPLATE_THUMBNAIL.maxHeight,
  );
  if (size.width !== image.width || size.height !== image.height)
    image.resize({ w: size.width, h: size.height });
  const canvas = new Jimp({ width: size.width, height: size.height, color: 0xffffffff });
  canvas.composite(image, 0, 0);
  const jpeg = await canvas.getBuffer('image/jpeg', { quality: TEMPLATE_THUMBNAIL.jpegQuality });
  return { jpeg, width: size.width, height: size.height };
}

/**
 * The images port of functions/platform/uploaded-images.ts: {@link makeThumbnail}'s JPEG, or the
 * reason it refuses the image (`message` for what is not an image we take).
 */
export const thumbnailPort = (message: string = THUMBNAIL_MESSAGE) => ({
  thumbnail: async (bytes: Uint8Array): Promise<{ jpeg: Buffer } | { refused: string }> => {
    try {
      return { jpeg: (await makeThumbnail(bytes, message)).jpeg };
    } catch (err) {
      if (err instanceof InvalidImage) return { refused: err.message };
      throw err;
    }
  },
});
