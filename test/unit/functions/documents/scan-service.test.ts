/** Settling an upload (scan service) over fake ports: the scanner's verdicts, the post-scan checks, failures. */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { scanService } from '../../../../functions/documents/service/scan.js';
import type { PostScanCheck, ScanPorts } from '../../../../functions/documents/service/scan.js';
import type { ApplicationDocumentRecord, ScanOutcome } from '../../../../functions/documents/repository.js';
import type { ScanResult } from '../../../../functions/platform/adapters/scanner.js';

const doc = {
  applicationId: '1000001',
  documentName: 'plans.pdf',
  objectKey: 'documents/1000001/plans.pdf',
} as ApplicationDocumentRecord;

function world(result: ScanResult | Error, opts: { checks?: PostScanCheck[]; unreadable?: boolean } = {}) {
  const settled: { key: unknown; outcome: ScanOutcome }[] = [];
  const logs: string[] = [];
  const scanned: string[] = [];
  const ports: ScanPorts = {
    documents: {
      byObjectKey: async (key) => (key === doc.objectKey ? doc : undefined),
      setStatus: async (key, outcome) => {
        settled.push({ key, outcome });
      },
    },
    open: async (_bucket, key) => {
      if (opts.unreadable) throw new Error('NoSuchKey');
      return Readable.from([`bytes of ${key}`]);
    },
    scanner: {
      scan: async (stream) => {
        let s = '';
        for await (const c of stream) s += String(c);
        scanned.push(s);
        if (result instanceof Error) throw result;
        return result;
      },
    },
    postScanChecks: opts.checks ?? [],
    log: {
      info: (m, d) => logs.push(`info ${m} ${JSON.stringify(d)}`),
      warn: (m, d) => logs.push(`warn ${m} ${JSON.stringify(d)}`),
      error: (m, d) => logs.push(`error ${m} ${JSON.stringify(d)}`),
    },
  };
  return { service: scanService(ports), settled, logs, scanned };
}

describe('settling an upload', () => {
  it('clean: Completed, after streaming the object through the scanner', async () => {
    const w = world({ status: 'clean' });
    expect(await w.service.settle('uploads', doc.objectKey)).toEqual({ uploadStatus: 'Completed' });
    expect(w.scanned).toEqual([`bytes of ${doc.objectKey}`]);
    expect(w.settled).toEqual([
      {
        key: { applicationId: '1000001', documentName: 'plans.pdf' },
        outcome: { uploadStatus: 'Completed' },
      },
    ]);
  });

  it('infected: Error AV_SCAN_INFECTED, logged with the signature', async () => {
    const w = world({ status: 'infected', signature: 'Eicar-Test-Signature' });
    expect(await w.service.settle('uploads', doc.objectKey)).toEqual({
      uploadStatus: 'Error',
      errorCode: 'AV_SCAN_INFECTED',
    });
    expect(
      w.logs.some((l) => l.startsWith('warn scan: infected') && l.includes('Eicar-Test-Signature')),
    ).toBe(true);
  });

  it('never Completed unscanned: a scanner error, a throwing scanner or an unreadable object is AV_SCAN_FAILED', async () => {
    const failed = { uploadStatus: 'Error', errorCode: 'AV_SCAN_FAILED' };
    expect(
      await world({ status: 'error', reason: 'no database' }).service.settle('u', doc.objectKey),
    ).toEqual(failed);
    expect(await world(new Error('spawn ENOENT')).service.settle('u', doc.objectKey)).toEqual(failed);
    const unreadable = world({ status: 'clean' }, { unreadable: true });
    expect(await unreadable.service.settle('u', doc.objectKey)).toEqual(failed);
    expect(unreadable.settled).toHaveLength(1);
  });

  it('post-scan checks run in order after a clean scan; the first failure settles it', async () => {
    const ran: string[] = [];
    const pass: PostScanCheck = async () => {
      ran.push('pass');
      return undefined;
    };
    const reject: PostScanCheck = async () => {
      ran.push('reject');
      return { uploadStatus: 'Error', errorCode: 'INVALID_PDF_PASSWORD_PROTECTED' } as ScanOutcome;
    };
    const never: PostScanCheck = async () => {
      ran.push('never');
      return undefined;
    };
    const w = world({ status: 'clean' }, { checks: [pass, reject, never] });
    expect(await w.service.settle('u', doc.objectKey)).toMatchObject({
      errorCode: 'INVALID_PDF_PASSWORD_PROTECTED',
    });
    expect(ran).toEqual(['pass', 'reject']);
    const infected = world({ status: 'infected', signature: 'x' }, { checks: [never] });
    await infected.service.settle('u', doc.objectKey);
    expect(ran).toEqual(['pass', 'reject']);
  });

  it('an object with no document record (a thumbnail, a stray put) is left alone', async () => {
    const w = world({ status: 'clean' });
    expect(await w.service.settle('u', 'templates/1/thumbnail.jpg')).toBeUndefined();
    expect(w.scanned).toEqual([]);
    expect(w.settled).toEqual([]);
  });

  it('logs no file names: objects are named by their folder, owner and a hash of the key (issue 9)', async () => {
    for (const result of [
      { status: 'clean' },
      { status: 'infected', signature: 'x' },
      { status: 'error', reason: 'r' },
      new Error(`NoSuchKey ${doc.objectKey}`),
    ] as const) {
      const w = world(result as never);
      await w.service.settle('uploads', doc.objectKey);
      await w.service.settle('uploads', 'documents/1000001/Jane Smith passport.pdf');
      expect(w.logs.length).toBeGreaterThan(1);
      for (const line of w.logs) {
        expect(line).not.toContain('plans.pdf');
        expect(line).not.toContain('Jane Smith');
      }
      expect(w.logs.some((l) => l.includes('documents/1000001/#'))).toBe(true);
    }
  });
});
