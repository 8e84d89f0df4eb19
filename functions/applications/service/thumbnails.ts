import { randomUUID } from 'node:crypto';
import {
  TEMPLATE_THUMBNAIL,
  THUMBNAIL_MESSAGE,
  THUMBNAIL_UPLOAD_NOT_FOUND,
  THUMBNAIL_UPLOAD_SECONDS,
  thumbnailUploader,
  thumbnailUploadKey,
} from '../../../shared/domain/applications.js';
import type {
  ThumbnailUploadRequest,
  ThumbnailUploadResponse,
} from '../../../shared/schemas/thumbnail-uploads.js';
import type { UserCaller as Caller } from '../../platform/caller.js';
import { Invalid } from '../../platform/errors.js';

/**
 * Template thumbnails by presigned upload (issue 9 point 5; portal-core §5, §9): the browser PUTs
 * the image (at most 26214400 bytes, JPG/PNG/GIF, type and exact length signed) to
 * `thumbnails/{userId}/{uploadId}`; CreateTemplate and PATCH of a template name that key. Taking
 * it: the key must be the caller's, its size (HeadObject) within the limit before anything reads
 * it, its pixel dimensions within the limit before anything decodes it (the images port), then it
 * is scaled to fit 250×150 as today, and the upload is removed once the template holds the JPEG
 * (or once it is refused).
 */
export interface ThumbnailPorts {
  uploads: {
    presign(
      key: string,
      options: { contentType: string; contentLength: number; expiresIn: number },
    ): Promise<string>;
    /** The object's size (nothing read), or undefined when there is none. */
    size(key: string): Promise<number | undefined>;
    /** At most `maxBytes` + 1 bytes of the object, or undefined when there is none. */
    read(key: string, maxBytes: number): Promise<Uint8Array | undefined>;
    remove(key: string): Promise<void>;
  };
  images: {
    /**
     * A JPEG of at most 250×150 from the image's bytes, or the reason it is refused (not a JPG, PNG
     * or GIF; over the pixel limits, checked from the header before decoding; undecodable).
     */
    thumbnail(bytes: Uint8Array): Promise<{ jpeg: Buffer } | { refused: string }>;
  };
  newUploadId?: () => string;
  now?: () => Date;
}

const refuse = (reason: string) => new Invalid([{ field: 'body.templateThumbnail', reason }], reason);

export function thumbnailsService(ports: ThumbnailPorts) {
  const now = () => (ports.now ? ports.now() : new Date());

  return {
    /** POST /user/thumbnail-uploads: a presigned PUT for one image of the declared type and length. */
    async presign(caller: Caller, body: ThumbnailUploadRequest): Promise<ThumbnailUploadResponse> {
      const key = thumbnailUploadKey(caller.userId, (ports.newUploadId ?? randomUUID)());
      const presignedUrl = await ports.uploads.presign(key, {
        contentType: body.contentType,
        contentLength: body.contentLength,
        expiresIn: THUMBNAIL_UPLOAD_SECONDS,
      });
      const expiresAt = new Date(now().getTime() + THUMBNAIL_UPLOAD_SECONDS * 1000).toISOString();
      return { key, presignedUrl, expiresAt };
    },

    /**
     * The scaled JPEG of the caller's upload `key`. Throws Invalid on `body.templateThumbnail` when
     * the key is someone else's or has no object (one message for both), or the image is refused.
     */
    async scale(caller: Caller, key: string): Promise<Buffer> {
      if (thumbnailUploader(key) !== caller.userId) throw refuse(THUMBNAIL_UPLOAD_NOT_FOUND);
      const size = await ports.uploads.size(key);
      if (size === undefined) throw refuse(THUMBNAIL_UPLOAD_NOT_FOUND);
      let reason: string | undefined;
      if (size === 0 || size > TEMPLATE_THUMBNAIL.maxBytes) reason = THUMBNAIL_MESSAGE;
      else {
        const bytes = await ports.uploads.read(key, TEMPLATE_THUMBNAIL.maxBytes);
        if (!bytes) throw refuse(THUMBNAIL_UPLOAD_NOT_FOUND);
        if (bytes.length === 0 || bytes.length > TEMPLATE_THUMBNAIL.maxBytes) reason = THUMBNAIL_MESSAGE;
        else {
          const out = await ports.images.thumbnail(bytes);
          if ('jpeg' in out) return out.jpeg;
          reason = out.refused;
        }
      }
      // A refused upload is of no further use: removed, so a retry uploads again.
      await ports.uploads.remove(key);
      throw refuse(reason);
    },

    /** Removes an upload whose thumbnail the template now holds. */
    discard: (key: string): Promise<void> => ports.uploads.remove(key),
  };
}

export type ThumbnailsService = ReturnType<typeof thumbnailsService>;
