import * as z from 'zod';
import { uploadErrorCodes } from '../domain/upload-errors.js';

/** Upload status of an application document (docs/documents.md). */
export const UploadStatus = z.enum([
  'Pending',
  'Uploading',
  'Awaiting review',
  'Uploaded',
  'Completed',
  'Error',
]);
export type UploadStatus = z.infer<typeof UploadStatus>;

/** Upload error codes (docs/documents.md). */
export const UploadErrorCode = z.enum(uploadErrorCodes);
export type UploadErrorCode = z.infer<typeof UploadErrorCode>;

/** Messages the spec gives for some codes; unlisted codes read 'Failed to upload. Please try again. (Code: ...)'. */
export const uploadErrorMessages: Partial<Record<UploadErrorCode, string>> = {
  AV_SCAN_INFECTED: 'File is infected. You must replace the file.',
  FILE_IS_CORRUPT: 'File is corrupt. You must replace the file.',
  INVALID_PDF_PASSWORD_PROTECTED: 'Password-protected files are not allowed.',
  INVALID_PDF_INTERACTIVE: 'Files with interactive content are not allowed.',
  INVALID_PDF_FORMAT: "File's format does not match the file's type.",
};

/** The text an upload error code shows (docs/documents.md): the spec's message, else the generic one with the code. */
export function uploadErrorText(code: string | undefined): string {
  const known = code && (uploadErrorMessages as Record<string, string | undefined>)[code];
  return known || `Failed to upload. Please try again. (Code: ${code ?? 'FAIL_TO_UPLOAD'})`;
}

/** Upload limits (docs/documents.md). */
export const documentLimits = {
  /** 250 MB. */
  maxFileSize: 262_144_000,
  minFileSize: 6000,
  maxFilesPerApplication: 200,
  /** The fixed per-container maximum (not applied to RFIDocument containers). */
  maxFilesPerContainer: 50,
  /** Longest document / file name kept (S3 keys allow 1024 bytes; names are shown on cards). */
  maxNameLength: 255,
  /** A presigned PUT is valid for 15 minutes; a Pending document older than 30 minutes has failed. */
  uploadUrlSeconds: 15 * 60,
  stalledAfterMs: 30 * 60 * 1000,
  /** A download link is valid for 5 minutes. */
  downloadUrlSeconds: 5 * 60,
} as const;

/** An accepted upload type: its MIME type, file extensions and the label messages show. */
export interface AcceptedFileType {
  mimeType: string;
  extensions: readonly string[];
  label: string;
}

