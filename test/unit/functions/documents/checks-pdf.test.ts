/**
 * The PDF and file-type checks of the scan pipeline (docs/documents.md) on real files: each code
 * has a file that fails it, and an ordinary PDF passes them all.
 */
import { describe, expect, it } from 'vitest';
import { checkFileType, sniffFileType } from '../../../../functions/documents/checks/service/file-type';
import { checkPdfOpens } from '../../../../functions/documents/checks/service/pdf-open';
import { findInteractiveContent } from '../../../../functions/documents/checks/service/pdf-interactive';
import { uploadErrorText } from '../../../../shared/schemas/documents';
import { rangeBudget } from '../../../../functions/documents/service/pdf-ranges';
import { minimalPdf } from '../../../support/pdf';
import {
  corruptPdf,
  cyclicPagesPdf,
  fixture,
  formPdf,
  javascriptPdf,
  jpeg,
  largePdf,
  mentionsJavaScriptPdf,
  noPagesPdf,
  plainPdf,
  png,
  truncatedPdf,
} from '../../../support/document-files';
import type { JavaScriptPlace } from '../../../support/document-files';

describe('file type: by the bytes, against the declared type', () => {
  it('sniffs PDF, JPEG and PNG by their magic bytes, and nothing else', async () => {
    expect(sniffFileType(await plainPdf())).toBe('application/pdf');
    expect(sniffFileType(await jpeg(40, 30))).toBe('image/jpeg');
    expect(sniffFileType(await png(40, 30))).toBe('image/png');
    expect(sniffFileType(Buffer.from('Just some text, not a PDF at all'))).toBeUndefined();
    // A PDF header after some junk (allowed within the first 1024 bytes) is still a PDF.
    expect(sniffFileType(Buffer.concat([Buffer.alloc(100, 0x20), await plainPdf()]))).toBe('application/pdf');
  });

  it('a PNG uploaded as a PDF is INVALID_PDF_FORMAT, with the spec message', async () => {
    const v = checkFileType({
      declaredType: 'application/pdf',
      head: await png(40, 30),
      imageConversion: true,
    });
    expect(v).toEqual({ ok: false, errorCode: 'INVALID_PDF_FORMAT' });
    expect(uploadErrorText('INVALID_PDF_FORMAT')).toBe("File's format does not match the file's type.");
  });

  it('a text file uploaded as a PDF, and a PDF uploaded as a JPEG, are INVALID_PDF_FORMAT', async () => {
    const text = Buffer.from('Plans to follow. '.repeat(500));
    expect(checkFileType({ declaredType: 'application/pdf', head: text, imageConversion: false })).toEqual({
      ok: false,
      errorCode: 'INVALID_PDF_FORMAT',
    });
    expect(
      checkFileType({ declaredType: 'image/jpeg', head: await plainPdf(), imageConversion: true }),
    ).toEqual({ ok: false, errorCode: 'INVALID_PDF_FORMAT' });
  });

  it('a type the authority does not accept is WRONG_FILE_TYPE (the generic message with its code)', async () => {
    const photo = await jpeg(40, 30);
    expect(checkFileType({ declaredType: 'image/jpeg', head: photo, imageConversion: false })).toEqual({
      ok: false,
      errorCode: 'WRONG_FILE_TYPE',
    });
    expect(checkFileType({ declaredType: 'image/gif', head: photo, imageConversion: true })).toEqual({
      ok: false,
      errorCode: 'WRONG_FILE_TYPE',
    });
    expect(uploadErrorText('WRONG_FILE_TYPE')).toBe(
      'Failed to upload. Please try again. (Code: WRONG_FILE_TYPE)',
    );
  });

  it('a PDF declared as a PDF is checked as one; a JPEG with conversion on is converted', async () => {
    expect(
      checkFileType({ declaredType: 'application/pdf', head: await plainPdf(), imageConversion: false }),
    ).toEqual({ ok: true, handle: 'pdf' });
    expect(
      checkFileType({ declaredType: 'image/jpeg', head: await jpeg(40, 30), imageConversion: true }),
    ).toEqual({
      ok: true,
      handle: 'convert',
      imageType: 'image/jpeg',
    });
  });
});

