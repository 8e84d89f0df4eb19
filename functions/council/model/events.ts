/**
 * The council's outbound events (docs/council-api.md §5): which domain events a council hears of. A
 * pure model the feed's writers (lodgement, the invitations' repository), the feed service and the
 * webhook consumer share (a repository never imports a service: docs/architecture.md).
 */
import type { CouncilEvent, councilEventTypes } from '../../../shared/schemas/council.js';
import type { DomainEvent } from '../../platform/events/types.js';
import '../../rfis/events.js';
import '../../payments/events.js';

export type RegisteredApplicantInvitationStatus = 'Pending' | 'Accepted' | 'Rejected';
export type InvitationAnswer = 'Accepted' | 'Rejected';

/** The council's outbound event of an answer (shared/schemas/council.ts `councilEventTypes`). */
export const councilEventTypeOfAnswer = (
  status: InvitationAnswer,
): Extract<(typeof councilEventTypes)[number], `RegisteredApplicantInvitation${InvitationAnswer}`> =>
  status === 'Accepted' ? 'RegisteredApplicantInvitationAccepted' : 'RegisteredApplicantInvitationRejected';

/**
 * The council's event of a domain event, with the authority that hears it, or undefined when
 * councils do not hear of it. The one mapping: the feed entry written in the change's transaction
 * and the webhook delivery both come from it.
 * - ApplicationSubmitted with status Submitted (a first submission) → ApplicationSubmitted;
 *   with InProgress (resubmitted after a suspension: functions/applications/service/steps.ts) →
 *   ApplicationResubmitted.
 */
export function councilEventOf(event: DomainEvent): { authorityId: string; event: CouncilEvent } | undefined {
  switch (event.type) {
    case 'ApplicationSubmitted': {
      const { authorityId, status } = event.data;
      if (!authorityId) return undefined;
      const type = status === 'Submitted' ? 'ApplicationSubmitted' : 'ApplicationResubmitted';
      return {
        authorityId,
        event: {
          eventId: event.eventId,
          type,
          applicationId: event.aggregate.id,
          occurredAt: event.occurredAt,
        },
      };
    }
    // An applicant submitted an RFI round (functions/rfis): the council reads the responses.
    case 'RfiRoundSubmitted':
      return {
        authorityId: event.data.authorityId,
        event: {
          eventId: event.eventId,
          type: 'RfiRoundSubmitted',
          applicationId: event.aggregate.id,
          occurredAt: event.occurredAt,
        },
      };
    // A card payment the gateway approved, or a deposit the applicant says they made (functions/payments):
    // the council reads the invoice (GET /council/applications/{id}/payments).
    case 'CardPaymentSettled':
    case 'DepositClaimed': {
      if (event.type === 'CardPaymentSettled' && event.data.result !== 'Approved') return undefined;
      return {
        authorityId: event.data.authorityId,
        event: {
          eventId: event.eventId,
          type: event.type === 'DepositClaimed' ? 'DepositClaimed' : 'PaymentReceived',
          applicationId: event.aggregate.id,
          occurredAt: event.occurredAt,
        },
      };
    }
    // An upload into the council's open required document group after lodgement (functions/documents,
    // written by the scan's settle): the council reviews it.
    case 'RequiredDocumentUploaded':
      return {
        authorityId: event.data.authorityId,
        event: {
          eventId: event.eventId,
          type: 'RequiredDocumentUploaded',
          applicationId: event.aggregate.id,
          requiredDocumentGroupGuid: event.data.groupGuid,
          applicationDocumentId: event.data.documentName,
          occurredAt: event.occurredAt,
        },
      };
    // The invitee's answer to a registered-applicant invitation (functions/council/invitations).
    case 'RegisteredApplicantInvitationAnswered': {
      const { authorityId, invitationId, status } = event.data;
      return {
        authorityId,
        event: {
          eventId: event.eventId,
          type: councilEventTypeOfAnswer(status),
          invitationId,
          occurredAt: event.occurredAt,
        },
      };
    }
    default:
      return undefined;
  }
}
