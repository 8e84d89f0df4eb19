import { randomUUID } from 'node:crypto';
import type { ImageUploadKeys } from '../../shared/domain/images.js';
import type { UserCaller as Caller } from './caller.js';
import { Invalid } from './errors.js';

/**
 * Images by presigned upload that the server scales (docs/documents.md: template thumbnails; docs/documents.md:
 * the organisation's image). The browser PUTs the image (type and exact length signed) to
 * `<prefix>{userId}/{uploadId}`; the save that uses it names that key. Taking it: the key must be the
 * caller's, its size (HeadObject) within the limit before anything reads it, its pixel dimensions
 * within the limit before anything decodes it (the images port), then it is scaled (to fit 250×150
 * today), and the upload is removed once the record holds the JPEG (or once it is refused).
 * What differs per use is {@link UploadedImageRules}; the limits and messages are the shared ones.
 */
export interface UploadedImagePorts {
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

/** What one use of uploaded images sets: its keys (prefix), the request field, limits and messages. */
export interface UploadedImageRules {
  keys: ImageUploadKeys;
  /** The field a refusal names, e.g. `body.templateThumbnail`. */
  field: string;
  maxBytes: number;
  /** How long a presigned PUT is valid. */
  uploadSeconds: number;
  /** The reason of an image that is not one we take. */
  message: string;
  /** The reason of a key that is not one of the caller's uploads (or was already used). */
  notFound: string;
}

export interface ImageUploadResult {
  key: string;
  presignedUrl: string;
  expiresAt: string;
}

export function uploadedImagesService(ports: UploadedImagePorts, rules: UploadedImageRules) {
  const now = () => (ports.now ? ports.now() : new Date());
  const refuse = (reason: string) => new Invalid([{ field: rules.field, reason }], reason);

  return {
    /** A presigned PUT for one image of the declared type and length (validated by the route's schema). */
    async presign(
      caller: Caller,
      body: { contentType: string; contentLength: number },
    ): Promise<ImageUploadResult> {
      const key = rules.keys.key(caller.userId, (ports.newUploadId ?? randomUUID)());
      const presignedUrl = await ports.uploads.presign(key, {
        contentType: body.contentType,
        contentLength: body.contentLength,
        expiresIn: rules.uploadSeconds,
      });
      const expiresAt = new Date(now().getTime() + rules.uploadSeconds * 1000).toISOString();
      return { key, presignedUrl, expiresAt };
    },

    /**
     * The scaled JPEG of the caller's upload `key`. Throws Invalid on the rules' field when the key
     * is someone else's or has no object (one message for both), or the image is refused.
     */
    async scale(caller: Caller, key: string): Promise<Buffer> {
      if (rules.keys.uploader(key) !== caller.userId) throw refuse(rules.notFound);
      const size = await ports.uploads.size(key);
      if (size === undefined) throw refuse(rules.notFound);
      let reason: string | undefined;
      if (size === 0 || size > rules.maxBytes) reason = rules.message;
      else {
        const bytes = await ports.uploads.read(key, rules.maxBytes);
        if (!bytes) throw refuse(rules.notFound);
        if (bytes.length === 0 || bytes.length > rules.maxBytes) reason = rules.message;
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

    /** Removes an upload whose image the record now holds. */
    discard: (key: string): Promise<void> => ports.uploads.remove(key),
  };
}

export type UploadedImagesService = ReturnType<typeof uploadedImagesService>;
