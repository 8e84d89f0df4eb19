/**
 * Template thumbnails (portal-core §5, §9): a JPG/JPEG/PNG/GIF of at most 26214400 bytes, uploaded
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
import { imageSize } from 'image-size';
import { TEMPLATE_THUMBNAIL, THUMBNAIL_MESSAGE } from '../../../shared/domain/applications.js';
import { IMAGE_PIXEL_LIMITS, imagePixelsProblem, type PixelLimits } from '../../../shared/domain/images.js';

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

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[^;,]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a base64 string or base64 data URL; undefined when it is not base64, is empty, or
 * decodes to more than the limit.
 */
export function decodeBase64Image(
  input: string,
  maxBytes: number = TEMPLATE_THUMBNAIL.maxBytes,
): Buffer | undefined {
  const body = input.trim().replace(DATA_URL, '').replace(/\s+/g, '');
  if (body.length === 0 || body.length % 4 === 1 || !BASE64.test(body)) return undefined;
  // Decoded size from the length alone, before allocating the buffer.
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  if (Math.floor((body.length * 3) / 4) - padding > maxBytes) return undefined;
  const bytes = Buffer.from(body, 'base64');
  return bytes.length > 0 && bytes.length <= maxBytes ? bytes : undefined;
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

/**
 * The size of a GIF's first frame (the one the decoder draws), from its image descriptor: a frame
 * may declare more than the logical screen the header gives. Undefined when there is none.
 */
function gifFirstFrame(bytes: Uint8Array): { width: number; height: number } | undefined {
  const u16 = (at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
  const skipSubBlocks = (at: number) => {
    while (at < bytes.length && bytes[at] !== 0) at += (bytes[at] ?? 0) + 1;
    return at + 1;
  };
  const screenFlags = bytes[10] ?? 0;
  let at = 13 + (screenFlags & 0x80 ? 3 * 2 ** ((screenFlags & 7) + 1) : 0);
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x2c) return at + 9 < bytes.length ? { width: u16(at + 5), height: u16(at + 7) } : undefined;
    if (block !== 0x21) return undefined; // the trailer (0x3b) or garbage
    at = skipSubBlocks(at + 2);
  }
  return undefined;
}

/**
 * The pixel dimensions the image's header declares (JPEG SOF, PNG IHDR, GIF screen and first
 * frame), read without decoding; undefined when the header cannot be read.
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return undefined;
  }
  if (size.width === undefined || size.height === undefined) return undefined;
  if (sniffImageType(bytes) !== 'image/gif') return { width: size.width, height: size.height };
  const frame = gifFirstFrame(bytes);
  if (!frame) return undefined;
  return { width: Math.max(size.width, frame.width), height: Math.max(size.height, frame.height) };
}

/**
 * Throws InvalidImage (with the reason) unless the header's dimensions are within the pixel limits:
 * call it before handing bytes to any decoder (jimp, a PDF embedder).
 */
export function assertDecodable(bytes: Uint8Array, limits: PixelLimits = IMAGE_PIXEL_LIMITS): void {
  const size = imageDimensions(bytes);
  const problem = size ? imagePixelsProblem(size.width, size.height, limits) : 'Image dimensions cannot be read';
  if (problem) throw new InvalidImage(problem);
}

/**
 * A thumbnail of the image: scaled to fit 250×150 (smaller images keep their size), transparent
 * parts on white, encoded as JPEG quality 90. Throws InvalidImage when it is not a JPG, PNG or GIF
 * within the size limit, or cannot be decoded.
 */
export async function makeThumbnail(
  input: string | Uint8Array,
): Promise<{ jpeg: Buffer; width: number; height: number }> {
  const bytes = typeof input === 'string' ? decodeBase64Image(input) : Buffer.from(input);
  if (!bytes || bytes.length > TEMPLATE_THUMBNAIL.maxBytes || !sniffImageType(bytes))
    throw new InvalidImage(THUMBNAIL_MESSAGE);
  assertDecodable(bytes);
  let image;
  try {
    image = await Jimp.read(bytes);
  } catch {
    throw new InvalidImage(THUMBNAIL_MESSAGE);
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
