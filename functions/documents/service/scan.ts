import type { Readable } from 'node:stream';
import type { Scanner } from '../../platform/adapters/scanner.js';
import type { ApplicationDocumentRecord, ScanOutcome } from '../repository.js';
import { loggableKey } from './keys.js';

/**
 * Checks that run after a clean virus scan (PDF checks, image → PDF come with the documents issue).
 * Returns undefined when the file passes, or the outcome that settles it.
 */
export type PostScanCheck = (input: {
  bucket: string;
  key: string;
  document: ApplicationDocumentRecord;
}) => Promise<ScanOutcome | undefined>;

/** What settling an upload needs from the world (functions/documents/scan.ts wires S3, the table, clamscan). */
export interface ScanPorts {
  documents: {
    byObjectKey(key: string): Promise<ApplicationDocumentRecord | undefined>;
    setStatus(key: { applicationId: string; documentName: string }, outcome: ScanOutcome): Promise<void>;
  };
  /** The uploaded object, streamed (nothing is held whole in memory). */
  open(bucket: string, key: string): Promise<Readable>;
  scanner: Scanner;
  postScanChecks: readonly PostScanCheck[];
  log: {
    info(message: string, data: Record<string, unknown>): void;
    warn(message: string, data: Record<string, unknown>): void;
    error(message: string, data: Record<string, unknown>): void;
  };
}

/**
 * Settling an upload (portal-core §5 "Uploads"): every object put in the uploads bucket is scanned
 * before its document can be used. Infected → Error AV_SCAN_INFECTED; the scanner failing, or the
 * object unreadable → Error AV_SCAN_FAILED (never Completed unscanned); clean → the post-scan checks
 * in order, the first failure settling it; otherwise Completed. An object with no document record
 * (e.g. a stray put) is left alone. The logs name objects by loggableKey (no file names).
 */
/** An error as the logs may show it: its name and message, with the object's key and file name masked. */
function errorOf(err: unknown, key: string) {
  const name = key.split('/').pop() ?? key;
  const message = String((err as Error)?.message ?? err)
    .split(key)
    .join(loggableKey(key))
    .split(name)
    .join('<file>');
  return { name: (err as Error)?.name ?? 'Error', message };
}

export function scanService(ports: ScanPorts) {
  async function outcomeOf(bucket: string, key: string, document: ApplicationDocumentRecord) {
    const object = loggableKey(key);
    try {
      const result = await ports.scanner.scan(await ports.open(bucket, key));
      if (result.status === 'infected') {
        ports.log.warn('scan: infected', { object, signature: result.signature });
        return { uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED' } as const;
      }
      if (result.status === 'error') {
        ports.log.error('scan: scanner failed', { object, reason: result.reason });
        return { uploadStatus: 'Error', errorCode: 'AV_SCAN_FAILED' } as const;
      }
      for (const check of ports.postScanChecks) {
        const failed = await check({ bucket, key, document });
        if (failed) return failed;
      }
      return { uploadStatus: 'Completed' } as const;
    } catch (err) {
      ports.log.error('scan: failed to read or scan the object', { object, error: errorOf(err, key) });
      return { uploadStatus: 'Error', errorCode: 'AV_SCAN_FAILED' } as const;
    }
  }

  return {
    /** Scans one object and settles its document; the outcome, or undefined when it has no document. */
    async settle(bucket: string, key: string): Promise<ScanOutcome | undefined> {
      const document = await ports.documents.byObjectKey(key);
      if (!document) {
        ports.log.warn('scan: no document record for object; ignored', { bucket, object: loggableKey(key) });
        return undefined;
      }
      const outcome: ScanOutcome = await outcomeOf(bucket, key, document);
      await ports.documents.setStatus(
        { applicationId: document.applicationId, documentName: document.documentName },
        outcome,
      );
      ports.log.info('scan: settled', { object: loggableKey(key), ...outcome });
      return outcome;
    },
  };
}
