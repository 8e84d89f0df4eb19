import type { AccessLevel } from '../schemas/common.js';
import type { ApplicationStatus } from '../schemas/applications.js';
import { fileExtension, isSettled, type UploadStatus } from '../schemas/documents.js';
import {
  EXPIRING_CONTAINERS,
  SUMMARY_CONTAINER_ID,
  canEdit,
  canManage,
  isOwnershipDocumentExpired,
} from './applications.js';
import { documentsChangeableAt } from './offers.js';

/**
 * Who may change or remove an application document (docs/documents.md "Only the document owner or a
 * permitted participant may edit; isEditable and isDeletable come from the server";
 * "Application document"). One pure rule: the server computes the DTO's isEditable/isDeletable for
 * the caller with it, and enforces the same answer on DELETE.
 *
 * - The application must be editable (Draft or VRFISuspended), except in the proofs-of-payment
 *   container, which stays open at every status (invoices come after lodgement): otherwise nobody.
 * - Files the server wrote (the summary PDF, in the summary container): nobody.
 * - A participant at Manage (permitted to manage the application's documents): any document.
 * - A participant at Edit: the documents they uploaded (their own), and no other.
 * - ReadOnly, None, Unassigned: none.
 */
export interface DocumentActions {
  isEditable: boolean;
  isDeletable: boolean;
}

// The proofs-of-payment container and whether a container's documents may change at a status: the
// one rule of what an application offers (./offers.ts), re-exported for the documents' callers.
export { PAYMENT_PROOFS_CONTAINER_ID, documentsChangeableAt } from './offers.js';

export function documentActions(
  doc: { createdBy?: string | undefined; documentContainerId?: string | undefined },
  viewer: {
    userId: string;
    accessLevel: AccessLevel | undefined;
    applicationStatus: ApplicationStatus;
    /**
     * The document is in a council's group open for uploads after lodgement and the council has not
     * reviewed it (shared/domain/offers.ts `inOpenGroup`): its uploader may still remove it.
     */
    inOpenGroup?: boolean | undefined;
  },
): DocumentActions {
  const allowed =
    (documentsChangeableAt(viewer.applicationStatus, doc.documentContainerId) || !!viewer.inOpenGroup) &&
    doc.documentContainerId !== SUMMARY_CONTAINER_ID &&
    (canManage(viewer.accessLevel) ||
      (canEdit(viewer.accessLevel) && doc.createdBy !== undefined && doc.createdBy === viewer.userId));
  return { isEditable: allowed, isDeletable: allowed };
}

/**
 * Document names the server keeps for the files it writes: the summary PDF is named
 * `summary-<applicationNumber or id>.pdf` (functions/applications/service/summary-pdf.ts). An
 * upload with such a name would take the summary's record, so it is refused (case-insensitive).
 */
export const isReservedDocumentName = (name: string): boolean => /^summary-.*\.pdf$/i.test(name.trim());

/**
 * A document that failed or stalled (docs/documents.md): Error, or Pending while no upload of it is
 * in the upload queue ("counts as failed/stalled and shows as Error"); likewise Uploading (its file
 * was being sent in parts) with no upload of it in the queue. Such a document is removed
 * by 'Remove failed', and a new file of the same name replaces it.
 */
export function isFailedOrStalled(uploadStatus: UploadStatus, inQueue: boolean): boolean {
  return (
    uploadStatus === 'Error' || ((uploadStatus === 'Pending' || uploadStatus === 'Uploading') && !inQueue)
  );
}

/** Whether a document is neither settled (Completed or Error) nor failed/stalled: still on its way. */
export const isInProgress = (uploadStatus: UploadStatus, inQueue: boolean): boolean =>
  !isSettled(uploadStatus) && !isFailedOrStalled(uploadStatus, inQueue);

/**
 * The name a duplicate is added as (docs/documents.md): `name_1.ext`, `name_2.ext`, … the first that
 * is not taken (the counter starts at 1); the name itself when it is free.
 */
export function numberedName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  // The extension as written ('Plan.PDF' → 'Plan_1.PDF').
  const ext = fileExtension(name) && name.slice(-fileExtension(name).length);
  const base = ext ? name.slice(0, -(ext.length + 1)) : name;
  for (let i = 1; ; i++) {
    const candidate = ext ? `${base}_${i}.${ext}` : `${base}_${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The container a record of title is uploaded to (reference data: document-containers.json). */
export const OWNERSHIP_CONTAINER_ID = 'proof-of-ownership';

/**
 * Whether a file has expired (docs/documents.md "Files of proof-of-ownership or
 * project-information-memorandum containers last modified more than 3 months ago are expired"):
 * the browser holds such a file in its expired list, the review rule reports such a document.
 */
export function isExpiredDocument(
  file: { containerId: string | undefined; modified: Date | undefined },
  now: Date,
): boolean {
  return (
    file.containerId !== undefined &&
    (EXPIRING_CONTAINERS as readonly string[]).includes(file.containerId) &&
    file.modified !== undefined &&
    !Number.isNaN(file.modified.getTime()) &&
    isOwnershipDocumentExpired(file.modified, now)
  );
}

/**
 * The type value of a child application's document (docs/documents.md): Amendment or Supporting; any
 * other or missing value reads Amendment.
 */
export const documentTypeValue = (value: string | undefined): 'Amendment' | 'Supporting' =>
  value === 'Supporting' ? 'Supporting' : 'Amendment';

/** How long after a proof-of-ownership PDF settles its extraction may still be about to start (the consumer's lag). */
export const EXTRACTION_START_GRACE_MS = 60_000;

/**
 * Whether the title extraction of a document runs or is about to (docs/documents.md "Processing
 * banner"): Running, or a proof-of-ownership PDF Completed within the grace time and not yet marked.
 * The web shows 'Analysing Document' and polls the documents while it is so.
 */
export function isExtracting(
  d: {
    uploadStatus: string;
    fileType?: string;
    documentContainerId?: string | undefined;
    extractionStatus?: string | undefined;
    createdDate?: string;
  },
  now: Date,
): boolean {
  if (d.extractionStatus === 'Running') return true;
  if (d.extractionStatus || d.uploadStatus !== 'Completed') return false;
  if (d.documentContainerId !== OWNERSHIP_CONTAINER_ID || d.fileType !== 'application/pdf') return false;
  const created = d.createdDate ? Date.parse(d.createdDate) : NaN;
  return Number.isFinite(created) && now.getTime() - created < EXTRACTION_START_GRACE_MS;
}

/**
 * Whether the page offers Withdraw on a document (PATCH …/documents/{name} `WITHDRAWN`, the one
 * status a user may set): a finished upload the caller may change (the server's `isEditable`), not
 * withdrawn already, on an application past Draft — in a draft a document is simply removed. The
 * server accepts the same change wherever the document is editable.
 */
export function canWithdrawDocument(
  doc: { isEditable: boolean; uploadStatus: string; status?: string | undefined },
  applicationStatus: ApplicationStatus,
): boolean {
  return (
    applicationStatus !== 'Draft' &&
    doc.isEditable &&
    doc.uploadStatus === 'Completed' &&
    doc.status?.toLowerCase() !== 'withdrawn'
  );
}
