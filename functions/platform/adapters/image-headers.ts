/**
 * What an uploaded image's first bytes and headers say, without decoding it (docs/documents.md): its
 * type, its declared pixel dimensions and whether they are within the limits. No jimp here: the
 * scan's checks use these without carrying jimp and its two copies of zod 3 (docs/performance.md);
 * ./images.ts (thumbnails) re-exports them.
 */
import { IMAGE_PIXEL_LIMITS, imagePixelsProblem, type PixelLimits } from '../../../shared/domain/images.js';

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
