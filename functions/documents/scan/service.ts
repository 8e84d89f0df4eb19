import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Scanner } from '../../platform/adapters/scanner.js';
import type { ScanDocumentRecord, ScanOutcome } from '../repository/documents.js';
import {
  applicationIdOfIncomingKey,
  isIncomingKey,
  keyOwnerOf,
  loggableKey,
  scannedDocumentKey,
} from '../model/keys.js';
import { isStalled } from '../service/view.js';
import { recordMetric } from '../../platform/observability/metrics.js';
import type { scanVerdicts } from '../../platform/observability/catalogue.js';

type ScanVerdict = (typeof scanVerdicts)[number];

export type ScanFailure = Extract<ScanOutcome, { uploadStatus: 'Error' }>;

/** A check's replacement of the held file (an image converted to PDF): what is stored and served instead. */
export interface Replacement {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

/**
 * Checks that run after a clean virus scan (./checks: file type, PDF checks, image → PDF), in
 * order, on the very bytes that were scanned (`open` streams them, `read` reads a range of them,
 * `bytes` reads them whole, once for every check: only for what is bounded, an image). Undefined
 * when the file passes, the failure, or a replacement (the checks after it see the replacement's
 * bytes).
 */
export type PostScanCheck = (input: {
  bucket: string;
  key: string;
  document: ScanDocumentRecord;
  size: number;
  open(): Readable;
  read(position: number, length: number): Promise<Uint8Array>;
  bytes(): Promise<Uint8Array>;
}) => Promise<ScanFailure | { replace: Replacement } | undefined>;

/** The bytes of an object as read once, held aside (a temporary file) while they are scanned and promoted. */
export interface FetchedObject {
  /** The ETag S3 gave with the bytes. */
  eTag: string;
  size: number;
  /** A fresh stream of the held bytes (each call reads them from the start). */
  open(): Readable;
  /** Up to `length` of the held bytes from `position`. */
  read(position: number, length: number): Promise<Uint8Array>;
  /** Removes the held copy. */
  dispose(): Promise<void>;
}

/** What settling an upload needs from the world (functions/documents/scan/ports.ts wires S3, the table, clamscan). */
export interface ScanPorts {
  documents: {
    byObjectKey(key: string): Promise<ScanDocumentRecord | undefined>;
    /** Settles the document if it still waits for `uploadKey`; false when it does not (nothing written). */
    settle(document: ScanDocumentRecord, uploadKey: string, outcome: ScanOutcome): Promise<boolean>;
  };
  storage: {
    /** Reads the object once and holds its bytes aside. */
    fetch(bucket: string, key: string): Promise<FetchedObject>;
    /** Writes the held bytes to `key`; its ETag (and version where the bucket is versioned). */
    promote(
      bucket: string,
      key: string,
      object: FetchedObject,
      contentType: string,
    ): Promise<{ eTag: string; versionId?: string | undefined }>;
    remove(bucket: string, key: string): Promise<void>;
  };
  scanner: Scanner;
  postScanChecks: readonly PostScanCheck[];
  /** The time now (a document Pending past documentLimits.stalledAfterMs reads expired: ../service/view.ts). */
  now?: () => Date;
  log: {
    info(message: string, data: Record<string, unknown>): void;
    warn(message: string, data: Record<string, unknown>): void;
    error(message: string, data: Record<string, unknown>): void;
  };
}

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

/** The whole stream in one buffer of the known size (no second copy of the chunks while joining). */
async function readAll(stream: Readable, size: number): Promise<Uint8Array> {
  const out = new Uint8Array(size);
  let at = 0;
  for await (const c of stream) {
    const chunk: Uint8Array = typeof c === 'string' ? Buffer.from(c) : (c as Uint8Array);
    if (at + chunk.byteLength > size) throw new Error('The held file is longer than its size');
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return at === size ? out : out.subarray(0, at);
}

/** Bytes in memory as a held object (a check's replacement). */
function heldBytes(bytes: Uint8Array): FetchedObject {
  return {
    eTag: '',
    size: bytes.byteLength,
    open: () => Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    read: async (position, length) =>
      bytes.subarray(Math.min(position, bytes.byteLength), Math.min(position + length, bytes.byteLength)),
    dispose: async () => undefined,
  };
}

const waitsForFile = (d: ScanDocumentRecord) =>
  d.uploadStatus === 'Pending' || d.uploadStatus === 'Uploading';

/** Error names of S3 and the SDK that say "try again": throttling and timeouts. */
const TRANSIENT_NAMES = new Set([
  'SlowDown',
  'Throttling',
  'ThrottlingException',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
  'InternalError',
  'ServiceUnavailable',
]);
/** Node's codes of a connection that dropped or never came. */
const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * Whether a bucket error may pass if tried again (docs/documents.md "Scan: transient errors"):
 * throttling, a 5xx, a timeout, a dropped connection, or what the SDK marks retryable. A missing
 * object (NoSuchKey, 404), a refused one (403) or anything else is permanent.
 */
export function isTransientStorageError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as {
    name?: string;
    code?: string;
    $retryable?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e.$metadata?.httpStatusCode;
  if (status !== undefined && status >= 500) return true;
  if (status === 429 || e.$retryable) return true;
  return TRANSIENT_NAMES.has(e.name ?? '') || TRANSIENT_CODES.has(e.code ?? '');
}

/**
 * Settling an upload (docs/documents.md; docs/security.md). The browser PUTs each file once
 * to a fresh `incoming/{applicationId}/{uploadId}` key (../model/keys.ts); for each object put there:
 *
 * 1. The object must be the upload a document is waiting for (its record's objectKey, status
 *    Pending or Uploading, same owner: the application, or the user of a user-level document whose
 *    uploads go to `incoming/u-{userId}/…`): otherwise — no record, already settled (a second PUT
 *    to the same URL), another application — it is deleted and logged. Nothing else is scanned.
 *    A document that already reads as failed because its link expired (Pending 30 minutes after it
 *    was created: ../service/view.ts isStalled) is settled Error UPLOAD_LINK_EXPIRED without a scan.
 * 2. Its bytes are read once and held aside; exactly those bytes are scanned (infected → Error
 *    AV_SCAN_INFECTED; the scanner failing or the object unreadable → Error AV_SCAN_FAILED, never
 *    Completed unscanned; a transient error of the bucket — throttling, a 5xx, a timeout, a dropped
 *    connection — is thrown instead, the upload left Pending for the invocation's retry:
 *    {@link isTransientStorageError}) and go through the post-scan checks (the first failure settles it; a
 *    check may replace the file: an image converted to PDF, stored and named in its place).
 * 3. Clean: exactly those bytes (or the replacement made from them) are written to a fresh `documents/{applicationId}/{fileId}`, the key
 *    download-link serves, and the record is settled Completed with that key and its ETag (and
 *    version). The settle is conditional on the record still waiting for this upload: when another
 *    scan of the same key won, this one's copy is deleted.
 * 4. The incoming object is deleted whatever the outcome.
 *
 * So bytes PUT during or after a scan are never served unscanned, and a verdict is never attached
 * to bytes it did not see. The logs name objects by loggableKey (no file names).
 */
export function scanService(ports: ScanPorts) {
  async function verdict(bucket: string, key: string, document: ScanDocumentRecord, held: FetchedObject) {
    const object = loggableKey(key);
    const result = await ports.scanner.scan(held.open());
    if (result.status === 'infected') {
      ports.log.warn('scan: infected', { object, signature: result.signature });
      return {
        failed: { uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED' } as ScanFailure,
        scanned: 'Infected' as const,
      };
    }
    if (result.status === 'error') {
      ports.log.error('scan: scanner failed', { object, reason: result.reason });
      return {
        failed: { uploadStatus: 'Error', errorCode: 'AV_SCAN_FAILED' } as ScanFailure,
        scanned: 'ScanFailed' as const,
      };
    }
    let current: FetchedObject = held;
    let read: Promise<Uint8Array> | undefined;
    let replacement: Replacement | undefined;
    for (const check of ports.postScanChecks) {
      const file = current;
      const result = await check({
        bucket,
        key,
        document,
        size: file.size,
        open: () => file.open(),
        read: (position, length) => file.read(position, length),
        bytes: () => (read ??= readAll(file.open(), file.size)),
      });
      if (result && 'replace' in result) {
        replacement = result.replace;
        current = heldBytes(replacement.bytes);
        read = Promise.resolve(replacement.bytes);
      } else if (result) return { failed: result, scanned: 'Clean' as const, byCheck: true };
    }
    return { replacement, file: current };
  }

  /**
   * The outcome of one upload; `promoted` is the scanned copy written (to delete if the settle
   * loses); `scanned` the verdict counted (ScanFailed whenever the outcome is AV_SCAN_FAILED);
   * `byCheck` when a post-scan check refused it.
   */
  async function outcomeOf(
    bucket: string,
    key: string,
    document: ScanDocumentRecord,
  ): Promise<{ outcome: ScanOutcome; promoted?: string; scanned?: ScanVerdict; byCheck?: boolean }> {
    let held: FetchedObject | undefined;
    let promoted: string | undefined;
    // Where it failed: a transient error of the bucket is thrown (retried), not settled.
    let atBucket = true;
    try {
      held = await ports.storage.fetch(bucket, key);
      atBucket = false;
      const checked = await verdict(bucket, key, document, held);
      if ('failed' in checked)
        return {
          outcome: checked.failed as ScanOutcome,
          promoted,
          scanned: checked.scanned,
          byCheck: 'byCheck' in checked,
        };
      const { replacement, file } = checked;
      promoted = scannedDocumentKey(keyOwnerOf(document), randomUUID());
      const contentType = replacement?.contentType ?? document.fileType;
      atBucket = true;
      const stored = await ports.storage.promote(bucket, promoted, file, contentType);
      const outcome: ScanOutcome = {
        uploadStatus: 'Completed',
        storedKey: promoted,
        storedETag: stored.eTag,
      };
      if (stored.versionId) outcome.storedVersionId = stored.versionId;
      if (replacement)
        outcome.converted = {
          fileName: replacement.fileName,
          fileType: contentType,
          fileSize: file.size,
          originalFileName: document.fileName,
          originalFileType: document.fileType,
        };
      return { outcome, promoted, scanned: 'Clean' };
    } catch (err) {
      if (atBucket && isTransientStorageError(err)) {
        // The upload stays Pending and the object where it is: the invocation's retry decides.
        ports.log.warn('scan: the bucket failed for now; retried', {
          object: loggableKey(key),
          error: errorOf(err, key),
        });
        if (promoted) await ports.storage.remove(bucket, promoted).catch(() => undefined);
        throw err;
      }
      ports.log.error('scan: failed to read, scan or store the object', {
        object: loggableKey(key),
        error: errorOf(err, key),
      });
      return {
        outcome: { uploadStatus: 'Error', errorCode: 'AV_SCAN_FAILED' } as ScanOutcome,
        promoted,
        scanned: 'ScanFailed',
      };
    } finally {
      await held?.dispose();
    }
  }

  async function discard(bucket: string, key: string, reason: string) {
    await ports.storage.remove(bucket, key);
    ports.log.warn('scan: object with no pending upload removed', {
      bucket,
      object: loggableKey(key),
      reason,
    });
  }

  return {
    /** Settles the upload at `key`; its outcome, or undefined when the object was not a pending upload. */
    async settle(bucket: string, key: string): Promise<ScanOutcome | undefined> {
      if (!isIncomingKey(key)) {
        // The trigger delivers incoming/ only (infra/local/s3.ts, workflows-stack.ts): nothing else is touched.
        ports.log.warn('scan: not an upload key; ignored', { bucket, object: loggableKey(key) });
        return undefined;
      }
      const document = await ports.documents.byObjectKey(key);
      if (!document) return void (await discard(bucket, key, 'no document record'));
      if (keyOwnerOf(document) !== applicationIdOfIncomingKey(key))
        return void (await discard(bucket, key, 'another application'));
      if (!waitsForFile(document)) return void (await discard(bucket, key, 'upload already settled'));

      // A document that already reads as failed (its link expired before a file came: ../service/view.ts)
      // stays failed: a late file is not scanned, and the derived status is written down.
      const expired = isStalled(document, (ports.now ?? (() => new Date()))());
      const { outcome, promoted, scanned, byCheck } = expired
        ? { outcome: { uploadStatus: 'Error', errorCode: 'UPLOAD_LINK_EXPIRED' } as ScanOutcome }
        : await outcomeOf(bucket, key, document);
      const won = await ports.documents.settle(document, key, outcome);
      // A copy that is not the settled document's (lost the race, or failed after writing) goes.
      if (promoted && (!won || outcome.uploadStatus !== 'Completed'))
        await ports.storage.remove(bucket, promoted);
      await ports.storage.remove(bucket, key);
      if (!won) {
        ports.log.warn('scan: upload settled by another scan; this copy removed', {
          object: loggableKey(key),
        });
        return undefined;
      }
      // Counted once, by the scan that settled it (an expired link's late file was not scanned).
      if (scanned) recordMetric('ScanVerdicts', { verdict: scanned });
      if (byCheck && outcome.uploadStatus === 'Error')
        recordMetric('CheckFailures', { errorCode: outcome.errorCode });
      ports.log.info('scan: settled', {
        object: loggableKey(key),
        uploadStatus: outcome.uploadStatus,
        ...(outcome.uploadStatus === 'Error' ? { errorCode: outcome.errorCode } : {}),
        ...(promoted && outcome.uploadStatus === 'Completed' ? { stored: loggableKey(promoted) } : {}),
      });
      return outcome;
    },
  };
}
