/**
 * Pixel limits of images the server decodes (docs/documents.md): template thumbnails today, JPEG/PNG
 * → PDF conversion later. A small file can declare a huge canvas (a 60000×60000 PNG of a few KB
 * decodes into 14 GB of RGBA), so the dimensions are read from the file's header and checked with
 * this rule before any decoder runs. 40 megapixels is a 160 MB RGBA bitmap: more than any camera or
 * scanner a plan or a thumbnail needs, and within the memory of the Lambda that scales it.
 */
export const IMAGE_PIXEL_LIMITS = {
  /** Width × height. */
  maxPixels: 40_000_000,
  /** Either side (a 20000×2000 panorama is fine; a 40000000×1 strip is not). */
  maxSide: 20_000,
} as const;

export type PixelLimits = { readonly maxPixels: number; readonly maxSide: number };

/**
 * Template thumbnails are decoded whole by jimp (pure JavaScript) in the application form Lambda.
 * Measured peak memory of a JPEG thumbnail: 12 MP 510 MB, 16 MP 650 MB, 24 MP 909 MB; 40 MP passes
 * jpeg-js's own 512 MB cap only to fail past 1.3 GB. 16 MP (a 4900×3260 photo, more than a phone's
 * default 12 MP) with that Lambda at 1536 MB (infra/stacks/api-stack.ts) leaves room to spare.
 */
export const THUMBNAIL_PIXEL_LIMITS = { maxPixels: 16_000_000, maxSide: 20_000 } as const;

/**
 * Why an image of these dimensions may not be decoded, or undefined when it may. Dimensions that
 * are not positive whole numbers (an unreadable header) are refused as well.
 */
export function imagePixelsProblem(
  width: number,
  height: number,
  limits: PixelLimits = IMAGE_PIXEL_LIMITS,
): string | undefined {
  const whole = (n: number) => Number.isSafeInteger(n) && n > 0;
  if (!whole(width) || !whole(height)) return 'Image dimensions cannot be read';
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels)
    return `Image must be at most ${limits.maxPixels} pixels and ${limits.maxSide} pixels a side (this one is ${width} × ${height})`;
  return undefined;
}

/**
 * Keys of images a browser uploads by presigned PUT for the server to scale (template thumbnails,
 * organisation images): `<prefix><userId>/<uploadId>` (a UUID). The key carries its uploader, so
 * the server takes only the caller's own; each use has its own prefix (and its own S3 grant).
 */
export interface ImageUploadKeys {
  readonly prefix: string;
  /** The upload's key for its uploader. */
  key(userId: string, uploadId: string): string;
  /** True when `key` is the shape of an upload key of this prefix. */
  isKey(key: string): boolean;
  /** The uploader a key names, or undefined when it is not one of this prefix. */
  uploader(key: string): string | undefined;
}

export function imageUploadKeys(prefix: string): ImageUploadKeys {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  const pattern = new RegExp(
    `^${escaped}([A-Za-z0-9_-]{1,128})\\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
  );
  return {
    prefix,
    key: (userId, uploadId) => `${prefix}${userId}/${uploadId}`,
    isKey: (key) => pattern.test(key),
    uploader: (key) => pattern.exec(key)?.[1],
  };
}
