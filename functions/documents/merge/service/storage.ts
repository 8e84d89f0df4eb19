/**
 * The uploads bucket as the merge uses it (docs/documents.md "Merge"): a scanned part's bytes (one
 * at a time, at the version the scanner wrote) and a writer that sends the merged file up as an S3
 * multipart upload, 8 MiB at a time, so the merged file is never whole in memory.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { s3Client } from '../../../platform/adapters/aws/s3.js';
import { requireEnv } from '../../../platform/config.js';
import type { ByteSink } from './pdf.js';

const bucket = () => requireEnv('UPLOADS_BUCKET');

/** Bytes buffered before a part is sent (S3's minimum part is 5 MiB, except the last). */
export const MERGE_PART_BYTES = 8 * 1024 * 1024;

/** An object's bytes (at `versionId` when given). */
export async function readObject(key: string, versionId?: string): Promise<Uint8Array> {
  const out = await s3Client().send(
    new GetObjectCommand({ Bucket: bucket(), Key: key, ...(versionId ? { VersionId: versionId } : {}) }),
  );
  if (!out.Body) throw new Error('readObject: empty body');
  return out.Body.transformToByteArray();
}

/** A sink that ends in a stored object: complete() finishes it, abort() discards it. */
export interface ObjectSink extends ByteSink {
  complete(): Promise<{ versionId?: string }>;
  abort(): Promise<void>;
}

/** A multipart upload to `key` (a PDF), written in parts of MERGE_PART_BYTES. */
export async function multipartSink(key: string): Promise<ObjectSink> {
  const s3 = s3Client();
  const { UploadId } = await s3.send(
    new CreateMultipartUploadCommand({ Bucket: bucket(), Key: key, ContentType: 'application/pdf' }),
  );
  if (!UploadId) throw new Error('multipartSink: no upload id');
  const parts: { ETag: string; PartNumber: number }[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;

  const flush = async () => {
    if (pendingBytes === 0) return;
    const body = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    const PartNumber = parts.length + 1;
    const { ETag } = await s3.send(
      new UploadPartCommand({ Bucket: bucket(), Key: key, UploadId, PartNumber, Body: body }),
    );
    if (!ETag) throw new Error('multipartSink: a part has no ETag');
    parts.push({ ETag, PartNumber });
  };

  return {
    async write(chunk) {
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= MERGE_PART_BYTES) await flush();
    },
    async complete() {
      await flush();
      const out = await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket(),
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return out.VersionId ? { versionId: out.VersionId } : {};
    },
    async abort() {
      pending = [];
      await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket(), Key: key, UploadId }));
    },
  };
}