const PDF: AcceptedFileType = { mimeType: 'application/pdf', extensions: ['pdf'], label: 'PDF' };
const JPEG: AcceptedFileType = { mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG' };
const PNG: AcceptedFileType = { mimeType: 'image/png', extensions: ['png'], label: 'PNG' };

/** PDF, plus JPEG and PNG when the image-upload flag is on (they are converted to PDF). */
export const acceptedFileTypes = (imagesEnabled = false): readonly AcceptedFileType[] =>
  imagesEnabled ? [PDF, JPEG, PNG] : [PDF];

/** The extension of a file name, lower-case without the dot ('' when none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** The MIME type of a file: the one given, else the accepted type its extension names, else ''. */
export function mimeTypeOf(fileName: string, given: string | undefined, imagesEnabled = false): string {
  if (given) return given;
  const ext = fileExtension(fileName);
  return acceptedFileTypes(imagesEnabled).find((t) => t.extensions.includes(ext))?.mimeType ?? '';
}

/** '250 MB' for 262144000 bytes (binary megabytes, as the limit is defined). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/**
 * What to do about a file under the minimum size (docs/documents.md; docs/content-guide.md "Errors
 * that say what to do"): the spec's rule and message stay, this sentence follows it.
 */
export const TOO_SMALL_WHAT_TO_DO =
  'Export the PDF again at a higher quality or scan it again, then upload the new file.';

/** The upload messages of the spec (docs/documents.md), word for word. */
export const documentMessages = {
  tooLarge: (name: string, max: number = documentLimits.maxFileSize) =>
    `File "${name}" is too large, we only accept file size less than ${formatMegabytes(max)}.`,
  wrongType: (name: string, imagesEnabled = false) =>
    `File "${name}" is not acceptable, we only accept ${acceptedFileTypes(imagesEnabled)
      .map((t) => t.label)
      .join(', ')} files.`,
  notAcceptable: (name: string) => `File "${name}" is not acceptable`,
  /** The spec's 'not acceptable', saying the minimum size (6000 bytes) the file is under. */
  tooSmall: (name: string, min: number = documentLimits.minFileSize) =>
    `File "${name}" is not acceptable, we only accept file size of at least ${min.toLocaleString('en-NZ')} bytes. ${TOO_SMALL_WHAT_TO_DO}`,
  maxPerContainer: (max: number = documentLimits.maxFilesPerContainer) =>
    `Max file numbers is ${max} per container`,
  /** The spec gives the 200-file limit without a message: the container message's wording. */
  maxPerApplication: (max: number = documentLimits.maxFilesPerApplication) =>
    `Max file numbers is ${max} per application`,
  fileConstraints: 'Unable to upload file due to file constraints',
  uploadFailed: 'Upload failed',
  uploadFileFailed: 'Upload file failed',
  typeNotSupported: 'Type not supported',
  locked: 'Application is currently locked from further changes',
  notReady: 'The document is not available until its virus scan has passed',
  nameTaken: (name: string) => `A document named "${name}" already exists in this application`,
  reservedName: (name: string) => `The name "${name}" is reserved for the application summary`,
  serverContainer: 'Documents cannot be added to this container',
  notRemovable: 'You do not have permission to remove this document',
  notEditable: 'You do not have permission to change this document',
  statusNotSettable: 'Must be WITHDRAWN',
  unknownTag: (id: string) => `Unknown document tag '${id}'`,
  unknownType: (id: string) => `Unknown document type '${id}'`,
  orderMismatch: 'Must name every document of the container once',
  mergeNotSupported: 'Documents of this container are not merged',
  documentNotFound: 'Document not found',
  containerNotFound: 'Document container not found',
  requiredNotFound: 'Required document not found',
} as const;

/** Which file rule a file breaks, if any (size, then type), with its message. */
export type FileProblem = {
  kind: 'tooLarge' | 'wrongType' | 'tooSmall';
  field: 'size' | 'mimeType';
  message: string;
};

/** Checks one file against the type and size rules (the browser and the server apply the same). */
export function checkUploadFile(
  file: { fileName: string; mimeType: string; size: number },
  imagesEnabled = false,
): FileProblem | undefined {
  if (file.size > documentLimits.maxFileSize)
    return { kind: 'tooLarge', field: 'size', message: documentMessages.tooLarge(file.fileName) };
  const types = acceptedFileTypes(imagesEnabled);
  if (!types.some((t) => t.mimeType === file.mimeType))
    return {
      kind: 'wrongType',
      field: 'mimeType',
      message: documentMessages.wrongType(file.fileName, imagesEnabled),
    };
  if (file.size < documentLimits.minFileSize)
    return { kind: 'tooSmall', field: 'size', message: documentMessages.tooSmall(file.fileName) };
  return undefined;
}

/**
 * Whether one more file fits: at most 200 per application, and at most the per-container maximum
 * except in RFIDocument containers. Returns the message when it does not.
 */
export function checkFileCount(input: {
  applicationCount: number;
  containerCount: number;
  containerType: string | undefined;
}): string | undefined {
  if (input.applicationCount >= documentLimits.maxFilesPerApplication)
    return documentMessages.maxPerApplication();
  if (input.containerType !== 'RFIDocument' && input.containerCount >= documentLimits.maxFilesPerContainer)
    return documentMessages.maxPerContainer();
  return undefined;
}

/** Settled means Completed or Error (docs/documents.md). */
export const isSettled = (status: UploadStatus): boolean => status === 'Completed' || status === 'Error';

const DocumentName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(documentLimits.maxNameLength, `Must be at most ${documentLimits.maxNameLength} characters`)
  .refine((v) => !v.includes('/') && !v.includes('\\'), 'Must not contain / or \\')
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'Must not contain control characters');

