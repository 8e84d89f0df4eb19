import { imageUploadKeys } from './images.js';

/** Template thumbnail limits (docs/documents.md). */
export const TEMPLATE_THUMBNAIL = {
  maxBytes: 26214400,
  maxWidth: 250,
  maxHeight: 150,
  jpegQuality: 90,
  accept: ['image/jpeg', 'image/png', 'image/gif'],
  extensions: ['.jpg', '.jpeg', '.png', '.gif'],
} as const;

/** The message of a thumbnail that is not an image we take (the field's reason and the error's message). */
export const THUMBNAIL_MESSAGE = `Thumbnail must be a JPG, JPEG, PNG or GIF image of at most ${TEMPLATE_THUMBNAIL.maxBytes} bytes`;

/**
 * Template thumbnails arrive by presigned upload (docs/documents.md): POST /user/thumbnail-uploads
 * answers a PUT to `thumbnails/{userId}/{uploadId}`, and CreateTemplate / PATCH name that key in
 * `templateThumbnail`. The key carries its uploader, so the server takes only the caller's own.
 */
export const THUMBNAIL_UPLOAD_PREFIX = 'thumbnails/';
/** A presigned thumbnail PUT is valid for 15 minutes. */
export const THUMBNAIL_UPLOAD_SECONDS = 15 * 60;
export const THUMBNAIL_UPLOAD_KEYS = imageUploadKeys(THUMBNAIL_UPLOAD_PREFIX);
/** The upload's key for its uploader. */
export const thumbnailUploadKey = THUMBNAIL_UPLOAD_KEYS.key;
/** True when `key` is the shape of a thumbnail upload key. */
export const isThumbnailUploadKey = THUMBNAIL_UPLOAD_KEYS.isKey;
/** The uploader a thumbnail upload key names, or undefined when it is not one. */
export const thumbnailUploader = THUMBNAIL_UPLOAD_KEYS.uploader;
/** The reason given for a key that is not one of the caller's uploads (or was already used). */
export const THUMBNAIL_UPLOAD_NOT_FOUND = 'Thumbnail upload not found: upload the image again';
