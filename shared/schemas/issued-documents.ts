import * as z from 'zod';
import { CreateDocumentRequest, UploadErrorCode, UploadStatus } from './documents.js';

/**
 * The documents a council issues on a consent (docs/documents.md; docs/council-api.md "Issued
 * documents"): the building consent, its conditions and the code compliance certificate. The council
 * uploads each as a PDF (a presigned PUT, scanned like the applicant's uploads); the applicant reads
 * the clean ones on the application's Overview and downloads them through the documents'
 * download link.
 */

export const issuedDocumentKinds = [
  'Building consent',
  'Consent conditions',
  'Code compliance certificate',
  'Other',
] as const;
export const IssuedDocumentKind = z.enum(issuedDocumentKinds);
export type IssuedDocumentKind = z.infer<typeof IssuedDocumentKind>;

/** POST /council/applications/{id}/issued-documents: what the council is about to upload (a PDF). */
export const IssuedDocumentRequest = z
  .object({
    kind: IssuedDocumentKind,
    /** The document's unique name in the application; defaults to the file name. */
    name: CreateDocumentRequest.shape.fileName.optional(),
    fileName: CreateDocumentRequest.shape.fileName,
    mimeType: z.literal('application/pdf', { error: 'An issued document is a PDF (application/pdf)' }),
    size: z.number().int().nonnegative(),
  })
  .strict();
export type IssuedDocumentRequest = z.infer<typeof IssuedDocumentRequest>;

/** An issued document as the council and the applicant read it. */
export const IssuedDocumentDto = z.object({
  /** The document's name: the `{name}` of the documents' download link. */
  name: z.string(),
  kind: IssuedDocumentKind,
  fileName: z.string(),
  fileSize: z.number().int(),
  /** When the council issued (uploaded) it, ISO 8601. */
  issuedDate: z.string(),
  /** Completed once its scan has passed: only then can it be downloaded. */
  uploadStatus: UploadStatus,
  errorCode: UploadErrorCode.optional(),
});
export type IssuedDocumentDto = z.infer<typeof IssuedDocumentDto>;

/** The answer of the council's upload: the record and its one-shot PUT URL (15 minutes). */
export const IssuedDocumentUpload = z.object({
  document: IssuedDocumentDto,
  presignedUrl: z.string(),
  /** When `presignedUrl` stops working (ISO 8601). */
  expiresAt: z.string(),
});
export type IssuedDocumentUpload = z.infer<typeof IssuedDocumentUpload>;

/** GET /user/applications/{id}/issued-documents: the clean issued documents, consent first. */
export const IssuedDocumentsResponse = z.object({ issuedDocuments: z.array(IssuedDocumentDto) });
export type IssuedDocumentsResponse = z.infer<typeof IssuedDocumentsResponse>;
