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
import { THUMBNAIL_PIXEL_LIMITS } from '../../../shared/domain/images.js';
import { assertDecodable, fitWithin, InvalidImage, sniffImageType } from './image-headers.js';

export * from './image-headers.js';

/** Only the three formats and the one plugin a thumbnail needs: the full jimp (fonts, every plugin) tripled the bundle. */
export const Jimp = createJimp({ formats: [jpeg, png, gif], plugins: [resize] });

export { THUMBNAIL_MESSAGE };

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