describe('a PDF opens (pdf.js)', () => {
  it('an ordinary PDF passes', async () => {
    expect(await checkPdfOpens(await plainPdf())).toBeUndefined();
  });

  it('a PDF that needs a password (made with qpdf) is INVALID_PDF_PASSWORD_PROTECTED', async () => {
    expect(await checkPdfOpens(fixture('password-user.pdf'))).toBe('INVALID_PDF_PASSWORD_PROTECTED');
    expect(uploadErrorText('INVALID_PDF_PASSWORD_PROTECTED')).toBe(
      'Password-protected files are not allowed.',
    );
  });

  it('a PDF encrypted with an owner password only (opens, changes locked) is refused as well', async () => {
    expect(await checkPdfOpens(fixture('password-owner.pdf'))).toBe('INVALID_PDF_PASSWORD_PROTECTED');
  });

  it('a PDF header with no PDF behind it, and half a PDF, are FILE_IS_CORRUPT', async () => {
    expect(await checkPdfOpens(corruptPdf())).toBe('FILE_IS_CORRUPT');
    expect(await checkPdfOpens(await truncatedPdf())).toBe('FILE_IS_CORRUPT');
    expect(uploadErrorText('FILE_IS_CORRUPT')).toBe('File is corrupt. You must replace the file.');
  });

  it('a PDF that opens but whose pages cannot be checked is PDF_VALIDATION_FAILED', async () => {
    expect(await checkPdfOpens(cyclicPagesPdf())).toBe('PDF_VALIDATION_FAILED');
    expect(await checkPdfOpens(noPagesPdf())).toBe('PDF_VALIDATION_FAILED');
    expect(uploadErrorText('PDF_VALIDATION_FAILED')).toBe(
      'Failed to upload. Please try again. (Code: PDF_VALIDATION_FAILED)',
    );
  });
});

describe('a PDF pdf.js must search or rebuild is read whole, not by ranges (bounded time)', () => {
  /** A source that records its reads. */
  const recorded = (bytes: Buffer) => {
    const reads: number[] = [];
    return {
      reads,
      source: {
        size: bytes.length,
        read: async (position: number, length: number) => {
          reads.push(length);
          return new Uint8Array(bytes.subarray(position, position + length));
        },
      },
    };
  };
  const padding = () => Buffer.from(`%${'x'.repeat(4_000_000)}\n`, 'latin1');

  it('an ordinary PDF is read by ranges only', async () => {
    const pdf = await largePdf(false);
    const { reads, source } = recorded(pdf);
    expect(await checkPdfOpens(source)).toBeUndefined();
    expect(Math.max(...reads)).toBeLessThan(pdf.length);
  });

  it('junk after the trailer (no startxref in the last 1024 bytes): read whole at once, and it passes', async () => {
    const pdf = Buffer.concat([minimalPdf('plans'), padding()]);
    const { reads, source } = recorded(pdf);
    expect(await checkPdfOpens(source)).toBeUndefined();
    expect(reads).toContain(pdf.length);
  });

  it('a cross-reference table pdf.js must rebuild: by ranges until the budget, then whole, and it passes', async () => {
    const base = minimalPdf('plans');
    const at = base.indexOf('xref');
    const pdf = Buffer.concat([base.subarray(0, at), padding(), base.subarray(at)]);
    const { reads, source } = recorded(pdf);
    const saved = { ...rangeBudget };
    rangeBudget.ms = 300;
    try {
      expect(await checkPdfOpens(source)).toBeUndefined();
    } finally {
      Object.assign(rangeBudget, saved);
    }
    expect(reads).toContain(pdf.length);
  });
});

