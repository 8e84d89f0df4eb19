/**
 * Settling an upload (scan service) over fake ports: the object is read once and exactly those bytes
 * are scanned and promoted; uploads nobody waits for are removed; the scanner's verdicts, the
 * post-scan checks, failures, and no file names in the logs (docs/documents.md).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { scanService } from '../../../../functions/documents/scan/service.js';
import type { PostScanCheck, ScanPorts } from '../../../../functions/documents/scan/service.js';
import type {
  ApplicationDocumentRecord,
  ScanOutcome,
} from '../../../../functions/documents/repository/documents.js';
import type { ScanResult } from '../../../../functions/platform/adapters/scanner.js';
import { captureMetrics, expectOnlyCatalogueValues } from '../metrics-capture.js';

const KEY = 'incoming/1000001/0b7f4c2e-upload';
const pending = (): ApplicationDocumentRecord =>
  ({
    applicationId: '1000001',
    documentName: 'plans.pdf',
    fileName: 'plans.pdf',
    objectKey: KEY,
    fileType: 'application/pdf',
    uploadStatus: 'Pending',
  }) as ApplicationDocumentRecord;

const read = async (stream: Readable) => {
  let s = '';
  for await (const c of stream) s += String(c);
  return s;
};

/**
 * A bucket (key → bytes), one document record, and a scanner answering `result` (or a function of
 * the bytes). `during` runs while the scanner reads, as a second PUT racing the scan would.
 */
function world(
  result: ScanResult | Error | ((bytes: string) => ScanResult),
  opts: {
    checks?: PostScanCheck[];
    unreadable?: boolean;
    /** What reading (or writing the scanned copy) throws, once, as S3 would. */
    fetchError?: Error;
    promoteError?: Error;
    during?: () => void;
    doc?: ApplicationDocumentRecord;
    now?: Date;
  } = {},
) {
  const doc = opts.doc ?? pending();
  const records = new Map([[doc.objectKey, doc]]);
  const bucket = new Map<string, string>([[KEY, 'clean bytes']]);
  const logs: string[] = [];
  const scanned: string[] = [];
  const settles: ScanOutcome[] = [];
  const contentTypes: string[] = [];
  let opens = 0;
  const ports: ScanPorts = {
    documents: {
      byObjectKey: async (key) => records.get(key),
      settle: async (_key, uploadKey, outcome) => {
        const d = records.get(uploadKey);
        if (!d || (d.uploadStatus !== 'Pending' && d.uploadStatus !== 'Uploading')) return false;
        Object.assign(d, outcome);
        settles.push(outcome);
        return true;
      },
    },
    storage: {
      fetch: async (_b, key) => {
        const failure = opts.fetchError;
        opts.fetchError = undefined;
        if (failure) throw failure;
        const bytes = bucket.get(key);
        if (opts.unreadable || bytes === undefined) throw new Error(`NoSuchKey ${key}`);
        return {
          eTag: `"etag of ${bytes}"`,
          size: bytes.length,
          open: () => {
            opens++;
            return Readable.from([bytes]);
          },
          read: async (position: number, length: number) =>
            new Uint8Array(Buffer.from(bytes).subarray(position, position + length)),
          dispose: async () => {},
        };
      },
      promote: async (_b, key, object, contentType) => {
        const failure = opts.promoteError;
        opts.promoteError = undefined;
        if (failure) throw failure;
        contentTypes.push(contentType);
        const bytes = await read(object.open());
        bucket.set(key, bytes);
        return { eTag: `"etag of ${bytes}"` };
      },
      remove: async (_b, key) => void bucket.delete(key),
    },
    scanner: {
      scan: async (stream) => {
        opts.during?.();
        const s = await read(stream);
        scanned.push(s);
        if (result instanceof Error) throw result;
        return typeof result === 'function' ? result(s) : result;
      },
    },
    postScanChecks: opts.checks ?? [],
    now: () => opts.now ?? new Date('2026-11-26T03:00:00Z'),
    log: {
      info: (m, d) => logs.push(`info ${m} ${JSON.stringify(d)}`),
      warn: (m, d) => logs.push(`warn ${m} ${JSON.stringify(d)}`),
      error: (m, d) => logs.push(`error ${m} ${JSON.stringify(d)}`),
    },
  };
  return {
    service: scanService(ports),
    bucket,
    records,
    doc,
    logs,
    scanned,
    settles,
    contentTypes,
    opens: () => opens,
  };
}

const servedBytes = (w: ReturnType<typeof world>) =>
  w.doc.storedKey === undefined ? undefined : w.bucket.get(w.doc.storedKey);

