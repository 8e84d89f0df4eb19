/**
 * What a JPEG or PNG says about how it is shown, read from its headers without decoding: the EXIF
 * orientation (1–8; JPEG APP1 `Exif`, PNG `eXIf`) and the pixel density (JPEG JFIF, PNG `pHYs`).
 */

const u16 = (b: Uint8Array, at: number, le: boolean) =>
  le ? (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) : ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32 = (b: Uint8Array, at: number, le: boolean) =>
  le ? u16(b, at, true) + u16(b, at + 2, true) * 65536 : u16(b, at, false) * 65536 + u16(b, at + 2, false);

/** The Orientation tag (0x0112) of IFD0 in a TIFF-structured EXIF block; 1 when absent or unreadable. */
function exifOrientation(tiff: Uint8Array): number {
  const order = String.fromCharCode(tiff[0] ?? 0, tiff[1] ?? 0);
  if (order !== 'II' && order !== 'MM') return 1;
  const le = order === 'II';
  const ifd = u32(tiff, 4, le);
  const count = u16(tiff, ifd, le);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    if (u16(tiff, entry, le) === 0x0112) {
      const value = u16(tiff, entry + 8, le);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

export interface ImageLayout {
  /** EXIF orientation, 1 (as stored) to 8. */
  orientation: number;
  /** Dots per inch when the file declares it, else undefined. */
  dpi?: number;
}

/** Segments of a JPEG up to its first scan (where APP0 JFIF and APP1 EXIF live). */
function jpegLayout(b: Uint8Array): ImageLayout {
  const layout: ImageLayout = { orientation: 1 };
  let at = 2;
  while (at + 4 <= b.length && b[at] === 0xff) {
    const marker = b[at + 1]!;
    if (marker === 0xda || marker === 0xd9) break; // start of scan, end of image
    const length = u16(b, at + 2, false);
    if (length < 2) break;
    const body = b.subarray(at + 4, at + 2 + length);
    const tag = String.fromCharCode(...body.subarray(0, 5));
    if (marker === 0xe0 && tag === 'JFIF\0' && body.length >= 12) {
      const units = body[7];
      const x = u16(body, 8, false);
      if (x > 0 && units === 1) layout.dpi = x;
      if (x > 0 && units === 2) layout.dpi = x * 2.54;
    }
    if (marker === 0xe1 && tag === 'Exif\0') layout.orientation = exifOrientation(body.subarray(6));
    at += 2 + length;
  }
  return layout;
}

/** Chunks of a PNG before its image data (pHYs and eXIf must come before IDAT). */
function pngLayout(b: Uint8Array): ImageLayout {
  const layout: ImageLayout = { orientation: 1 };
  let at = 8;
  while (at + 8 <= b.length) {
    const length = u32(b, at, false);
    const type = String.fromCharCode(...b.subarray(at + 4, at + 8));
    const body = b.subarray(at + 8, at + 8 + length);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'pHYs' && body.length >= 9 && body[8] === 1) {
      const perMetre = u32(body, 0, false);
      if (perMetre > 0) layout.dpi = perMetre * 0.0254;
    }
    if (type === 'eXIf') layout.orientation = exifOrientation(body);
    at += 12 + length;
  }
  return layout;
}

export function imageLayout(bytes: Uint8Array, type: 'image/jpeg' | 'image/png'): ImageLayout {
  return type === 'image/jpeg' ? jpegLayout(bytes) : pngLayout(bytes);
}
