import type { TFunction } from 'i18next';
import type { DocumentContainer } from '../../../../shared/schemas/reference';
import type { ApplicationDocumentDto, DocumentContainerDto } from '../../../../shared/schemas/documents';
import {
  acceptedFileTypes,
  checkUploadFile,
  documentLimits,
  fileExtension,
  formatMegabytes,
  isSettled,
  mimeTypeOf,
  uploadErrorMessages,
} from '../../../../shared/schemas/documents';
import { isExpiredDocument, isFailedOrStalled, numberedName } from '../../../../shared/domain/documents';
import { usesMultipart } from '../../../../shared/schemas/documents-multipart';
import { DATE_FORMAT, formatDate } from '../../lib/dates';

/**
 * The document-upload step's rules in the browser (docs/documents-web.md "Document
 * upload", "Uploads"): the same limits and messages as the server, names, sizes, status texts.
 */

/** A container as the step shows it: the reference container and whether the form requires it. */
/**
 * `open`: uploads go into it even when the step is read-only (a council's group open for uploads
 * after lodgement: shared `uploadOffer`).
 */
export type StepContainer = DocumentContainer & { required?: boolean; open?: boolean };

/** The id of a container's section on the page (a rejected upload's "Upload a replacement" goes there). */
export const containerSectionId = (containerId: string) => `documents-container-${containerId}`;

/** An application's container (GET …/document-containers) as the upload step takes it. */
export const stepContainerOf = (c: DocumentContainerDto): StepContainer => ({
  id: c.id,
  name: c.name,
  displayName: c.displayName,
  description: c.description ?? '',
  displayOrder: c.displayOrder,
  containerType: c.containerType as DocumentContainer['containerType'],
});

/** What a queued upload is doing. */
export type UploadPhase = 'queued' | 'uploading' | 'scanning' | 'failed';

/** '1.2 MB', '820 KB', '900 B'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return formatMegabytes(bytes);
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The name without its extension, and the extension upper-case ('site plan', 'PDF'). */
export function splitFileName(fileName: string): { base: string; extension: string } {
  const ext = fileExtension(fileName);
  return ext
    ? { base: fileName.slice(0, -(ext.length + 1)), extension: ext.toUpperCase() }
    : { base: fileName, extension: '' };
}

/** The codes en.json words (the same as `uploadErrorMessages`: a unit test holds them equal). */
type MessagedCode = Exclude<keyof (typeof import('../../i18n/en.json'))['documents']['errorCodes'], 'other'>;

/** The text of an upload error code (docs/documents-web.md): the codes with a message are those of `uploadErrorMessages`. */
export function errorText(t: TFunction, code: string | undefined): string {
  return code && Object.hasOwn(uploadErrorMessages, code)
    ? t(`documents.errorCodes.${code as MessagedCode}`)
    : t('documents.errorCodes.other', { code: code ?? 'FAIL_TO_UPLOAD' });
}

/** Settled means Completed or Error. */
export const isSettledDoc = (d: Pick<ApplicationDocumentDto, 'uploadStatus'>): boolean =>
  isSettled(d.uploadStatus);

/** A document that failed or stalled (Error, or Pending without an upload in this page's queue). */
export const isFailedDoc = (d: Pick<ApplicationDocumentDto, 'uploadStatus'>, inQueue: boolean): boolean =>
  isFailedOrStalled(d.uploadStatus, inQueue);

export type CardStatus =
  | { kind: 'queued' | 'uploading' | 'scanning'; text: string }
  | { kind: 'error'; text: string }
  | { kind: 'done'; text: string };

/**
 * The card's status text: Queued, Uploading..., Scanning for viruses..., the error message, or the
 * modified date as dd MMM yyyy. A Pending document that is not in the queue reads as failed.
 */
export function cardStatus(
  t: TFunction,
  doc: ApplicationDocumentDto | undefined,
  local: { phase: UploadPhase; error?: string } | undefined,
): CardStatus {
  if (local?.phase === 'queued') return { kind: 'queued', text: t('documents.status.queued') };
  if (local?.phase === 'uploading') return { kind: 'uploading', text: t('documents.status.uploading') };
  if (local?.phase === 'failed')
    return { kind: 'error', text: local.error ?? errorText(t, 'FAIL_TO_UPLOAD') };
  if (!doc) return { kind: 'scanning', text: t('documents.status.scanning') };
  switch (doc.uploadStatus) {
    case 'Completed':
      return { kind: 'done', text: formatDate(doc.fileModifiedDate ?? doc.createdDate, DATE_FORMAT) };
    case 'Error':
      return { kind: 'error', text: errorText(t, doc.errorCode) };
    case 'Pending':
    case 'Uploading':
      // Not in this page's queue: its file never arrived (an upload in parts resumes when the same
      // file is dropped again).
      return local?.phase === 'scanning'
        ? { kind: 'scanning', text: t('documents.status.scanning') }
        : { kind: 'error', text: errorText(t, 'FAIL_TO_UPLOAD') };
    default:
      // Uploading, Awaiting review, Uploaded: the file is in and being checked.
      return { kind: 'scanning', text: t('documents.status.scanning') };
  }
}

export interface AcceptedFile {
  file: File;
  mimeType: string;
  documentName: string;
  /** A failed or stalled document of the same name, removed before this one is uploaded. */
  replaces?: string;
  /**
   * The same file again (name, size and last-modified time) for a document whose upload in parts
   * stopped: its stored parts are kept and only the others are sent (docs/documents.md "Large files").
   */
  resumes?: string;
}

