/**
 * Whether a PDF opens as councils need it to (docs/documents-checks.md), by parsing it with pdf.js (unpdf):
 *
 * - INVALID_PDF_PASSWORD_PROTECTED: it needs a password to open (pdf.js PasswordException), or it
 *   is encrypted at all (an owner password restricting changes: pdf.js opens it, but the council's
 *   stamping and the container merge cannot change an encrypted file);
 * - FILE_IS_CORRUPT: it is not readable as a PDF (no header, cross-reference table, trailer or
 *   catalog pdf.js can find or rebuild: InvalidPDFException and any other failure to open);
 * - PDF_VALIDATION_FAILED: it opens, but its pages cannot be checked (no pages, or a page pdf.js
 *   cannot load: a page tree with a cycle or a kid that is not a page).
 *
 * Undefined when it opens with every page; throws PdfJsUnavailable when pdf.js cannot be loaded (a
 * fault of the function, not of the file). pdf.js reads the file by ranges
 * (../../service/pdf-ranges.ts): only the structure it needs — the cross-reference data, the
 * catalog and the page dictionaries, never page content — so a 250 MB file of drawings costs a few
 * MB. Fonts, images and scripts are never run.
 */
import type { UploadErrorCode } from '../../../../shared/schemas/documents.js';
import { PdfJsUnavailable, withPdf } from '../../service/pdf-ranges.js';
import type { ByteSource } from '../../service/byte-source.js';

export type PdfOpenFailure = Extract<
  UploadErrorCode,
  'INVALID_PDF_PASSWORD_PROTECTED' | 'FILE_IS_CORRUPT' | 'PDF_VALIDATION_FAILED'
>;

export async function checkPdfOpens(input: Uint8Array | ByteSource): Promise<PdfOpenFailure | undefined> {
  try {
    return await withPdf(input, async (pdf) => {
      try {
        const { info } = await pdf.getMetadata();
        if ((info as { EncryptFilterName?: string | null }).EncryptFilterName)
          return 'INVALID_PDF_PASSWORD_PROTECTED';
        if (pdf.numPages < 1) return 'PDF_VALIDATION_FAILED';
        for (let n = 1; n <= pdf.numPages; n++) {
          const page = await pdf.getPage(n);
          page.cleanup();
        }
        return undefined;
      } catch {
        return 'PDF_VALIDATION_FAILED';
      }
    });
  } catch (err) {
    if (err instanceof PdfJsUnavailable) throw err;
    return (err as Error)?.name === 'PasswordException'
      ? 'INVALID_PDF_PASSWORD_PROTECTED'
      : 'FILE_IS_CORRUPT';
  }
}
