import type { Readable } from 'node:stream';
import type { S3Event } from 'aws-lambda';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../platform/logger.js';
import { s3Client } from '../platform/adapters/aws/s3.js';
import { clamscanScanner } from '../platform/adapters/scanner.js';
import type { Scanner } from '../platform/adapters/scanner.js';
import { getApplicationDocumentByObjectKey, setApplicationDocumentStatus } from './repository.js';
import type { ApplicationDocumentRecord, ScanOutcome } from './repository.js';
import { decodeS3EventKey } from './service/keys.js';

/**
 * Checks that run after a clean virus scan (PDF checks, image → PDF come with a later issue).
 * Returns undefined when the file passes, or the outcome that settles it.
 */
export type PostScanCheck = (input: {
  bucket: string;
  key: string;
  document: ApplicationDocumentRecord;
}) => Promise<ScanOutcome | undefined>;

interface ScanDeps {
  scanner: Scanner;
  postScanChecks: PostScanCheck[];
}

const deps: ScanDeps = { scanner: clamscanScanner(), postScanChecks: [] };

/** Seam for tests and the local stack: replace the scanner and/or the post-scan checks. */
export function setScanDependencies(next: Partial<ScanDeps>): void {
  Object.assign(deps, next);
}

async function openObject(bucket: string, key: string): Promise<Readable> {
  const out = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!out.Body) throw new Error(`Empty body for s3://${bucket}/${key}`);
  return out.Body as Readable;
}

/** Scans one object and settles its document. */
export async function scanObject(bucket: string, key: string): Promise<ScanOutcome | undefined> {
  const document = await getApplicationDocumentByObjectKey(key);
  if (!document) {
    logger.warn('scan: no document record for object; ignored', { bucket, key });
    return undefined;
  }
  let outcome: ScanOutcome;
  try {
    const result = await deps.scanner.scan(await openObject(bucket, key));
    if (result.status === 'infected') {
      logger.warn('scan: infected', { key, signature: result.signature });
      outcome = { uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED' };
    } else if (result.status === 'error') {
      logger.error('scan: scanner failed', { key, reason: result.reason });
      outcome = { uploadStatus: 'Error', errorCode: 'AV_SCAN_FAILED' };
    } else {
      outcome = { uploadStatus: 'Completed' };
      for (const check of deps.postScanChecks) {
        const failed = await check({ bucket, key, document });
        if (failed) {
          outcome = failed;
          break;
        }
      }
    }
  } catch (err) {
    logger.error('scan: failed to read or scan the object', { key, error: err as Error });
    outcome = { uploadStatus: 'Error', errorCode: 'AV_SCAN_FAILED' };
  }
  await setApplicationDocumentStatus(
    { applicationId: document.applicationId, documentName: document.documentName },
    outcome,
  );
  logger.info('scan: settled', { key, ...outcome });
  return outcome;
}

/**
 * S3 ObjectCreated handler for the uploads bucket. Records are handled one after the other (the
 * scanner streams each object; nothing is held whole in memory). Env: TABLE_NAME, CLAMSCAN_PATH,
 * CLAMAV_DB_DIR (and S3 settings).
 */
export async function scanHandler(event: S3Event): Promise<void> {
  for (const record of event.Records) {
    await scanObject(record.s3.bucket.name, decodeS3EventKey(record.s3.object.key));
  }
}

export const handler = middy(scanHandler).use(injectLambdaContext(logger, { resetKeys: true }));
