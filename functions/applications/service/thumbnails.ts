import {
  TEMPLATE_THUMBNAIL,
  THUMBNAIL_MESSAGE,
  THUMBNAIL_UPLOAD_KEYS,
  THUMBNAIL_UPLOAD_NOT_FOUND,
  THUMBNAIL_UPLOAD_SECONDS,
} from '../../../shared/domain/applications.js';
import type {
  ThumbnailUploadRequest,
  ThumbnailUploadResponse,
} from '../../../shared/schemas/thumbnail-uploads.js';
import type { UserCaller as Caller } from '../../platform/caller.js';
import {
  uploadedImagesService,
  type UploadedImagePorts,
  type UploadedImageRules,
} from '../../platform/uploaded-images.js';

/**
 * Template thumbnails by presigned upload (docs/documents.md): the shared
 * uploaded-images service (functions/platform/uploaded-images.ts) with the template's key prefix
 * `thumbnails/`, field `body.templateThumbnail`, limit (26214400 bytes) and messages.
 * CreateTemplate and PATCH of a template name the key.
 */
export type ThumbnailPorts = UploadedImagePorts;

export const TEMPLATE_THUMBNAIL_UPLOADS: UploadedImageRules = {
  keys: THUMBNAIL_UPLOAD_KEYS,
  field: 'body.templateThumbnail',
  maxBytes: TEMPLATE_THUMBNAIL.maxBytes,
  uploadSeconds: THUMBNAIL_UPLOAD_SECONDS,
  message: THUMBNAIL_MESSAGE,
  notFound: THUMBNAIL_UPLOAD_NOT_FOUND,
};

export function thumbnailsService(ports: ThumbnailPorts) {
  const service = uploadedImagesService(ports, TEMPLATE_THUMBNAIL_UPLOADS);
  return {
    ...service,
    /** POST /user/thumbnail-uploads: a presigned PUT for one image of the declared type and length. */
    presign: (caller: Caller, body: ThumbnailUploadRequest): Promise<ThumbnailUploadResponse> =>
      service.presign(caller, body),
  };
}

export type ThumbnailsService = ReturnType<typeof thumbnailsService>;