describe('settling an upload', () => {
  it('clean: the scanned bytes are written to a fresh documents/ key, the record says which, the upload is removed', async () => {
    const w = world({ status: 'clean' });
    const outcome = await w.service.settle('uploads', KEY);
    expect(outcome).toMatchObject({ uploadStatus: 'Completed', storedETag: '"etag of clean bytes"' });
    expect(w.doc.storedKey).toMatch(/^documents\/1000001\/[0-9a-f-]{36}$/);
    expect(servedBytes(w)).toBe('clean bytes');
    expect(w.scanned).toEqual(['clean bytes']);
    expect(w.bucket.has(KEY)).toBe(false);
  });

  it('a second PUT during the scan cannot change what is served: the scanned bytes are promoted, not the new ones', async () => {
    const w = world(
      (bytes) => (bytes.includes('EICAR') ? { status: 'infected', signature: 'x' } : { status: 'clean' }),
      {
        during: () => w.bucket.set(KEY, 'EICAR infected bytes'),
      },
    );
    expect(await w.service.settle('uploads', KEY)).toMatchObject({ uploadStatus: 'Completed' });
    expect(servedBytes(w)).toBe('clean bytes');
    // The second PUT's own event: the document no longer waits for an upload, so its object goes.
    w.bucket.set(KEY, 'EICAR infected bytes');
    expect(await w.service.settle('uploads', KEY)).toBeUndefined();
    expect(w.bucket.has(KEY)).toBe(false);
    expect(servedBytes(w)).toBe('clean bytes');
    expect(w.scanned).toEqual(['clean bytes']);
    expect(
      w.logs.some((l) => l.includes('no pending upload removed') && l.includes('upload already settled')),
    ).toBe(true);
  });

  it('two scans of one upload race: the first settle wins, the loser removes its copy', async () => {
    const w = world({ status: 'clean' });
    const [a, b] = await Promise.all([
      w.service.settle('u', KEY),
      w.service.settle('u', KEY).catch(() => undefined),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(w.settles).toHaveLength(1);
    const documents = [...w.bucket.keys()].filter((k) => k.startsWith('documents/'));
    expect(documents).toEqual([w.doc.storedKey]);
  });

  it('an object nobody waits for is removed unscanned and logged: no record, another application, already settled', async () => {
    const orphan = world({ status: 'clean' });
    orphan.bucket.set('incoming/1000001/stray', 'stray');
    expect(await orphan.service.settle('u', 'incoming/1000001/stray')).toBeUndefined();
    expect(orphan.bucket.has('incoming/1000001/stray')).toBe(false);

    const other = world(
      { status: 'clean' },
      { doc: { ...pending(), applicationId: '1000002' } as ApplicationDocumentRecord },
    );
    expect(await other.service.settle('u', KEY)).toBeUndefined();
    expect(other.bucket.has(KEY)).toBe(false);

    const done = world(
      { status: 'clean' },
      { doc: { ...pending(), uploadStatus: 'Error' } as ApplicationDocumentRecord },
    );
    expect(await done.service.settle('u', KEY)).toBeUndefined();
    expect(done.doc.uploadStatus).toBe('Error');

    for (const w of [orphan, other, done]) {
      expect(w.scanned).toEqual([]);
      expect(w.settles).toEqual([]);
      expect(w.logs.some((l) => l.startsWith('warn scan: object with no pending upload removed'))).toBe(true);
    }
  });

  it('only incoming/ is settled: thumbnails, scanned and server-written files are never touched', async () => {
    const w = world({ status: 'clean' });
    for (const key of [
      'thumbnails/t1/a.png',
      'documents/1000001/x',
      'generated/1000001/summary-1.pdf',
      'incoming/a/b/c',
    ]) {
      w.bucket.set(key, 'kept');
      expect(await w.service.settle('u', key)).toBeUndefined();
      expect(w.bucket.get(key)).toBe('kept');
    }
    expect(w.scanned).toEqual([]);
  });

  it('infected: Error AV_SCAN_INFECTED, logged with the signature, nothing promoted', async () => {
    const w = world({ status: 'infected', signature: 'Eicar-Test-Signature' });
    expect(await w.service.settle('uploads', KEY)).toEqual({
      uploadStatus: 'Error',
      errorCode: 'AV_SCAN_INFECTED',
    });
    expect(
      w.logs.some((l) => l.startsWith('warn scan: infected') && l.includes('Eicar-Test-Signature')),
    ).toBe(true);
    expect([...w.bucket.keys()]).toEqual([]);
  });

  it('never Completed unscanned: a scanner error, a throwing scanner or an unreadable object is AV_SCAN_FAILED', async () => {
    const failed = { uploadStatus: 'Error', errorCode: 'AV_SCAN_FAILED' };
    expect(await world({ status: 'error', reason: 'no database' }).service.settle('u', KEY)).toEqual(failed);
    expect(await world(new Error('spawn ENOENT')).service.settle('u', KEY)).toEqual(failed);
    const unreadable = world({ status: 'clean' }, { unreadable: true });
    expect(await unreadable.service.settle('u', KEY)).toEqual(failed);
    expect(unreadable.settles).toHaveLength(1);
  });

  it('a transient bucket error (throttling, a 5xx, a timeout, a dropped connection) is thrown: the upload stays Pending and the retry settles it', async () => {
    const s3Error = (name: string, httpStatusCode?: number) =>
      Object.assign(new Error(name), { name, $metadata: { httpStatusCode } });
    for (const transient of [
      s3Error('SlowDown', 503),
      s3Error('InternalError', 500),
      s3Error('TimeoutError'),
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
    ]) {
      const w = world({ status: 'clean' }, { fetchError: transient });
      await expect(w.service.settle('u', KEY)).rejects.toBe(transient);
      expect(w.settles).toEqual([]);
      expect(w.doc.uploadStatus).toBe('Pending');
      // The upload is still there for the retry, which settles it as any other.
      expect(w.bucket.has(KEY)).toBe(true);
      expect(await w.service.settle('u', KEY)).toMatchObject({ uploadStatus: 'Completed' });
      expect(servedBytes(w)).toBe('clean bytes');
    }
    // Writing the scanned copy throttled: the same, and nothing is left under documents/.
    const w = world({ status: 'clean' }, { promoteError: s3Error('SlowDown', 503) });
    await expect(w.service.settle('u', KEY)).rejects.toThrow('SlowDown');
    expect(w.doc.uploadStatus).toBe('Pending');
    expect([...w.bucket.keys()]).toEqual([KEY]);
  });

  it('a permanent bucket error stays AV_SCAN_FAILED: the object missing (NoSuchKey, 404) or refused (403)', async () => {
    const failed = { uploadStatus: 'Error', errorCode: 'AV_SCAN_FAILED' };
    for (const [name, status] of [
      ['NoSuchKey', 404],
      ['AccessDenied', 403],
    ] as const) {
      const w = world(
        { status: 'clean' },
        { fetchError: Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } }) },
      );
      expect(await w.service.settle('u', KEY)).toEqual(failed);
      expect(w.settles).toHaveLength(1);
    }
  });

  it('post-scan checks run in order after a clean scan on the scanned bytes; the first failure settles it', async () => {
    const ran: string[] = [];
    const pass: PostScanCheck = async ({ open }) => {
      ran.push(`pass ${await read(open())}`);
      return undefined;
    };
    const reject: PostScanCheck = async () => {
      ran.push('reject');
      return { uploadStatus: 'Error', errorCode: 'INVALID_PDF_PASSWORD_PROTECTED' };
    };
    const never: PostScanCheck = async () => {
      ran.push('never');
      return undefined;
    };
    const w = world({ status: 'clean' }, { checks: [pass, reject, never] });
    expect(await w.service.settle('u', KEY)).toMatchObject({ errorCode: 'INVALID_PDF_PASSWORD_PROTECTED' });
    expect(ran).toEqual(['pass clean bytes', 'reject']);
    expect([...w.bucket.keys()]).toEqual([]);
    const infected = world({ status: 'infected', signature: 'x' }, { checks: [never] });
    await infected.service.settle('u', KEY);
    expect(ran).toEqual(['pass clean bytes', 'reject']);
  });

  it('logs no file names: objects are named by their folder, owner and a hash of the key (docs/documents.md)', async () => {
    for (const result of [
      { status: 'clean' },
      { status: 'infected', signature: 'x' },
      { status: 'error', reason: 'r' },
      new Error(`NoSuchKey ${KEY}`),
    ] as const) {
      const w = world(result as never);
      await w.service.settle('uploads', KEY);
      await w.service.settle('uploads', 'incoming/1000001/Jane Smith passport.pdf');
      expect(w.logs.length).toBeGreaterThan(1);
      for (const line of w.logs) {
        expect(line).not.toContain('0b7f4c2e-upload');
        expect(line).not.toContain('Jane Smith');
      }
      expect(w.logs.some((l) => l.includes('incoming/1000001/#'))).toBe(true);
    }
  });

  it('a check may replace the file (an image → PDF): the replacement is stored with its type, and the record takes its name', async () => {
    const seen: string[] = [];
    const reads: string[] = [];
    const convert: PostScanCheck = async ({ bytes }) => {
      const b = Buffer.from(await bytes()).toString();
      reads.push(b);
      return {
        replace: {
          bytes: Buffer.from(`%PDF of ${b}`),
          contentType: 'application/pdf',
          fileName: 'photo.pdf',
        },
      };
    };
    const after: PostScanCheck = async ({ bytes, open }) => {
      seen.push(Buffer.from(await bytes()).toString(), await read(open()));
      return undefined;
    };
    const doc = { ...pending(), fileName: 'photo.jpg', fileType: 'image/jpeg' } as ApplicationDocumentRecord;
    const w = world({ status: 'clean' }, { checks: [convert, after], doc });
    const outcome = await w.service.settle('u', KEY);
    expect(outcome).toMatchObject({
      uploadStatus: 'Completed',
      converted: {
        fileName: 'photo.pdf',
        fileType: 'application/pdf',
        fileSize: '%PDF of clean bytes'.length,
        originalFileName: 'photo.jpg',
        originalFileType: 'image/jpeg',
      },
    });
    expect(servedBytes(w)).toBe('%PDF of clean bytes');
    expect(w.contentTypes).toEqual(['application/pdf']);
    expect(reads).toEqual(['clean bytes']);
    expect(seen).toEqual(['%PDF of clean bytes', '%PDF of clean bytes']);
  });

  it('the checks read the held bytes once between them', async () => {
    const counting: PostScanCheck = async ({ bytes }) => {
      expect(Buffer.from(await bytes()).toString()).toBe('clean bytes');
      return undefined;
    };
    const w = world({ status: 'clean' }, { checks: [counting, counting, counting] });
    await w.service.settle('u', KEY);
    // One read for the scanner, one for the checks, one for the promotion.
    expect(w.opens()).toBe(3);
  });

  it('a document whose link expired unused (Pending 30 minutes on) is settled UPLOAD_LINK_EXPIRED: a late file is not scanned', async () => {
    const created = '2026-11-26T02:00:00.000Z';
    const doc = { ...pending(), createdAt: created } as ApplicationDocumentRecord;
    const w = world({ status: 'clean' }, { doc, now: new Date('2026-11-26T02:31:00Z') });
    expect(await w.service.settle('u', KEY)).toEqual({
      uploadStatus: 'Error',
      errorCode: 'UPLOAD_LINK_EXPIRED',
    });
    expect(w.scanned).toEqual([]);
    expect([...w.bucket.keys()]).toEqual([]);
    // 29 minutes on, the same upload is scanned as usual.
    const early = world(
      { status: 'clean' },
      {
        doc: { ...pending(), createdAt: created } as ApplicationDocumentRecord,
        now: new Date('2026-11-26T02:29:00Z'),
      },
    );
    expect(await early.service.settle('u', KEY)).toMatchObject({ uploadStatus: 'Completed' });
  });
});

