/**
 * The uploads bucket as the documents routes use it: presigned PUT (the browser uploads straight to
 * S3), presigned GET for downloads (attachment with the original file name), and object removal.
 * Env: UPLOADS_BUCKET (and the S3 settings of functions/platform/adapters/aws-clients.ts).
 */
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '../../platform/adapters/aws/s3.js';
import { presignUpload } from '../../platform/adapters/aws/uploads.js';
import { requireEnv } from '../../platform/config.js';
import { isIncomingKey } from '../model/keys.js';

const bucket = () => requireEnv('UPLOADS_BUCKET');

/**
 * A presigned PUT to `key`, valid `expiresIn` seconds. The content type and length are signed, so
 * the browser must send the declared type and exactly the declared number of bytes.
 */
export function presignedPut(
  key: string,
  {
    contentType,
    contentLength,
    expiresIn,
  }: { contentType: string; contentLength: number; expiresIn: number },
): Promise<string> {
  // The one way a browser writes a document: only ever to a fresh incoming/ key (../model/keys.ts).
  if (!isIncomingKey(key)) throw new Error('Presigned PUTs target incoming/ only');
  return presignUpload(key, { contentType, contentLength, expiresIn });
}

/**
 * `attachment; filename="..."; filename*=UTF-8''...`: an ASCII fallback (quotes, backslashes and
 * non-ASCII replaced) and the exact name per RFC 5987/6266.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A presigned GET of `key` (at `versionId` when given: the version the scanner wrote) that
 * downloads as `fileName`, valid `expiresIn` seconds.
 */
export function presignedDownload(
  key: string,
  fileName: string,
  expiresIn: number,
  versionId?: string,
): Promise<string> {
  return getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: bucket(),
      Key: key,
      ...(versionId ? { VersionId: versionId } : {}),
      ResponseContentDisposition: attachmentDisposition(fileName),
    }),
    { expiresIn },
  );
}

/** Removes an object (S3 answers 204 whether or not it existed). */
export async function deleteObject(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/**
 * Removes every object under `prefix` (listed a page of 1,000 at a time, deleted in batches); the
 * number removed. Absent objects are no error, so running it again removes nothing more.
 */
export async function deletePrefix(prefix: string): Promise<number> {
  let removed = 0;
  let token: string | undefined;
  do {
    const page = await s3Client().send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }),
    );
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (keys.length > 0) {
      const out = await s3Client().send(
        new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys, Quiet: true } }),
      );
      if (out.Errors && out.Errors.length > 0)
        throw new Error(`deletePrefix: ${out.Errors.length} objects under ${prefix} were not removed`);
      removed += keys.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return removed;
}
