/**
 * The document checks of the scan pipeline, after a clean virus scan (portal-core §5, §8;
 * docs/documents-checks.md), on the bytes that were scanned:
 *
 * 1. file type (./file-type.ts): WRONG_FILE_TYPE, INVALID_PDF_FORMAT;
 * 2. a PDF opens (./pdf-open.ts): INVALID_PDF_PASSWORD_PROTECTED, FILE_IS_CORRUPT, PDF_VALIDATION_FAILED;
 * 3. no interactive content (./pdf-interactive.ts): INVALID_PDF_INTERACTIVE (walked before 2, which
 *    consumes the bytes, but reported after it);
 * 4. a JPEG or PNG, when the authority converts images, becomes the PDF stored and served
 *    (./image-to-pdf.ts).
 *
 * A check that cannot reach a verdict (pdf-lib failing to parse what pdf.js opened, anything
 * thrown) gives PDF_VALIDATION_FAILED, never a pass.
 */
import type { PostScanCheck, ScanFailure } from '../scan.js';
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
  const check: PostScanCheck = async ({ document, bytes }) => {
    const data = await bytes();
    const type = checkFileType({
      declaredType: document.fileType,
      head: data.subarray(0, SNIFF_BYTES),
      // A user's own document has no authority: no conversion (its images are the wrong type).
      imageConversion: 'applicationId' in document && (await deps.imageConversion(document.applicationId)),
    });
    if (!type.ok) return fail(type.errorCode);
    try {
      if (type.handle === 'convert') {
        const pdf = await imageToPdf(data, type.imageType);
        return {
          replace: { bytes: pdf, contentType: 'application/pdf', fileName: pdfFileName(document.fileName) },
        };
      }
      // pdf.js takes the bytes it is given (it detaches their buffer): pdf-lib walks them first, and
      // pdf.js's verdict (password, corrupt, pages) still comes before the walk's.
      let interactive: Awaited<ReturnType<typeof findInteractiveContent>>;
      let walked = true;
      try {
        interactive = await findInteractiveContent(data);
      } catch {
        walked = false;
      }
      const opens = await checkPdfOpens(data);
      if (opens) return fail(opens);
      if (!walked) return fail('PDF_VALIDATION_FAILED');
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
