import type { AccessLevel } from '../schemas/common.js';
import type { ApplicationStatus, RecordType } from '../schemas/applications.js';
import { documentMessages } from '../schemas/documents.js';
import { canEdit, isConsent, isEditableStatus } from './applications.js';
import { isGroupOpen, type GroupFacts } from './document-groups.js';

/**
 * What an application offers now (docs/applications.md): one pure rule for
 * "may this application take uploads into container X now" and "which follow-on applications may
 * be started now". The server refuses with the rule's reason (documents: POST and DELETE; child
 * applications: POST .../child-applications and the action items), and the page offers only what
 * the rule allows, saying why when it offers nothing. A refusal is always a sentence that says why.
 */

/** The container of proofs of payment: open at every status (invoices come after lodgement). */
export const PAYMENT_PROOFS_CONTAINER_ID = 'payment-proofs';

/** An answer of the rule: allowed, or refused with the reason in words. */
export type Offer = { allowed: true } | { allowed: false; reason: string };

const ALLOWED: Offer = { allowed: true };
const refused = (reason: string): Offer => ({ allowed: false, reason });

/** The application facts the rule reads. */
export interface OfferSubject {
  status: ApplicationStatus;
  recordType?: RecordType | undefined;
  consentNumber?: string | undefined;
  /** Whether the council's required document groups apply (docs/applications.md). */
  useRequiredDocumentGroups?: boolean | undefined;
}

/** Lodged statuses at which the council's open groups take uploads (VRFISuspended takes any). */
const GROUP_UPLOAD_STATUSES: readonly ApplicationStatus[] = ['Submitted', 'InProgress'];

/**
 * Whether a council's group open for uploads (`isGroupOpen`) has `containerId` as its container,
 * while the application is lodged and still being processed (Submitted or InProgress).
 */
export function inOpenGroup(
  a: OfferSubject,
  containerId: string | undefined,
  groups: readonly GroupFacts[] | undefined,
): boolean {
  return (
    !!a.useRequiredDocumentGroups &&
    containerId !== undefined &&
    GROUP_UPLOAD_STATUSES.includes(a.status) &&
    (groups ?? []).some((g) => g.documentContainerId === containerId && isGroupOpen(g))
  );
}

/** Why an application at this status takes no documents (the spec's locked message, then the reason). */
export function lockedReason(a: OfferSubject): string {
  const why = ((): string => {
    switch (a.status) {
      case 'Submitted':
      case 'Submitting':
        return 'the council is checking it. You can add documents again if the council asks for more information.';
      case 'InProgress':
        return a.consentNumber
          ? 'the building consent has been granted. To change the building work, apply for an amendment on the Applications tab.'
          : 'the council is assessing it. You can add documents again if the council asks for more information.';
      case 'Completed':
        return 'the code compliance certificate has been issued, so the consent is finished.';
      case 'Refused':
      case 'Rejected':
      case 'Lapsed':
      case 'Withdrawn':
        return 'the council has closed it. Contact the council if you think this is wrong.';
      default:
        return 'it is no longer open for changes.';
    }
  })();
  return `${documentMessages.locked}: ${why}`;
}

/**
 * Whether documents may be uploaded into (or removed from) `containerId` now: Edit access, and an
 * editable status (Draft or VRFISuspended) — except the proofs-of-payment container, open at every
 * status, and the container of a council's group open for uploads while the application is
 * Submitted or InProgress (`inOpenGroup`: the council asked for it or rejected an upload of it).
 * `groups` are the application's council groups (the stored ones on the server, the ones GET
 * …/required-document-groups answers on the page).
 */
export function uploadOffer(
  a: OfferSubject & { accessLevel: AccessLevel | undefined },
  containerId?: string,
  groups?: readonly GroupFacts[],
): Offer {
  if (!canEdit(a.accessLevel))
    return refused('You do not have permission to change this application. Ask its owner for Edit access.');
  if (isEditableStatus(a.status) || containerId === PAYMENT_PROOFS_CONTAINER_ID) return ALLOWED;
  if (inOpenGroup(a, containerId, groups)) return ALLOWED;
  return refused(lockedReason(a));
}

/** Whether the documents of a container may change at the application's status (access aside). */
export const documentsChangeableAt = (status: ApplicationStatus, containerId: string | undefined): boolean =>
  isEditableStatus(status) || containerId === PAYMENT_PROOFS_CONTAINER_ID;

export const CONSENT_ONLY = 'Child applications can only be created for a consent';

/** The follow-on forms (category Amendment or Supporting): CCC, amendment, extension of time, … */
export type FollowOnCategory = 'Amendment' | 'Supporting';

/**
 * Whether follow-on applications (an amendment, a code compliance certificate, an extension of time,
 * a certificate for public use) may be started now: only from a granted building consent whose
 * building work is still under way (status InProgress or VRFISuspended, with a consent number), by
 * a participant with Edit access. A completed consent (its CCC issued) or a closed one offers none.
 */
export function followOnOffer(
  a: OfferSubject & { recordType: RecordType; accessLevel?: AccessLevel | undefined },
): Offer {
  if (!isConsent(a))
    return refused(
      `${CONSENT_ONLY}: the council has not granted a building consent for this application yet.`,
    );
  if (a.status === 'Completed')
    return refused(
      `${CONSENT_ONLY} still under way: the code compliance certificate has been issued, so the consent is finished and takes no amendment, extension of time or further certificate.`,
    );
  if (a.status !== 'InProgress' && a.status !== 'VRFISuspended')
    return refused(
      `${CONSENT_ONLY} still under way: the council has closed this consent. Contact the council.`,
    );
  if ('accessLevel' in a && !canEdit(a.accessLevel))
    return refused(
      'You do not have permission to start an application from this consent. Ask its owner for Edit access.',
    );
  return ALLOWED;
}
