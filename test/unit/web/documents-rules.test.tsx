// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import type { ApplicationDocumentDto } from '../../../shared/schemas/documents';
import { documentMessages, uploadErrorMessages } from '../../../shared/schemas/documents';
import en from '../../../web/src/i18n/en.json';
import {
  acceptAttribute,
  errorText,
  formatFileSize,
  splitFileName,
  triageFiles,
  type StepContainer,
} from '../../../web/src/features/documents/documents';

let t: TFunction;
beforeAll(async () => {
  t = (await initI18n()).t;
});

const container: StepContainer = {
  id: 'plans',
  name: 'Plans',
  displayName: 'Plans',
  description: 'Plans',
  displayOrder: 1,
  containerType: 'Standard',
};
const now = new Date('2025-06-15T00:00:00Z');
const file = (name: string, size = 8000, type = 'application/pdf', lastModified = Date.UTC(2025, 5, 1)) => {
  const f = new File(['x'], name, { type, lastModified });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const listed = (name: string, over: Partial<ApplicationDocumentDto> = {}): ApplicationDocumentDto => ({
  name,
  fileName: name,
  fileType: 'application/pdf',
  fileSize: 8000,
  fileVersion: 1,
  createdDate: '2025-03-04T00:00:00.000Z',
  uploadStatus: 'Completed',
  isMergedFile: false,
  isEditable: true,
  isDeletable: true,
  hasExtractedData: false,
  order: 0,
  documentContainerId: 'plans',
  ...over,
});

describe('document step rules in the browser', () => {
  it('uses the same messages as the server', () => {
    const ctx = { container, documents: [], queued: [], inQueue: () => false, now };
    const { rejected } = triageFiles(
      t,
      [file('a.pdf', 262_144_001), file('b.docx', 8000, 'application/msword'), file('c.pdf', 10)],
      ctx,
    );
    expect(rejected).toEqual([
      documentMessages.tooLarge('a.pdf'),
      documentMessages.wrongType('b.docx'),
      documentMessages.tooSmall('c.pdf'),
    ]);
    for (const [code, message] of Object.entries(uploadErrorMessages))
      expect(errorText(t, code)).toBe(message);
    // The codes en.json words are exactly those the shared catalogue gives a message.
    expect(Object.keys(en.documents.errorCodes).filter((k) => k !== 'other')).toEqual(
      Object.keys(uploadErrorMessages),
    );
    expect(errorText(t, 'AV_SCAN_FAILED')).toBe('Failed to upload. Please try again. (Code: AV_SCAN_FAILED)');
  });

  it('accepts JPEG and PNG where the authority converts them, with the server’s message elsewhere', () => {
    const ctx = { container, documents: [], queued: [], inQueue: () => false, now };
    const photos = [file('site.jpg', 8000, 'image/jpeg'), file('plan.png', 8000, '')];
    expect(triageFiles(t, photos, ctx).rejected).toEqual([
      documentMessages.wrongType('site.jpg'),
      documentMessages.wrongType('plan.png'),
    ]);
    const converting = triageFiles(t, [...photos, file('notes.docx', 8000, 'application/msword')], {
      ...ctx,
      imagesEnabled: true,
    });
    expect(converting.accepted.map((a) => a.documentName)).toEqual(['site.jpg', 'plan.png']);
    expect(converting.rejected).toEqual([documentMessages.wrongType('notes.docx', true)]);
    expect(acceptAttribute()).toBe('.pdf,application/pdf');
    expect(acceptAttribute(true)).toContain('image/jpeg');
  });

  it('holds a name in use as a duplicate; renames it name_1.ext, name_2.ext on choice; a failed holder is replaced', () => {
    const ctx = {
      container,
      documents: [
        listed('a.pdf'),
        listed('bad.pdf', { uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED' }),
      ],
      queued: [],
      inQueue: () => false,
      now,
    };
    const files = [file('a.pdf'), file('a.pdf'), file('bad.pdf')];
    const held = triageFiles(t, files, ctx);
    expect(held.duplicates.map((f) => f.name)).toEqual(['a.pdf', 'a.pdf']);
    expect(held.accepted.map((a) => [a.documentName, a.replaces])).toEqual([['bad.pdf', 'bad.pdf']]);
    const renamed = triageFiles(t, files, ctx, { renameDuplicates: true });
    expect(renamed.duplicates).toEqual([]);
    expect(renamed.accepted.map((a) => [a.documentName, a.replaces])).toEqual([
      ['a_1.pdf', undefined],
      ['a_2.pdf', undefined],
      ['bad.pdf', 'bad.pdf'],
    ]);
  });

  it('a stalled Pending document (not in the queue) is replaced; one still uploading holds the name', () => {
    const documents = [listed('p.pdf', { uploadStatus: 'Pending' })];
    const stalled = triageFiles(t, [file('p.pdf')], {
      container,
      documents,
      queued: [],
      inQueue: () => false,
      now,
    });
    expect(stalled.accepted.map((a) => a.replaces)).toEqual(['p.pdf']);
    const live = triageFiles(t, [file('p.pdf')], {
      container,
      documents,
      queued: [],
      inQueue: () => true,
      now,
    });
    expect(live.duplicates.map((f) => f.name)).toEqual(['p.pdf']);
  });

  it('the same large file again (name, size, last-modified) resumes an upload in parts that stopped; another file replaces it', () => {
    const size = 60 * 1024 * 1024;
    const modified = Date.UTC(2025, 5, 1);
    const documents = [
      listed('big.pdf', {
        uploadStatus: 'Uploading',
        fileSize: size,
        fileModifiedDate: new Date(modified).toISOString(),
      }),
    ];
    const ctx = { container, documents, queued: [], inQueue: () => false, now };
    const same = triageFiles(t, [file('big.pdf', size, 'application/pdf', modified)], ctx);
    expect(same.accepted.map((a) => [a.documentName, a.resumes, a.replaces])).toEqual([
      ['big.pdf', 'big.pdf', undefined],
    ]);
    for (const other of [
      file('big.pdf', size + 1, 'application/pdf', modified),
      file('big.pdf', size, 'application/pdf', modified + 1000),
    ]) {
      const changed = triageFiles(t, [other], ctx);
      expect(changed.accepted.map((a) => [a.resumes, a.replaces])).toEqual([[undefined, 'big.pdf']]);
    }
  });

  it('holds files of proof-of-ownership older than 3 months as expired, until kept', () => {
    const ownership = { ...container, id: 'proof-of-ownership', displayName: 'Proof of ownership' };
    const old = file('title.pdf', 8000, 'application/pdf', Date.UTC(2025, 2, 1));
    const current = file('current.pdf');
    const ctx = { container: ownership, documents: [], queued: [], inQueue: () => false, now };
    const sorted = triageFiles(t, [old, current], ctx);
    expect(sorted.expired).toEqual([old]);
    expect(sorted.accepted.map((a) => a.documentName)).toEqual(['current.pdf']);
    expect(triageFiles(t, [old], ctx, { keepExpired: true }).accepted.map((a) => a.documentName)).toEqual([
      'title.pdf',
    ]);
    // Other containers keep old files without asking.
    expect(triageFiles(t, [old], { ...ctx, container }).accepted).toHaveLength(1);
  });

  it('stops at 50 per container (listed + queued), not in an RFIDocument container', () => {
    const documents = Array.from({ length: 49 }, (_, i) => listed(`d${i}.pdf`));
    const ctx = { container, documents, queued: [], inQueue: () => false, now };
    const r = triageFiles(t, [file('x.pdf'), file('y.pdf')], ctx);
    expect(r.accepted.map((a) => a.documentName)).toEqual(['x.pdf']);
    expect(r.rejected).toEqual(['Max file numbers is 50 per container']);
    const rfi = triageFiles(t, [file('x.pdf'), file('y.pdf')], {
      ...ctx,
      container: { ...container, containerType: 'RFIDocument' },
    });
    expect(rfi.accepted).toHaveLength(2);
  });

  it('formats sizes and splits names', () => {
    expect(formatFileSize(1_258_291)).toBe('1.2 MB');
    expect(formatFileSize(8000)).toBe('8 KB');
    expect(splitFileName('site plan.v2.pdf')).toEqual({ base: 'site plan.v2', extension: 'PDF' });
  });
});
