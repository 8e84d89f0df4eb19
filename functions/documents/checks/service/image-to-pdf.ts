/**
 * JPEG and PNG → PDF (docs/documents-checks.md: images are converted when the authority's image
 * conversion is on; other types give 'Type not supported'). pdf-lib, pure JavaScript:
 *
 * - the pixel dimensions are read from the headers and checked (shared/domain/images.ts, 40 MP and
 *   20,000 px a side) before anything decodes the image;
 * - a JPEG is embedded as it is (its compressed bytes, never decoded or re-encoded: no quality
 *   lost); a PNG is decoded once (jimp's pngjs on Node's zlib, which checks the data: pdf-lib's own
 *   PNG decoder never returned on a PNG with garbage image data) and embedded losslessly, RGB with
 *   its transparency as a soft mask;
 * - the size is kept: one page exactly the size of the image at the density it declares (JFIF,
 *   pHYs; 72 dpi, one pixel a point, when it declares none), scaled down only past the 200-inch
 *   page side PDF readers support — every pixel is kept either way;
 * - the orientation is kept: the EXIF orientation a camera writes instead of rotating the pixels is
 *   applied to the page (PDF viewers ignore EXIF), so the PDF looks as the photo did.
 */
import {
  PDFDocument,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { documentMessages } from '../../../../shared/schemas/documents.js';
import type { PDFRef } from 'pdf-lib';
import type { UploadErrorCode } from '../../../../shared/schemas/documents.js';
import { IMAGE_PIXEL_LIMITS, imagePixelsProblem } from '../../../../shared/domain/images.js';
import png from '@jimp/js-png';
import { imageDimensions } from '../../../platform/adapters/image-headers.js';
import { imageLayout } from './image-metadata.js';

/** The longest page side PDF readers support (14,400 points: 200 inches). */
export const MAX_PAGE_POINTS = 14_400;

/** Why an image was not converted: the upload's error code and the reason (for the logs). */
export class ConversionRefused extends Error {
  override readonly name = 'ConversionRefused';
  constructor(
    readonly errorCode: UploadErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The transformation that draws the image (a unit square to pdf-lib) on a page of w × h points
 * (before orientation) so it shows as EXIF orientation `o` says: [a b c d e f].
 */
export function orientationMatrix(
  o: number,
  w: number,
  h: number,
): [number, number, number, number, number, number] {
  switch (o) {
    case 2:
      return [-w, 0, 0, h, w, 0]; // mirrored
    case 3:
      return [-w, 0, 0, -h, w, h]; // rotated 180°
    case 4:
      return [w, 0, 0, -h, 0, h]; // flipped
    case 5:
      return [0, -w, -h, 0, h, w]; // transposed
    case 6:
      return [0, -w, h, 0, 0, w]; // rotated 90° clockwise
    case 7:
      return [0, w, h, 0, 0, 0]; // transversed
    case 8:
      return [0, w, -h, 0, h, 0]; // rotated 90° anticlockwise
    default:
      return [w, 0, 0, h, 0, 0];
  }
}

const JPEG_END = [0xff, 0xd9];

/** A JPEG whose end-of-image marker is missing was cut short (a broken transfer): it is corrupt. */
function hasJpegEnd(b: Uint8Array): boolean {
  for (let at = b.length - 2; at >= Math.max(0, b.length - 4096); at--)
    if (b[at] === JPEG_END[0] && b[at + 1] === JPEG_END[1]) return true;
  return false;
}

/** A PNG as an image XObject: decoded by jimp's PNG format (pngjs, without the rest of jimp), RGB (Flate) with a soft mask when any pixel is not opaque. */
async function embedPng(pdf: PDFDocument, bytes: Uint8Array) {
  const { width, height, data } = png().decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const pixels = width * height;
  const rgb = new Uint8Array(pixels * 3);
  const alpha = new Uint8Array(pixels);
  let opaque = true;
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = data[i * 4]!;
    rgb[i * 3 + 1] = data[i * 4 + 1]!;
    rgb[i * 3 + 2] = data[i * 4 + 2]!;
    alpha[i] = data[i * 4 + 3]!;
    if (alpha[i] !== 255) opaque = false;
  }
  const common = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, BitsPerComponent: 8 };
  const ctx = pdf.context;
  const dict: Record<string, unknown> = { ...common, ColorSpace: 'DeviceRGB' };
  if (!opaque) dict.SMask = ctx.register(ctx.flateStream(alpha, { ...common, ColorSpace: 'DeviceGray' }));
  const ref = ctx.register(ctx.flateStream(rgb, dict as Parameters<typeof ctx.flateStream>[1]));
  return { ref, width, height };
}

/**
 * The PDF of a JPEG or PNG. Throws {@link ConversionRefused}: WRONG_FILE_TYPE ('Type not
 * supported') for any other type, FILE_IS_CORRUPT when its headers or data cannot be read,
 * PDF_VALIDATION_FAILED when it declares more pixels than the limits.
 */
export async function imageToPdf(bytes: Uint8Array, type: string): Promise<Uint8Array> {
  if (type !== 'image/jpeg' && type !== 'image/png')
    throw new ConversionRefused('WRONG_FILE_TYPE', documentMessages.typeNotSupported);
  const size = imageDimensions(bytes);
  if (!size) throw new ConversionRefused('FILE_IS_CORRUPT', 'Image dimensions cannot be read');
  const tooBig = imagePixelsProblem(size.width, size.height, IMAGE_PIXEL_LIMITS);
  if (tooBig) throw new ConversionRefused('PDF_VALIDATION_FAILED', tooBig);
  if (type === 'image/jpeg' && !hasJpegEnd(bytes))
    throw new ConversionRefused('FILE_IS_CORRUPT', 'The JPEG has no end-of-image marker');

  const layout = imageLayout(bytes, type);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  let image: { ref: PDFRef; width: number; height: number };
  try {
    image = type === 'image/jpeg' ? await pdf.embedJpg(bytes) : await embedPng(pdf, bytes);
  } catch (err) {
    throw new ConversionRefused('FILE_IS_CORRUPT', `The image cannot be read: ${(err as Error).message}`);
  }
  const perPixel = 72 / (layout.dpi && layout.dpi >= 1 ? layout.dpi : 72);
  let w = image.width * perPixel;
  let h = image.height * perPixel;
  const fit = Math.min(1, MAX_PAGE_POINTS / Math.max(w, h));
  w *= fit;
  h *= fit;
  const turned = layout.orientation >= 5;
  const page = pdf.addPage(turned ? [h, w] : [w, h]);
  const xObject = page.node.newXObject('Image', image.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(...orientationMatrix(layout.orientation, w, h)),
    drawObject(xObject),
    popGraphicsState(),
  );
  return pdf.save({ useObjectStreams: true });
}

/** `plan.jpg` → `plan.pdf`; a name without an extension gets `.pdf`. */
export function pdfFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return `${dot > 0 ? fileName.slice(0, dot) : fileName}.pdf`;
}
