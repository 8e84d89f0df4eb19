import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open as openFile, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { logger } from '../../platform/logger.js';
import { s3Client } from '../../platform/adapters/aws/s3.js';
import { clamscanScanner } from '../../platform/adapters/scanner.js';
import { entities } from '../../platform/data/service.js';
import { catalogue } from '../../reference/index.js';
import { getScanDocumentByObjectKey, settleScannedDocument } from '../repository/documents.js';
import { documentChecks } from '../checks/service/index.js';
import type { FetchedObject, ScanPorts } from './service.js';

/**
 * Reads an object once into a temporary file (Lambda /tmp: 2 GB on the scan function, files are at
 * most 250 MB), in the stream's chunks: the scan, the checks (by ranges) and the promotion all read
 * that copy, never the bucket again, and never all of it into memory.
 */
async function fetchObject(bucket: string, key: string): Promise<FetchedObject> {
  const out = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!out.Body) throw new Error(`Empty body for s3://${bucket}/${key}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'scan-'));
  const file = path.join(dir, 'object');
  let handle: Promise<FileHandle> | undefined;
  const dispose = async () => {
    await (await handle?.catch(() => undefined))?.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await pipeline(out.Body as Readable, createWriteStream(file));
    const { size } = await stat(file);
    const read = async (position: number, length: number) => {
      const n = Math.max(0, Math.min(length, size - position));
      const buffer = Buffer.alloc(n);
      const { bytesRead } = await (await (handle ??= openFile(file, 'r'))).read(buffer, 0, n, position);
      return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
    };
    return { eTag: out.ETag ?? '', size, open: () => createReadStream(file), read, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

async function promote(bucket: string, key: string, object: FetchedObject, contentType: string) {
  const out = await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: object.open(),
      ContentLength: object.size,
      ContentType: contentType,
    }),
  );
  return { eTag: out.ETag ?? '', versionId: out.VersionId };
}

async function remove(bucket: string, key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/** Whether the application's authority converts JPEG and PNG uploads to PDF (its reference data). */
async function imageConversion(applicationId: string): Promise<boolean> {
  const { data } = await entities.application.get({ applicationId }).go({ attributes: ['authorityId'] });
  return data ? (catalogue().authority(data.authorityId)?.imageConversionEnabled ?? false) : false;
}

/** The scan's ports on S3, the table, clamscan and the checks (the scan Lambda wires them once). */
export const scanPorts: ScanPorts = {
  documents: {
    byObjectKey: getScanDocumentByObjectKey,
    // An upload into a council's open group writes the council's feed entry in the settle's transaction.
    settle: settleScannedDocument,
  },
  storage: { fetch: fetchObject, promote, remove },
  scanner: clamscanScanner(),
  postScanChecks: documentChecks({ imageConversion, log: logger }),
  log: logger,
};

/** Seam for tests and the local stack: replace the scanner and/or the post-scan checks. */
export function setScanDependencies(next: Partial<Pick<ScanPorts, 'scanner' | 'postScanChecks'>>): void {
  Object.assign(scanPorts, next);
}
