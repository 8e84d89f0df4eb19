/**
 * Upload error codes (docs/documents.md) as plain data: the zod enum (shared/schemas/documents.ts
 * `UploadErrorCode`) and the metrics catalogue (functions/platform/observability/catalogue.ts) both
 * read this list. Kept apart from the schemas so a function that only counts a code does not build
 * every document schema at cold start (measured: about 40 ms of CPU).
 */
export const uploadErrorCodes = [
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
] as const;
