/**
 * Objects of the uploads bucket that are not documents (docs/documents.md: template thumbnails,
 * later images to convert): a presigned PUT with the content type and exact length signed, the
 * object's size from HeadObject (before anything reads it), its bytes up to a limit, and removal.
 * The documents feature's storage (functions/documents/service/storage.ts) presigns through here.
 * Env: UPLOADS_BUCKET.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { requireEnv } from '../../config.js';
import { s3Client } from './s3.js';

const bucket = () => requireEnv('UPLOADS_BUCKET');

const missing = (err: unknown): boolean =>
  err instanceof NotFound ||
  err instanceof NoSuchKey ||
  (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

/**
 * The only prefixes a browser may write to (every presigned PUT of the portal is made here):
 * documents' fresh `incoming/` keys, which the scanner promotes, template thumbnails and organisation
 * images (functions/platform/uploaded-images.ts: scaled, stored in the table, then removed). Summary
 * PDFs, scanned copies and extracted text are out of reach (docs/security.md).
 */
export const BROWSER_WRITABLE_PREFIXES = ['incoming/', 'thumbnails/', 'organisation-images/'] as const;

/** A presigned PUT to `key`: the browser must send exactly this content type and number of bytes. */
export async function presignUpload(
  key: string,
  {
    contentType,
    contentLength,
    expiresIn,
  }: { contentType: string; contentLength: number; expiresIn: number },
): Promise<string> {
  if (!BROWSER_WRITABLE_PREFIXES.some((p) => key.startsWith(p)))
    throw new Error(`Presigned PUTs target ${BROWSER_WRITABLE_PREFIXES.join(', ')} only`);
  return getSignedUrl(
    s3Client(),
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      ContentType: contentType,
      ContentLength: contentLength,
    }),
    { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
  );
}

/** The object's size in bytes (HeadObject: nothing is read), or undefined when there is none. */
export async function uploadSize(key: string): Promise<number | undefined> {
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (err) {
    if (missing(err)) return undefined;
    throw err;
  }
}

/** The object's size and user metadata (HeadObject), or undefined when there is none. */
export async function headUpload(
  key: string,
): Promise<{ size: number; metadata: Record<string, string> } | undefined> {
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return { size: head.ContentLength ?? 0, metadata: head.Metadata ?? {} };
  } catch (err) {
    if (missing(err)) return undefined;
    throw err;
  }
}

/** Writes a file the portal made (not a browser upload) with its content type and user metadata. */
export async function putUpload(
  key: string,
  bytes: Uint8Array,
  { contentType, metadata }: { contentType: string; metadata?: Record<string, string> },
): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: bytes,
      ContentType: contentType,
      ...(metadata ? { Metadata: metadata } : {}),
    }),
  );
}

/**
 * The object's bytes, or undefined when there is none. Reads at most `maxBytes` (the GET asks for
 * that range), so an object replaced by a bigger one after its HeadObject is never held whole.
 */
export async function readUpload(key: string, maxBytes: number): Promise<Uint8Array | undefined> {
  try {
    const out = await s3Client().send(
      new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${maxBytes}` }),
    );
    return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  } catch (err) {
    if (missing(err)) return undefined;
    throw err;
  }
}

/** Removes the object (no error when it is already gone). */
export async function deleteUpload(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}
