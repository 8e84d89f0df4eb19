/**
 * The document checks of the scan pipeline, after a clean virus scan (docs/documents-checks.md), on the bytes that were scanned:
 *
 * 1. file type (./file-type.ts): WRONG_FILE_TYPE, INVALID_PDF_FORMAT;
 * 2. a PDF opens (./pdf-open.ts): INVALID_PDF_PASSWORD_PROTECTED, FILE_IS_CORRUPT, PDF_VALIDATION_FAILED;
 * 3. no interactive content (./pdf-interactive.ts): INVALID_PDF_INTERACTIVE;
 * 4. a JPEG or PNG, when the authority converts images, becomes the PDF stored and served
 *    (./image-to-pdf.ts).
 *
 * A check that cannot reach a verdict (the walk failing to parse what pdf.js opened, anything
 * thrown) gives PDF_VALIDATION_FAILED, never a pass. A PDF is read by ranges of the scanner's held
 * copy (../../service/byte-source.ts), so memory does not grow with the file.
 */
import type { PostScanCheck, ScanFailure } from '../../scan/service.js';
import { SNIFF_BYTES, checkFileType } from './file-type.js';
import { ConversionRefused, imageToPdf, pdfFileName } from './image-to-pdf.js';
import { findInteractiveContent } from './pdf-interactive.js';
import { checkPdfOpens } from './pdf-open.js';

export interface DocumentCheckDeps {
  /** Whether the authority of the application converts JPEG and PNG uploads to PDF. */
  imageConversion(applicationId: string): Promise<boolean>;
  log?: { warn(message: string, data: Record<string, unknown>): void };
}

const fail = (errorCode: ScanFailure['errorCode']): ScanFailure => ({ uploadStatus: 'Error', errorCode });

export function documentChecks(deps: DocumentCheckDeps): PostScanCheck[] {
  const check: PostScanCheck = async ({ document, size, read, bytes }) => {
    const type = checkFileType({
      declaredType: document.fileType,
      head: await read(0, SNIFF_BYTES),
      // A user's own document has no authority: no conversion (its images are the wrong type).
      imageConversion: 'applicationId' in document && (await deps.imageConversion(document.applicationId)),
    });
    if (!type.ok) return fail(type.errorCode);
    try {
      if (type.handle === 'convert') {
        // An image is read whole: its size is bounded by the pixel limit checked before decoding.
        const pdf = await imageToPdf(await bytes(), type.imageType);
        return {
          replace: { bytes: pdf, contentType: 'application/pdf', fileName: pdfFileName(document.fileName) },
        };
      }
      // A PDF is read by ranges, never whole: pdf.js opens it, then every object is walked.
      const source = { size, read };
      const opens = await checkPdfOpens(source);
      if (opens) return fail(opens);
      let interactive: Awaited<ReturnType<typeof findInteractiveContent>>;
      try {
        interactive = await findInteractiveContent(source);
      } catch {
        return fail('PDF_VALIDATION_FAILED');
      }
      if (interactive) return fail('INVALID_PDF_INTERACTIVE');
      return undefined;
    } catch (err) {
      if (err instanceof ConversionRefused) {
        deps.log?.warn('scan: image not converted', { reason: err.message, errorCode: err.errorCode });
        return fail(err.errorCode);
      }
      deps.log?.warn('scan: document checks could not complete', { error: (err as Error)?.name });
      return fail('PDF_VALIDATION_FAILED');
    }
  };
  return [check];
}
