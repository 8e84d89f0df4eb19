/**
 * Who may change an application's documents (one place for every documents service file): the
 * application-level rule (Edit and an editable status) and the per-document one (shared
 * documentActions: the uploader at Edit, anyone at Manage).
 */
import { canEdit } from '../../../shared/domain/applications.js';
import { documentActions, documentsChangeableAt } from '../../../shared/domain/documents.js';
import { documentMessages } from '../../../shared/schemas/documents.js';
import type { ApplicationGrant } from '../../platform/access.js';
import { Forbidden } from '../../platform/errors.js';

/**
 * Changing documents (of `containerId`, when one is named) needs Edit access and an editable status
 * (Draft or VRFISuspended; any status in the proofs-of-payment container).
 */
export function assertCanChangeDocuments(
  { application, access }: ApplicationGrant,
  containerId?: string,
): void {
  if (!canEdit(access.accessLevel))
    throw new Forbidden('You do not have permission to change this application');
  if (!documentsChangeableAt(application.status, containerId)) throw new Forbidden(documentMessages.locked);
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
