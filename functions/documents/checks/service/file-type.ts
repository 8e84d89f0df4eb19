/**
 * The file-type check of an upload (docs/documents-checks.md): what the bytes are, read from
 * their first bytes (never from the name or the declared type), against what the document declared.
 * Pure: the scan pipeline gives it the declared type, the first bytes and the authority's
 * image-conversion setting.
 */
import type { UploadErrorCode } from '../../../../shared/schemas/documents.js';
import { sniffImageType } from '../../../platform/adapters/image-headers.js';

export type SniffedType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/gif';

/** How many leading bytes {@link sniffFileType} needs. */
export const SNIFF_BYTES = 1024;

/**
 * The type of a file by its magic bytes: `%PDF-` within the first 1024 bytes (where the PDF
 * specification lets readers find it), else JPEG, PNG or GIF by their signatures; undefined for
 * anything else.
 */
export function sniffFileType(head: Uint8Array): SniffedType | undefined {
  const image = sniffImageType(head);
  if (image) return image;
  const start = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, SNIFF_BYTES));
  if (start.indexOf('%PDF-', 0, 'latin1') >= 0) return 'application/pdf';
  return undefined;
}

/** What the pipeline does with a file that passed: check it as a PDF, or convert the image to one. */
export type FileTypeVerdict =
  | { ok: true; handle: 'pdf' }
  | { ok: true; handle: 'convert'; imageType: 'image/jpeg' | 'image/png' }
  | { ok: false; errorCode: UploadErrorCode };

const CONVERTIBLE = ['image/jpeg', 'image/png'] as const;
const isConvertible = (t: string): t is (typeof CONVERTIBLE)[number] =>
  (CONVERTIBLE as readonly string[]).includes(t);

/**
 * The declared type must be one the authority accepts (PDF; JPEG and PNG when its image conversion
 * is on), else WRONG_FILE_TYPE; the bytes must be of the declared type, else INVALID_PDF_FORMAT
 * ("File's format does not match the file's type.").
 */
export function checkFileType(input: {
  declaredType: string;
  head: Uint8Array;
  imageConversion: boolean;
}): FileTypeVerdict {
  const declared = input.declaredType.trim().toLowerCase();
  const accepted = declared === 'application/pdf' || (input.imageConversion && isConvertible(declared));
  if (!accepted) return { ok: false, errorCode: 'WRONG_FILE_TYPE' };
  if (sniffFileType(input.head) !== declared) return { ok: false, errorCode: 'INVALID_PDF_FORMAT' };
  return isConvertible(declared)
    ? { ok: true, handle: 'convert', imageType: declared }
    : { ok: true, handle: 'pdf' };
}
