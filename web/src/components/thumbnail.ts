import { TEMPLATE_THUMBNAIL } from '../../../shared/domain/applications';
import { imagePixelsProblem, THUMBNAIL_PIXEL_LIMITS } from '../../../shared/domain/images';

/**
 * Template thumbnails (docs/documents.md): one JPG, JPEG, PNG or GIF of at most 26214400 bytes.
 * The browser scales a preview (250 x 150, JPEG quality 90, a data URL); the file itself goes to S3
 * with a presigned PUT (POST /user/thumbnail-uploads) and the server scales and stores it.
 */

export type ThumbnailProblem = 'type' | 'size' | 'count';

/** Why a choice of files cannot be the thumbnail, or undefined when it can. */
export function thumbnailProblem(
  files: readonly File[],
): { problem: ThumbnailProblem; name: string } | undefined {
  if (files.length > 1) return { problem: 'count', name: files[0]!.name };
  const file = files[0];
  if (!file) return undefined;
  const lower = file.name.toLowerCase();
  const extensionOk = TEMPLATE_THUMBNAIL.extensions.some((ext) => lower.endsWith(ext));
  const typeOk = !file.type || (TEMPLATE_THUMBNAIL.accept as readonly string[]).includes(file.type);
  if (!extensionOk || !typeOk) return { problem: 'type', name: file.name };
  if (file.size > TEMPLATE_THUMBNAIL.maxBytes) return { problem: 'size', name: file.name };
  return undefined;
}

/** The size that fits within 250 x 150 keeping the aspect ratio (never enlarged). */
export function fitThumbnail(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, TEMPLATE_THUMBNAIL.maxWidth / width, TEMPLATE_THUMBNAIL.maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The name the scaled JPEG is sent with: the file's base name with `.jpg`. */
export function thumbnailName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '').trim() || 'thumbnail';
  return `${base}.jpg`;
}

export interface ScaledThumbnail {
  /** The preview: data:image/jpeg;base64,... */
  dataUrl: string;
  name: string;
  /** The chosen file, uploaded as it is. */
  file: File;
}

/** The content type the file is uploaded (and its PUT signed) with: its own, else by its extension. */
export function thumbnailContentType(file: File): (typeof TEMPLATE_THUMBNAIL.accept)[number] {
  const own = (TEMPLATE_THUMBNAIL.accept as readonly string[]).find((type) => type === file.type);
  if (own) return own as (typeof TEMPLATE_THUMBNAIL.accept)[number];
  const lower = file.name.toLowerCase();
  return lower.endsWith('.png') ? 'image/png' : lower.endsWith('.gif') ? 'image/gif' : 'image/jpeg';
}

/** An image over the pixel limits (shared/domain/images.ts): the server would refuse it. */
export class TooManyPixels extends Error {
  override readonly name = 'TooManyPixels';
}

/** Decodes the image, draws it scaled on a canvas and encodes it as a JPEG of quality 90. */
export async function scaleThumbnail(file: File): Promise<ScaledThumbnail> {
  const bitmap = await createImageBitmap(file);
  try {
    const problem = imagePixelsProblem(bitmap.width, bitmap.height, THUMBNAIL_PIXEL_LIMITS);
    if (problem) throw new TooManyPixels(problem);
    const size = fitThumbnail(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas is not available');
    // A white background: transparent PNG/GIF areas would turn black in a JPEG.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const dataUrl = canvas.toDataURL('image/jpeg', TEMPLATE_THUMBNAIL.jpegQuality / 100);
    return { dataUrl, name: thumbnailName(file.name), file };
  } finally {
    bitmap.close();
  }
}
