// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import type { ApplicationDocumentDto } from '../../../shared/schemas/documents';
import { documentMessages, uploadErrorMessages } from '../../../shared/schemas/documents';
import {
  errorText,
  formatFileSize,
  freeName,
  prepareFiles,
  splitFileName,
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
const file = (name: string, size = 8000, type = 'application/pdf') => {
  const f = new File(['x'], name, { type });
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
    const ctx = { container, documents: [], queued: [], inQueue: () => false };
    const { rejected } = prepareFiles(
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
    expect(errorText(t, 'AV_SCAN_FAILED')).toBe('Failed to upload. Please try again. (Code: AV_SCAN_FAILED)');
  });

  it('renames a name in use to name_1.ext, name_2.ext; a failed holder is replaced instead', () => {
    expect(freeName('a.pdf', new Set(['a.pdf', 'a_1.pdf']))).toBe('a_2.pdf');
    const { accepted } = prepareFiles(t, [file('a.pdf'), file('a.pdf'), file('bad.pdf')], {
      container,
      documents: [
        listed('a.pdf'),
        listed('bad.pdf', { uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED' }),
      ],
      queued: [],
      inQueue: () => false,
    });
    expect(accepted.map((a) => [a.documentName, a.replaces])).toEqual([
      ['a_1.pdf', undefined],
      ['a_2.pdf', undefined],
      ['bad.pdf', 'bad.pdf'],
    ]);
  });

  it('stops at 50 per container (listed + queued), not in an RFIDocument container', () => {
    const documents = Array.from({ length: 49 }, (_, i) => listed(`d${i}.pdf`));
    const ctx = { container, documents, queued: [], inQueue: () => false };
    const r = prepareFiles(t, [file('x.pdf'), file('y.pdf')], ctx);
    expect(r.accepted.map((a) => a.documentName)).toEqual(['x.pdf']);
    expect(r.rejected).toEqual(['Max file numbers is 50 per container']);
    const rfi = prepareFiles(t, [file('x.pdf'), file('y.pdf')], {
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
