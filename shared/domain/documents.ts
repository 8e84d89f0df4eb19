import type { AccessLevel } from '../schemas/common.js';
import type { ApplicationStatus } from '../schemas/applications.js';
import { SUMMARY_CONTAINER_ID, canEdit, canManage, isEditableStatus } from './applications.js';

/**
 * Who may change or remove an application document (portal-core §6 "Only the document owner or a
 * permitted participant may edit; isEditable and isDeletable come from the server"; §3
 * "Application document"). One pure rule: the server computes the DTO's isEditable/isDeletable for
 * the caller with it, and enforces the same answer on DELETE.
 *
 * - The application must be editable (Draft or VRFISuspended): otherwise nobody.
 * - Files the server wrote (the summary PDF, in the summary container): nobody.
 * - A participant at Manage (permitted to manage the application's documents): any document.
 * - A participant at Edit: the documents they uploaded (their own), and no other.
 * - ReadOnly, None, Unassigned: none.
 */
export interface DocumentActions {
  isEditable: boolean;
  isDeletable: boolean;
}

export function documentActions(
  doc: { createdBy?: string | undefined; documentContainerId?: string | undefined },
  viewer: { userId: string; accessLevel: AccessLevel | undefined; applicationStatus: ApplicationStatus },
): DocumentActions {
  const allowed =
    isEditableStatus(viewer.applicationStatus) &&
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
 * The type value of a child application's document (portal-core §3): Amendment or Supporting; any
 * other or missing value reads Amendment.
 */
export const documentTypeValue = (value: string | undefined): 'Amendment' | 'Supporting' =>
  value === 'Supporting' ? 'Supporting' : 'Amendment';
