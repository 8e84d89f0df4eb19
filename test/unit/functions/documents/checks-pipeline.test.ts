/**
 * The document checks as the scan pipeline runs them (documentChecks): each refused file settles
 * with its code, an ordinary PDF passes, and a JPEG or PNG becomes the PDF stored in its place only
 * when the application's authority converts images.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { documentChecks } from '../../../../functions/documents/checks/service/index';
import type { ApplicationDocumentRecord } from '../../../../functions/documents/repository/documents';
import {
  corruptPdf,
  cyclicPagesPdf,
  fixture,
  formPdf,
  javascriptPdf,
  jpeg,
  plainPdf,
  largePdf,
  png,
  pngBomb,
} from '../../../support/document-files';

/** How the check read the file: whole (`bytes`) or by ranges, and the largest range. */
const reads = { whole: 0, ranged: 0, largest: 0 };

async function run(bytes: Buffer, fileType: string, conversion = false) {
  const [check] = documentChecks({ imageConversion: async (id) => conversion && id === 'app-1' });
  const document = {
    applicationId: 'app-1',
    documentName: 'upload',
    fileName: fileType === 'application/pdf' ? 'upload.pdf' : 'photo.jpg',
    fileType,
  } as ApplicationDocumentRecord;
  return check!({
    bucket: 'uploads',
    key: 'incoming/app-1/x',
    document,
    size: bytes.length,
    open: () => Readable.from([bytes]),
    read: async (position: number, length: number) => {
      const range = bytes.subarray(position, position + length);
      reads.ranged += range.length;
      reads.largest = Math.max(reads.largest, range.length);
      return new Uint8Array(range);
    },
    bytes: async () => {
      reads.whole++;
      return new Uint8Array(bytes);
    },
  });
}

const code = async (p: ReturnType<typeof run>) => {
  const r = await p;
  return r && 'errorCode' in r ? r.errorCode : r;
};

describe('document checks in the scan pipeline', () => {
  it('an ordinary PDF passes', async () => {
    expect(await run(await plainPdf(), 'application/pdf')).toBeUndefined();
  });

  it.each([
    ['a password-protected PDF', () => fixture('password-user.pdf'), 'INVALID_PDF_PASSWORD_PROTECTED'],
    ['an owner-password PDF', () => fixture('password-owner.pdf'), 'INVALID_PDF_PASSWORD_PROTECTED'],
    ['a PDF with form fields', formPdf, 'INVALID_PDF_INTERACTIVE'],
    ['a PDF with JavaScript', () => javascriptPdf('Names'), 'INVALID_PDF_INTERACTIVE'],
    ['a PNG named .pdf', () => png(60, 40), 'INVALID_PDF_FORMAT'],
    ['a corrupt PDF', async () => corruptPdf(), 'FILE_IS_CORRUPT'],
    ['a PDF whose pages cannot be read', async () => cyclicPagesPdf(), 'PDF_VALIDATION_FAILED'],
  ])('%s is %s', async (_what, make, expected) => {
    expect(await code(run(await make(), 'application/pdf'))).toBe(expected);
  });

  it('a JPEG is WRONG_FILE_TYPE where the authority does not convert images', async () => {
    expect(await code(run(await jpeg(60, 40), 'image/jpeg', false))).toBe('WRONG_FILE_TYPE');
  });

  it('a JPEG becomes a PDF named .pdf where the authority converts images', async () => {
    const r = await run(await jpeg(60, 40), 'image/jpeg', true);
    expect(r && 'replace' in r && r.replace).toMatchObject({
      contentType: 'application/pdf',
      fileName: 'photo.pdf',
    });
    const pdf = r && 'replace' in r ? Buffer.from(r.replace.bytes) : Buffer.alloc(0);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('an image bomb is refused from its header; a PNG declared as a JPEG does not match', async () => {
    expect(await code(run(pngBomb(), 'image/png', true))).toBe('PDF_VALIDATION_FAILED');
    expect(await code(run(await png(60, 40), 'image/jpeg', true))).toBe('INVALID_PDF_FORMAT');
  });

  describe('a PDF is read by ranges, never whole (docs/documents.md: the scanner reads in chunks)', () => {
    it('a 6 MB PDF passes having read a fraction of it, in ranges of at most 1 MiB', async () => {
      Object.assign(reads, { whole: 0, ranged: 0, largest: 0 });
      const pdf = await largePdf(false);
      expect(await run(pdf, 'application/pdf')).toBeUndefined();
      expect(reads.whole).toBe(0);
      expect(reads.largest).toBeLessThanOrEqual(1024 * 1024);
      expect(reads.ranged).toBeLessThan(pdf.length / 2);
    });

    it('a script written after the large stream is still found (the walk skips the stream by its length)', async () => {
      Object.assign(reads, { whole: 0, ranged: 0, largest: 0 });
      expect(await code(run(await largePdf(true), 'application/pdf'))).toBe('INVALID_PDF_INTERACTIVE');
      expect(reads.whole).toBe(0);
    });
  });
});