/** Whether `file` is the one a document's unfinished upload in parts was sending. */
export const resumesUpload = (file: File, doc: ApplicationDocumentDto): boolean =>
  doc.uploadStatus === 'Uploading' &&
  usesMultipart(file.size) &&
  doc.fileSize === file.size &&
  file.lastModified > 0 &&
  doc.fileModifiedDate !== undefined &&
  Date.parse(doc.fileModifiedDate) === file.lastModified;

/** What the user chose for held files: keep expired ones, rename duplicates. */
export interface TriageChoices {
  keepExpired?: boolean;
  renameDuplicates?: boolean;
}

export interface Triage {
  accepted: AcceptedFile[];
  /** Files of an expiring container last modified more than 3 months ago (the Keep/Remove dialog). */
  expired: File[];
  /** Files whose name a document of the application already has (the rename dialog). */
  duplicates: File[];
  rejected: string[];
}

/**
 * Sorts dropped files for a container (docs/documents-web.md): refused with their message (type and
 * size, as the server; then the per-container (not RFIDocument) and per-application counts), held
 * as expired (unless kept), held as duplicates (unless renamed to `name_1.ext`, … by the user's
 * choice), or accepted. A name whose holder failed or stalled replaces it instead.
 */
export function triageFiles(
  t: TFunction,
  files: readonly File[],
  ctx: {
    container: StepContainer;
    /** The application's authority converts JPEG and PNG to PDF: they are accepted too. */
    imagesEnabled?: boolean;
    documents: readonly ApplicationDocumentDto[];
    /** Names and containers of uploads queued or in flight on this page (not yet listed). */
    queued: readonly { documentName: string; containerId: string }[];
    inQueue: (name: string) => boolean;
    now: Date;
  },
  choices: TriageChoices = {},
): Triage {
  const out: Triage = { accepted: [], expired: [], duplicates: [], rejected: [] };
  const { accepted, rejected } = out;
  const listed = new Map(ctx.documents.map((d) => [d.name, d]));
  const taken = new Set([...listed.keys(), ...ctx.queued.map((q) => q.documentName)]);
  const replaced = new Set<string>();
  const live = (containerId?: string) =>
    ctx.documents.filter(
      (d) => !replaced.has(d.name) && (containerId === undefined || d.documentContainerId === containerId),
    ).length +
    ctx.queued.filter((q) => containerId === undefined || q.containerId === containerId).length +
    accepted.length;

  for (const file of files) {
    const mimeType = mimeTypeOf(file.name, file.type, ctx.imagesEnabled);
    const problem = checkUploadFile({ fileName: file.name, mimeType, size: file.size }, ctx.imagesEnabled);
    if (problem) {
      rejected.push(
        problem.kind === 'tooLarge'
          ? t('documents.tooLarge', { name: file.name, max: formatMegabytes(documentLimits.maxFileSize) })
          : problem.kind === 'wrongType'
            ? t('documents.wrongType', {
                name: file.name,
                type: acceptedFileTypes(ctx.imagesEnabled)
                  .map((type) => type.label)
                  .join(', '),
              })
            : t('documents.tooSmall', {
                name: file.name,
                min: documentLimits.minFileSize.toLocaleString('en-NZ'),
              }),
      );
      continue;
    }
    const modified = file.lastModified ? new Date(file.lastModified) : undefined;
    if (!choices.keepExpired && isExpiredDocument({ containerId: ctx.container.id, modified }, ctx.now)) {
      out.expired.push(file);
      continue;
    }
    const holder = listed.get(file.name);
    const replaces =
      holder && !replaced.has(holder.name) && isFailedDoc(holder, ctx.inQueue(holder.name))
        ? holder.name
        : undefined;
    if (!replaces && taken.has(file.name) && !choices.renameDuplicates) {
      out.duplicates.push(file);
      continue;
    }
    // The failed document it replaces no longer counts.
    const extra = replaces ? 0 : 1;
    if (live() + extra > documentLimits.maxFilesPerApplication) {
      rejected.push(t('documents.maxPerApplication', { max_number: documentLimits.maxFilesPerApplication }));
      continue;
    }
    if (
      ctx.container.containerType !== 'RFIDocument' &&
      live(ctx.container.id) + extra > documentLimits.maxFilesPerContainer
    ) {
      rejected.push(t('documents.maxPerContainer', { max_number: documentLimits.maxFilesPerContainer }));
      continue;
    }
    if (replaces) replaced.add(replaces);
    const documentName = replaces ?? numberedName(file.name, taken);
    taken.add(documentName);
    const resumes = replaces && holder && resumesUpload(file, holder) ? replaces : undefined;
    accepted.push({
      file,
      mimeType,
      documentName,
      ...(resumes ? { resumes } : replaces ? { replaces } : {}),
    });
  }
  return out;
}

/** The file chooser's `accept`: the accepted types' extensions and MIME types. */
export const acceptAttribute = (imagesEnabled = false): string =>
  acceptedFileTypes(imagesEnabled)
    .flatMap((type) => [...type.extensions.map((ext) => `.${ext}`), type.mimeType])
    .join(',');

/** Whether a document can be previewed in the page (a completed PDF: converted images are PDFs too). */
export const isPreviewable = (d: Pick<ApplicationDocumentDto, 'uploadStatus' | 'fileType' | 'fileName'>) =>
  d.uploadStatus === 'Completed' && (d.fileType === 'application/pdf' || /\.pdf$/i.test(d.fileName));

/** The names of a container's documents with `name` moved to index `to` (a drag's drop). */
export function placedAt(names: readonly string[], name: string, to: number): string[] {
  const from = names.indexOf(name);
  if (from < 0 || to < 0 || to >= names.length || from === to) return [...names];
  const next = names.filter((n) => n !== name);
  next.splice(to, 0, name);
  return next;
}
