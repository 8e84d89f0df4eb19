import * as z from 'zod';
import { isThumbnailUploadKey, TEMPLATE_THUMBNAIL, THUMBNAIL_MESSAGE } from '../domain/thumbnails.js';

/**
 * POST /user/thumbnail-uploads (docs/documents.md): a template thumbnail (docs/documents.md: one
 * JPG/JPEG/PNG/GIF of at most 26214400 bytes) goes straight to the uploads bucket with a presigned
 * PUT whose content type and exact length are signed; CreateTemplate and PATCH of a template then
 * name the upload's key in `templateThumbnail`.
 */
export const ThumbnailUploadRequest = z
  .object({
    contentType: z.enum(TEMPLATE_THUMBNAIL.accept, { message: THUMBNAIL_MESSAGE }),
    contentLength: z
      .number()
      .int()
      .min(1, THUMBNAIL_MESSAGE)
      .max(TEMPLATE_THUMBNAIL.maxBytes, THUMBNAIL_MESSAGE),
  })
  .strict();
export type ThumbnailUploadRequest = z.infer<typeof ThumbnailUploadRequest>;

export const ThumbnailUploadResponse = z.object({
  /** `thumbnails/{userId}/{uploadId}`: what `templateThumbnail` names once the PUT is done. */
  key: z.string(),
  /** PUT the file here with the same Content-Type and exactly `contentLength` bytes. */
  presignedUrl: z.string(),
  expiresAt: z.string(),
});
export type ThumbnailUploadResponse = z.infer<typeof ThumbnailUploadResponse>;

/** `templateThumbnail` of CreateTemplate / PATCH: the key of the caller's thumbnail upload. */
export const TemplateThumbnailKey = z
  .string()
  .trim()
  .max(200)
  .refine(isThumbnailUploadKey, 'Thumbnail must be the key of an upload from POST /user/thumbnail-uploads');
