/**
 * How a stored application document reads (docs/documents.md): the DTO, with a
 * stalled upload derived on read — a document still Pending (or Uploading) 30 minutes after it was
 * created never got its file (the presigned PUT lasts 15 minutes) and reads Error
 * UPLOAD_LINK_EXPIRED, so a late clean-up job never shows a wrong status.
 */
import type { ApplicationDocumentDto, UploadErrorCode } from '../../../shared/schemas/documents.js';
import { UploadErrorCode as UploadErrorCodes, documentLimits } from '../../../shared/schemas/documents.js';
import type { DocumentActions } from '../../../shared/domain/documents.js';
import { multipartLimits } from '../../../shared/schemas/documents-multipart.js';

/** What a caller may do with a document when nobody said (safe default: nothing). */
export const NO_DOCUMENT_ACTIONS: DocumentActions = { isEditable: false, isDeletable: false };

export interface StoredDocument {
  documentName: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  fileVersion?: number | undefined;
  fileModifiedDate?: string | undefined;
  uploadStatus: ApplicationDocumentDto['uploadStatus'];
  errorCode?: string | undefined;
  isMergedFile?: boolean | undefined;
  hasExtractedData?: boolean | undefined;
  documentContainerId?: string | undefined;
  documentCategoryId?: string | undefined;
  order?: number | undefined;
  status?: string | undefined;
  createdBy?: string | undefined;
  createdAt: string;
  extractionStatus?: ApplicationDocumentDto['extractionStatus'] | undefined;
  extractionNote?: ApplicationDocumentDto['extractionNote'] | undefined;
  titleIssuedDate?: string | undefined;
}

/**
 * True when the document waits for a file that can no longer arrive: Pending 30 minutes, or
 * Uploading (its file being sent in parts, which can resume) a day, after it was created.
 */
export function isStalled(doc: Pick<StoredDocument, 'uploadStatus' | 'createdAt'>, now: Date): boolean {
  if (doc.uploadStatus !== 'Pending' && doc.uploadStatus !== 'Uploading') return false;
  const created = Date.parse(doc.createdAt);
  const limit =
    doc.uploadStatus === 'Uploading' ? multipartLimits.stalledAfterMs : documentLimits.stalledAfterMs;
  return Number.isFinite(created) && now.getTime() - created > limit;
}

const asErrorCode = (code: string | undefined): UploadErrorCode | undefined => {
  const r = UploadErrorCodes.safeParse(code);
  return r.success ? r.data : code === undefined ? undefined : 'FAIL_TO_UPLOAD';
};

/** The DTO; `actions` are the caller's (shared/domain/documents.ts documentActions). */
export function toDocumentDto(
  doc: StoredDocument,
  now: Date = new Date(),
  actions: DocumentActions = NO_DOCUMENT_ACTIONS,
): ApplicationDocumentDto {
  const stalled = isStalled(doc, now);
  const dto: ApplicationDocumentDto = {
    name: doc.documentName,
    fileName: doc.fileName,
    fileType: doc.fileType,
    fileSize: doc.fileSize,
    fileVersion: doc.fileVersion ?? 1,
    createdDate: doc.createdAt,
    uploadStatus: stalled ? 'Error' : doc.uploadStatus,
    isMergedFile: doc.isMergedFile ?? false,
    hasExtractedData: doc.hasExtractedData ?? false,
    order: doc.order ?? 0,
    isEditable: actions.isEditable,
    isDeletable: actions.isDeletable,
  };
  const errorCode = stalled ? 'UPLOAD_LINK_EXPIRED' : asErrorCode(doc.errorCode);
  if (dto.uploadStatus === 'Error' && errorCode) dto.errorCode = errorCode;
  if (doc.fileModifiedDate !== undefined) dto.fileModifiedDate = doc.fileModifiedDate;
  if (doc.documentContainerId !== undefined) dto.documentContainerId = doc.documentContainerId;
  if (doc.documentCategoryId !== undefined) dto.documentCategoryId = doc.documentCategoryId;
  if (doc.status !== undefined) dto.status = doc.status;
  if (doc.extractionStatus) dto.extractionStatus = doc.extractionStatus;
  if (doc.extractionNote) dto.extractionNote = doc.extractionNote;
  if (doc.titleIssuedDate) dto.titleIssuedDate = doc.titleIssuedDate;
  return dto;
}