/** POST /user/applications/{id}/documents. `name` (the document's unique name) defaults to the file name. */
export const CreateDocumentRequest = z.object({
  name: DocumentName.optional(),
  fileName: DocumentName,
  mimeType: z.string().trim().max(100),
  size: z.number().int().nonnegative(),
  containerId: z.string().trim().min(1, 'Required').max(64),
  categoryId: z.string().trim().min(1).max(64).optional(),
  fileModifiedDate: z.iso.datetime({ offset: true }).optional(),
});
export type CreateDocumentRequest = z.infer<typeof CreateDocumentRequest>;

/**
 * PATCH /user/applications/{id}/document-containers/{cid}/documents/order (docs/documents.md
 * `{documents}`): the container's document names in their new order, each once.
 */
export const ReorderDocumentsRequest = z.object({
  documents: z
    .array(DocumentName)
    .min(1, 'Required')
    .max(documentLimits.maxFilesPerApplication)
    .refine((names) => new Set(names).size === names.length, 'Must not repeat a document'),
});
export type ReorderDocumentsRequest = z.infer<typeof ReorderDocumentsRequest>;

/** Path of the per-document routes. */
export const DocumentPath = z.object({
  id: z.string().trim().min(1, 'Required').max(64),
  name: z.string().min(1, 'Required').max(documentLimits.maxNameLength),
});

/**
 * The extraction of a proof-of-ownership document (docs/documents.md): Running while the state machine
 * reads it, Completed when it proposed something, NothingProposed when it did not (see the note).
 */
export const ExtractionStatus = z.enum(['Running', 'Completed', 'NothingProposed']);
export type ExtractionStatus = z.infer<typeof ExtractionStatus>;
/** Why nothing was proposed: a scan without a text layer, not a record of title, no owners section. */
export const ExtractionNote = z.enum(['NoText', 'NotATitle', 'NoOwners']);
export type ExtractionNote = z.infer<typeof ExtractionNote>;

/** An application document as the API returns it (docs/documents.md). */
export const ApplicationDocumentDto = z.object({
  name: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
  fileVersion: z.number(),
  fileModifiedDate: z.string().optional(),
  createdDate: z.string(),
  uploadStatus: UploadStatus,
  errorCode: UploadErrorCode.optional(),
  isMergedFile: z.boolean(),
  hasExtractedData: z.boolean(),
  documentContainerId: z.string().optional(),
  documentCategoryId: z.string().optional(),
  order: z.number(),
  status: z.string().optional(),
  /** Whether the caller may change this document (shared/domain/documents.ts, computed by the server). */
  isEditable: z.boolean(),
  /** Whether the caller may remove this document (the same rule; DELETE enforces it). */
  isDeletable: z.boolean(),
  /** The extraction of a proof-of-ownership document, when one was started. */
  extractionStatus: ExtractionStatus.optional(),
  extractionNote: ExtractionNote.optional(),
  /** The issue date (yyyy-mm-dd) of the record of title read from the document. */
  titleIssuedDate: z.string().optional(),
});
export type ApplicationDocumentDto = z.infer<typeof ApplicationDocumentDto>;

/** 201 of POST .../documents: the record and where to PUT the file (valid 15 minutes). */
export const CreateDocumentResponse = z.object({
  document: ApplicationDocumentDto,
  presignedUrl: z.string(),
});
export type CreateDocumentResponse = z.infer<typeof CreateDocumentResponse>;

/** GET .../documents/{name}/download-link (valid 5 minutes). */
export const DownloadLinkResponse = z.object({ presignedUrl: z.string(), fileName: z.string() });
export type DownloadLinkResponse = z.infer<typeof DownloadLinkResponse>;

// ---- The documents calls of docs/documents.md (docs/documents.md) ----

