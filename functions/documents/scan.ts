import type { Readable } from 'node:stream';
import type { S3Event } from 'aws-lambda';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../platform/logger.js';
import { s3Client } from '../platform/adapters/aws/s3.js';
import { clamscanScanner } from '../platform/adapters/scanner.js';
import { getApplicationDocumentByObjectKey, setApplicationDocumentStatus } from './repository.js';
import { decodeS3EventKey } from './service/keys.js';
import { scanService } from './service/scan.js';
import type { ScanPorts } from './service/scan.js';

export type { PostScanCheck } from './service/scan.js';

async function openObject(bucket: string, key: string): Promise<Readable> {
  const out = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!out.Body) throw new Error(`Empty body for s3://${bucket}/${key}`);
  return out.Body as Readable;
}

const ports: ScanPorts = {
  documents: { byObjectKey: getApplicationDocumentByObjectKey, setStatus: setApplicationDocumentStatus },
  open: openObject,
  scanner: clamscanScanner(),
  postScanChecks: [],
  log: logger,
};

/** Seam for tests and the local stack: replace the scanner and/or the post-scan checks. */
export function setScanDependencies(next: Partial<Pick<ScanPorts, 'scanner' | 'postScanChecks'>>): void {
  Object.assign(ports, next);
}

const service = scanService(ports);

/**
 * S3 ObjectCreated handler for the uploads bucket (./service/scan.ts settles each object). Records
 * are handled one after the other (the scanner streams each object). Env: TABLE_NAME,
 * CLAMSCAN_PATH, CLAMAV_DB_DIR (and S3 settings).
 */
export async function scanHandler(event: S3Event): Promise<void> {
  for (const record of event.Records)
    await service.settle(record.s3.bucket.name, decodeS3EventKey(record.s3.object.key));
}

export const handler = middy(scanHandler).use(injectLambdaContext(logger, { resetKeys: true }));
