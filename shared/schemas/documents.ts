import { z } from 'zod';

/** Upload status of an application document (portal-core §4 "Document upload"). */
export const UploadStatus = z.enum([
  'Pending',
  'Uploading',
  'Awaiting review',
  'Uploaded',
  'Completed',
  'Error',
]);
export type UploadStatus = z.infer<typeof UploadStatus>;

/** Upload error codes (portal-core §8). */
export const UploadErrorCode = z.enum([
  'FAIL_TO_UPLOAD',
  'AV_SCAN_FAILED',
  'AV_SCAN_INFECTED',
  'UPLOAD_LINK_EXPIRED',
  'FILE_IS_CORRUPT',
  'WRONG_FILE_TYPE',
  'INVALID_PDF_PASSWORD_PROTECTED',
  'INVALID_PDF_INTERACTIVE',
  'INVALID_PDF_FORMAT',
  'PDF_VALIDATION_FAILED',
]);
export type UploadErrorCode = z.infer<typeof UploadErrorCode>;

/** Messages the spec gives for some codes; unlisted codes read 'Failed to upload. Please try again. (Code: ...)'. */
export const uploadErrorMessages: Partial<Record<UploadErrorCode, string>> = {
  AV_SCAN_INFECTED: 'File is infected. You must replace the file.',
  FILE_IS_CORRUPT: 'File is corrupt. You must replace the file.',
  INVALID_PDF_PASSWORD_PROTECTED: 'Password-protected files are not allowed.',
  INVALID_PDF_INTERACTIVE: 'Files with interactive content are not allowed.',
  INVALID_PDF_FORMAT: "File's format does not match the file's type.",
};