/** Document status (docs/documents.md), in the spec's spelling. */
export const documentStatuses = [
  'Required',
  'Received',
  'Awaiting Review',
  'Accepted',
  'Rejected',
  'Withdrawn',
] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** The statuses a user may set (the others are the council's): withdrawing a document. */
export const userSettableDocumentStatuses: readonly DocumentStatus[] = ['Withdrawn'];

/**
 * PATCH .../documents/{name} and /user/documents/{name}: `status` sent upper-case (docs/documents.md,
 * 'WITHDRAWN'); read in any case, returned in the spec's spelling.
 */
export const PatchDocumentRequest = z.object({
  status: z
    .string()
    .trim()
    .max(40)
    .transform((v, ctx) => {
      const found = documentStatuses.find((s) => s.toUpperCase() === v.toUpperCase());
      if (!found || !userSettableDocumentStatuses.includes(found)) {
        ctx.addIssue({ code: 'custom', message: documentMessages.statusNotSettable });
        return z.NEVER;
      }
      return found;
    }),
});
export type PatchDocumentRequest = z.output<typeof PatchDocumentRequest>;

const RefIds = z.array(z.string().trim().min(1).max(64)).max(50);

/** POST (add) and PUT (replace) .../documents/{name}/tags. */
export const DocumentTagsRequest = z.object({ documentTagIds: RefIds });
/** POST (add) and PUT (replace) .../documents/{name}/types. */
export const DocumentTypesRequest = z.object({ documentTypeIds: RefIds });

/** A tag of a document (docs/documents.md). */
export const DocumentTagDto = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  displayOrder: z.number(),
  userId: z.string(),
  description: z.string().optional(),
});
export type DocumentTagDto = z.infer<typeof DocumentTagDto>;

/** A type of a document (docs/documents.md); name Amendment or Supporting. */
export const DocumentTypeOfDocumentDto = z.object({
  id: z.string(),
  name: z.enum(['Amendment', 'Supporting']),
  displayName: z.string(),
  displayOrder: z.number(),
  description: z.string().optional(),
});
export type DocumentTypeOfDocumentDto = z.infer<typeof DocumentTypeOfDocumentDto>;

export const ContainerMergeStatus = z.enum(['NotMerged', 'InProgress', 'Merged', 'Error']);
export type ContainerMergeStatus = z.infer<typeof ContainerMergeStatus>;

/** GET .../document-containers (docs/documents.md). */
export const DocumentContainerDto = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().optional(),
  displayOrder: z.number(),
  containerType: z.string(),
  mergedFileName: z.string().optional(),
  containerMergeStatus: ContainerMergeStatus,
});
export type DocumentContainerDto = z.infer<typeof DocumentContainerDto>;

/** The merge statuses a user sets (submitting the required document; back to not merged). */
export const userSettableMergeStatuses = ['InProgress', 'NotMerged'] as const;

/** PATCH .../required-documents/{requiredId}. */
export const PatchRequiredDocumentRequest = z.object({
  containerMergeStatus: z.enum(userSettableMergeStatuses, {
    error: `Must be one of ${userSettableMergeStatuses.join(', ')}`,
  }),
});

/** GET .../required-document-groups (docs/documents.md). */
export const RequiredDocumentUploadDto = z.object({
  applicationDocumentId: z.string(),
  name: z.string(),
  documentStatus: z.string(),
  councilStatus: z.string().optional(),
  reason: z.string().optional(),
  receivedDate: z.string().optional(),
  processingDate: z.string().optional(),
  processingDocumentGuid: z.string().optional(),
  fileName: z.string(),
  fileSize: z.number(),
  mimeType: z.string(),
});
export const RequiredDocumentGroupDto = z.object({
  id: z.string(),
  applicationId: z.string(),
  documentContainerId: z.string(),
  documentCategoryId: z.string().optional(),
  guid: z.string(),
  name: z.string(),
  status: z.string(),
  type: z.string(),
  building: z.string().optional(),
  subcategory: z.string().optional(),
  description: z.string().optional(),
  acceptedDate: z.string().optional(),
  requestedDate: z.string().optional(),
  displayOrder: z.number(),
  requiredDocumentUploads: z.array(RequiredDocumentUploadDto),
});
export type RequiredDocumentGroupDto = z.infer<typeof RequiredDocumentGroupDto>;

/** POST /user/documents: a document of the user's own (no container). */
export const CreateUserDocumentRequest = CreateDocumentRequest.omit({
  containerId: true,
  categoryId: true,
});
export type CreateUserDocumentRequest = z.infer<typeof CreateUserDocumentRequest>;

/** Path of /user/documents/{name}. */
export const UserDocumentPath = DocumentPath.pick({ name: true });
