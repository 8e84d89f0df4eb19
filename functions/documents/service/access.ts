/**
 * Who may change an application's documents (one place for every documents service file): the
 * application-level rule (Edit and an editable status) and the per-document one (shared
 * documentActions: the uploader at Edit, anyone at Manage).
 */
import { documentActions } from '../../../shared/domain/documents.js';
import { uploadOffer } from '../../../shared/domain/offers.js';
import { documentMessages } from '../../../shared/schemas/documents.js';
import type { ApplicationGrant } from '../../platform/access.js';
import { Forbidden } from '../../platform/errors.js';

/**
 * Changing documents (of `containerId`, when one is named) needs Edit access and an editable status
 * (Draft or VRFISuspended; any status in the proofs-of-payment container): shared `uploadOffer`, the
 * rule the page offers upload zones by; the refusal says why.
 */
export function assertCanChangeDocuments(
  { application, access }: ApplicationGrant,
  containerId?: string,
): void {
  const offer = uploadOffer({ ...application, accessLevel: access.accessLevel }, containerId);
  if (!offer.allowed) throw new Forbidden(offer.reason);
}

/** What the grant's holder may do with a document (the one rule, for the DTO and for every change). */
export function actionsOn(
  doc: { createdBy?: string | undefined; documentContainerId?: string | undefined },
  { application, access }: ApplicationGrant,
) {
  return documentActions(doc, {
    userId: access.userId,
    accessLevel: access.accessLevel,
    applicationStatus: application.status,
  });
}

/** Refuses a change of a document the caller may not edit. */
export function assertCanEdit(
  doc: { createdBy?: string | undefined; documentContainerId?: string | undefined },
  grant: ApplicationGrant,
): void {
  assertCanChangeDocuments(grant, doc.documentContainerId);
  if (!actionsOn(doc, grant).isEditable) throw new Forbidden(documentMessages.notEditable);
}
