/**
 * Who may change an application's documents (one place for every documents service file): the
 * application-level rule (Edit and an editable status) and the per-document one (shared
 * documentActions: the uploader at Edit, anyone at Manage).
 */
import { documentActions } from '../../../shared/domain/documents.js';
import { inOpenGroup, uploadOffer } from '../../../shared/domain/offers.js';
import {
  groupFactsOfStored,
  isGroupOpen,
  type StoredDocumentGroup,
} from '../../../shared/domain/document-groups.js';
import { documentMessages } from '../../../shared/schemas/documents.js';
import type { ApplicationGrant } from '../../platform/access.js';
import { Forbidden } from '../../platform/errors.js';

/**
 * Changing documents (of `containerId`, when one is named) needs Edit access and an editable status
 * (Draft or VRFISuspended; any status in the proofs-of-payment container; the container of a
 * council's open group while Submitted or InProgress): shared `uploadOffer`, the rule the page
 * offers upload zones by; the refusal says why.
 */
export function assertCanChangeDocuments(
  { application, access }: ApplicationGrant,
  containerId?: string,
): void {
  const groups = ((application.requiredDocumentGroups ?? []) as StoredDocumentGroup[]).map(
    groupFactsOfStored,
  );
  const offer = uploadOffer({ ...application, accessLevel: access.accessLevel }, containerId, groups);
  if (!offer.allowed) throw new Forbidden(offer.reason);
}

const groupsOf = (application: ApplicationGrant['application']) =>
  (application.requiredDocumentGroups ?? []) as StoredDocumentGroup[];

/**
 * What the grant's holder may do with a document (the one rule, for the DTO and for every change).
 * After lodgement, an upload in a council's open group that the council has not reviewed stays its
 * uploader's to remove (a wrong file, a failed upload); a reviewed one stays as the council saw it.
 */
export function actionsOn(
  doc: { documentName?: string; createdBy?: string | undefined; documentContainerId?: string | undefined },
  { application, access }: ApplicationGrant,
) {
  const groups = groupsOf(application);
  const reviewed = doc.documentName !== undefined && groups.some((g) => g.reviews?.[doc.documentName!]);
  return documentActions(doc, {
    userId: access.userId,
    accessLevel: access.accessLevel,
    applicationStatus: application.status,
    inOpenGroup:
      !reviewed && inOpenGroup(application, doc.documentContainerId, groups.map(groupFactsOfStored)),
  });
}

/** Refuses a change of a document the caller may not edit. */
export function assertCanEdit(
  doc: { documentName?: string; createdBy?: string | undefined; documentContainerId?: string | undefined },
  grant: ApplicationGrant,
): void {
  assertCanChangeDocuments(grant, doc.documentContainerId);
  if (!actionsOn(doc, grant).isEditable) throw new Forbidden(documentMessages.notEditable);
}

/**
 * The council's open group an upload into `containerId` goes to after lodgement (any status but
 * Draft), or undefined: its settle then tells the council (RequiredDocumentUploaded, feed, webhook).
 */
export function openCouncilGroup(
  { application }: ApplicationGrant,
  containerId: string | undefined,
): StoredDocumentGroup | undefined {
  if (application.status === 'Draft' || !application.useRequiredDocumentGroups || !containerId)
    return undefined;
  return groupsOf(application).find(
    (g) => g.documentContainerId === containerId && isGroupOpen(groupFactsOfStored(g)),
  );
}