describe('interactive content (by parsing every object)', () => {
  it('an ordinary PDF has none', async () => {
    expect(await findInteractiveContent(await plainPdf())).toBeUndefined();
  });

  it('a PDF with AcroForm fields has form fields', async () => {
    expect(await findInteractiveContent(await formPdf())).toBe('form fields');
  });

  it.each<JavaScriptPlace>(['OpenAction', 'Names', 'LinkAction', 'AnnotationAA', 'PageAA', 'Outline'])(
    'JavaScript in %s (inside a compressed object stream) is found',
    async (place) => {
      const pdf = await javascriptPdf(place);
      // The script is compressed: a byte search would not see it.
      expect(pdf.includes('app.alert')).toBe(false);
      expect(await findInteractiveContent(pdf)).toBe('JavaScript');
    },
  );

  it('a PDF whose text only mentions /JavaScript and /AcroForm is not interactive', async () => {
    const pdf = await mentionsJavaScriptPdf();
    expect(pdf.includes('/JavaScript')).toBe(true);
    expect(await findInteractiveContent(pdf)).toBeUndefined();
  });

  describe('the walk reads the file in windows, by its syntax', () => {
    /** A PDF's objects as text (the walk needs no cross-reference table). */
    const raw = (...objects: string[]) =>
      Buffer.from(
        `%PDF-1.7\n${objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('')}%%EOF\n`,
        'latin1',
      );
    const catalog = '<< /Type /Catalog /Pages 2 0 R >>';

    it('a stream whose length is a reference is skipped up to its endstream, and what follows is walked', async () => {
      const content = 'BT (4 0 obj << /S /JavaScript /JS (x) >> endobj) Tj ET';
      const pdf = raw(catalog, `<< /Length 3 0 R >>\nstream\n${content}\nendstream`, `${content.length}`);
      expect(await findInteractiveContent(pdf)).toBeUndefined();
      const withScript = raw(
        catalog,
        `<< /Length 3 0 R >>\nstream\n${content}\nendstream`,
        `${content.length}`,
        '<< /S /JavaScript /JS (app.alert(1)) >>',
      );
      expect(await findInteractiveContent(withScript)).toBe('JavaScript');
    });

    it('strings with brackets, escapes and keywords inside are not read as objects', async () => {
      const pdf = raw(catalog, '<< /Title (a \\) (nested) << /JS (x) >> obj) /Note <4A53> >>');
      expect(await findInteractiveContent(pdf)).toBeUndefined();
    });

    it('a dictionary larger than a window (a page tree of 20,000 kids) is read whole', async () => {
      const kids = Array.from({ length: 20_000 }, (_, i) => `${i + 10} 0 R`).join(' ');
      const pdf = raw(
        catalog,
        `<< /Type /Pages /Kids [${kids}] /Count 20000 /AA << /O << /S /JavaScript /JS (x) >> >> >>`,
      );
      expect(pdf.length).toBeGreaterThan(64 * 1024);
      expect(await findInteractiveContent(pdf)).toBe('JavaScript');
    });

    it('an AcroForm by reference counts only when its Fields are not empty', async () => {
      const form = (fields: string) =>
        raw(
          '<< /Type /Catalog /Pages 2 0 R /AcroForm 3 0 R >>',
          '<< /Type /Pages /Kids [] /Count 0 >>',
          `<< /Fields 4 0 R >>`,
          fields,
        );
      expect(await findInteractiveContent(form('[]'))).toBeUndefined();
      expect(await findInteractiveContent(form('[5 0 R]'))).toBe('form fields');
    });

    it('a script added by an incremental update is found', async () => {
      const base = raw(catalog, '<< /Type /Pages /Kids [] /Count 0 >>');
      const update = Buffer.from(
        '1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (x) >> >>\nendobj\n%%EOF\n',
        'latin1',
      );
      expect(await findInteractiveContent(Buffer.concat([base, update]))).toBe('JavaScript');
    });

    it('a dictionary that is not PDF syntax cannot be walked (a failed validation, never a pass)', async () => {
      await expect(findInteractiveContent(raw('<< (not a name) 1 >>'))).rejects.toThrow();
    });
  });

  it('the message', () => {
    expect(uploadErrorText('INVALID_PDF_INTERACTIVE')).toBe(
      'Files with interactive content are not allowed.',
    );
  });
});
