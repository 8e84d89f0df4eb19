/**
 * The uploads bucket's multipart calls for large documents (docs/documents.md "Large files"): the
 * API creates, lists and aborts uploads itself (no file bytes pass through it) and presigns the
 * requests the browser sends straight to S3: each part, the list of parts (resume), the completion
 * and the abort. Every call is for a document's own incoming/ key. Env: UPLOADS_BUCKET.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '../../../platform/adapters/aws/s3.js';
import { requireEnv } from '../../../platform/config.js';
import { isIncomingKey } from '../../model/keys.js';

const bucket = () => requireEnv('UPLOADS_BUCKET');

function assertIncoming(key: string) {
  // Like the single PUT: the browser only ever writes a fresh incoming/ key.
  if (!isIncomingKey(key)) throw new Error('Multipart uploads target incoming/ only');
}

/** Starts a multipart upload of `key`; its id. */
export async function createMultipartUpload(key: string, contentType: string): Promise<string> {
  assertIncoming(key);
  const out = await s3Client().send(
    new CreateMultipartUploadCommand({ Bucket: bucket(), Key: key, ContentType: contentType }),
  );
  if (!out.UploadId) throw new Error('CreateMultipartUpload returned no UploadId');
  return out.UploadId;
}

/** The ids of the multipart uploads still open on exactly `key`, newest first. */
export async function openMultipartUploads(key: string): Promise<string[]> {
  const out = await s3Client().send(new ListMultipartUploadsCommand({ Bucket: bucket(), Prefix: key }));
  return (out.Uploads ?? [])
    .filter((u) => u.Key === key && u.UploadId)
    .sort((a, b) => (b.Initiated?.getTime() ?? 0) - (a.Initiated?.getTime() ?? 0))
    .map((u) => u.UploadId!);
}

/** The parts stored so far (undefined when the upload is not one of `key`'s). */
export async function listStoredParts(
  key: string,
  uploadId: string,
): Promise<{ partNumber: number; size: number; etag: string }[] | undefined> {
  const parts: { partNumber: number; size: number; etag: string }[] = [];
  let marker: string | undefined;
  try {
    do {
      const out = await s3Client().send(
        new ListPartsCommand({ Bucket: bucket(), Key: key, UploadId: uploadId, PartNumberMarker: marker }),
      );
      for (const p of out.Parts ?? [])
        parts.push({ partNumber: p.PartNumber ?? 0, size: p.Size ?? 0, etag: p.ETag ?? '' });
      marker = out.IsTruncated ? out.NextPartNumberMarker : undefined;
    } while (marker);
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (err as Error).name === 'NoSuchUpload') return undefined;
    throw err;
  }
  return parts;
}

/** Aborts an upload (an unknown or finished one is no error). */
export async function abortMultipartUpload(key: string, uploadId: string): Promise<void> {
  try {
    await s3Client().send(
      new AbortMultipartUploadCommand({ Bucket: bucket(), Key: key, UploadId: uploadId }),
    );
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== 404 && (err as Error).name !== 'NoSuchUpload') throw err;
  }
}

export type SignedOperation =
  | { operation: 'UploadPart'; partNumber: number }
  | { operation: 'ListParts' | 'CompleteMultipartUpload' | 'AbortMultipartUpload' };

/** A presigned URL of one request of upload `uploadId` of `key`, valid `expiresIn` seconds. */
export function presignMultipart(
  key: string,
  uploadId: string,
  op: SignedOperation,
  expiresIn: number,
): Promise<string> {
  assertIncoming(key);
  const target = { Bucket: bucket(), Key: key, UploadId: uploadId };
  const client = s3Client();
  switch (op.operation) {
    case 'UploadPart':
      return getSignedUrl(client, new UploadPartCommand({ ...target, PartNumber: op.partNumber }), {
        expiresIn,
      });
    case 'ListParts':
      return getSignedUrl(client, new ListPartsCommand(target), { expiresIn });
    case 'CompleteMultipartUpload':
      return getSignedUrl(client, new CompleteMultipartUploadCommand(target), { expiresIn });
    case 'AbortMultipartUpload':
      return getSignedUrl(client, new AbortMultipartUploadCommand(target), { expiresIn });
  }
}

/** Aborts every multipart upload still open on `key`. */
export async function abortOpenUploads(key: string): Promise<void> {
  for (const uploadId of await openMultipartUploads(key)) await abortMultipartUpload(key, uploadId);
}