describe('metrics (docs/documents.md)', () => {
  const metrics = captureMetrics();
  const verdict = (v: string) => ({ name: 'ScanVerdicts', unit: 'Count', dimensions: { verdict: v } });

  it('one ScanVerdicts per upload settled: Clean, Infected, ScanFailed (the scanner or the object failing); a check refusal is also CheckFailures by code', async () => {
    await world({ status: 'clean' }).service.settle('u', KEY);
    await world({ status: 'infected', signature: 'Eicar-Test-Signature' }).service.settle('u', KEY);
    await world({ status: 'error', reason: 'no database' }).service.settle('u', KEY);
    await world({ status: 'clean' }, { unreadable: true }).service.settle('u', KEY);
    const reject: PostScanCheck = async () => ({
      uploadStatus: 'Error',
      errorCode: 'INVALID_PDF_INTERACTIVE',
    });
    await world({ status: 'clean' }, { checks: [reject] }).service.settle('u', KEY);
    expect(metrics.emitted()).toEqual([
      verdict('Clean'),
      verdict('Infected'),
      verdict('ScanFailed'),
      verdict('ScanFailed'),
      verdict('Clean'),
      { name: 'CheckFailures', unit: 'Count', dimensions: { errorCode: 'INVALID_PDF_INTERACTIVE' } },
    ]);
    expectOnlyCatalogueValues(metrics, ['1000001', 'plans.pdf', KEY, 'Eicar-Test-Signature', 'no database']);
  });

  it('counted once: a racing second scan, a second PUT already settled and an expired link count nothing more', async () => {
    const w = world({ status: 'clean' });
    await Promise.all([w.service.settle('u', KEY), w.service.settle('u', KEY).catch(() => undefined)]);
    w.bucket.set(KEY, 'again');
    await w.service.settle('u', KEY);
    const doc = { ...pending(), createdAt: '2026-11-26T02:00:00.000Z' } as ApplicationDocumentRecord;
    await world({ status: 'clean' }, { doc, now: new Date('2026-11-26T02:31:00Z') }).service.settle('u', KEY);
    expect(metrics.emitted()).toEqual([verdict('Clean')]);
  });
});
