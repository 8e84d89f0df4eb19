/**
 * The councils' pull feed as a projection the writers keep (docs/council-api.md "The feed",
 * docs/events.md): which domain events a council hears of (`councilEventOf`), the feed entry of one
 * (`councilFeedItems`), the submission's lodgement index item (`lodgementItems`), and the tail every
 * change's transaction ends with (`publishedEventItems`: the outbox item, the council's feed entry
 * when councils hear of the event, the idempotency item of a council's call).
 *
 * Why in the writer's transaction and not a consumer: councils read the feed in order with a cursor
 * (occurredAt, eventId); an entry written later by a consumer could land behind a cursor a council
 * has already passed and never be read. So the entry commits with its change, and every writer calls
 * this one helper: no feature imports the council feature to add it.
 */
import type { CouncilEvent, councilEventTypes } from '../../../shared/schemas/council.js';
import { COUNCIL_FEED_TTL_DAYS } from '../data/entities/council.js';
import { ttlAfter } from '../data/entities/events.js';
import type { Idempotency } from '../idempotency.js';
import { outboxItem, type TransactionEntities, type TransactionItems } from './outbox.js';
import type { DomainEvent } from './types.js';

export { COUNCIL_FEED_TTL_DAYS };

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

/** The feed entry of a council event, created once (attribute_not_exists on its key). */
function feedItem(
  e: Pick<TransactionEntities, 'councilFeedEntry'>,
  authorityId: string,
  event: CouncilEvent,
) {
  return e.councilFeedEntry
    .create({
      authorityId,
      occurredAt: event.occurredAt,
      eventId: event.eventId,
      type: event.type,
      ...('applicationId' in event ? { applicationId: event.applicationId } : {}),
      ...('invitationId' in event ? { invitationId: event.invitationId } : {}),
      ...('requiredDocumentGroupGuid' in event
        ? {
            requiredDocumentGroupGuid: event.requiredDocumentGroupGuid,
            applicationDocumentId: event.applicationDocumentId,
          }
        : {}),
      ttl: ttlAfter(event.occurredAt, COUNCIL_FEED_TTL_DAYS),
    })
    .commit();
}

/** The council's feed entry of a domain event, when councils hear of it (else nothing). */
export function councilFeedItems(
  e: Pick<TransactionEntities, 'councilFeedEntry'>,
  event: DomainEvent,
): TransactionItems {
  const mapped = councilEventOf(event);
  return mapped ? [feedItem(e, mapped.authorityId, mapped.event)] : [];
}

/** A council's idempotent call: its stored answer commits with the change (functions/platform/idempotency.ts). */
export interface IdempotentAnswer {
  idempotency: Idempotency;
  answer: unknown;
  statusCode?: number;
}

/**
 * The tail of a change's transaction: its event's outbox item, the council's feed entry when
 * councils hear of the event, and the idempotency item when a council's idempotent call made it.
 * Every writer of a change councils may hear of ends its transaction with it.
 */
export function publishedEventItems(
  e: Pick<TransactionEntities, 'domainEvent' | 'councilFeedEntry' | 'councilIdempotency'>,
  event: DomainEvent,
  idempotency?: IdempotentAnswer,
): TransactionItems {
  return [
    outboxItem(e, event),
    ...councilFeedItems(e, event),
    ...(idempotency ? [idempotency.idempotency.item(e, idempotency.answer, idempotency.statusCode)] : []),
  ];
}

/** The lodgement an index item records: the first submission's date keeps its place in the list. */
export interface Lodgement {
  applicationId: string;
  authorityId: string;
  /** The first submission's date (the application's `lodgementDate`). */
  lodgementDate: string;
  status: string;
}

/**
 * What a submission adds to its own transaction for the council (docs/council-api.md): the
 * lodgement index item (put: a resubmission keeps its place and takes the new status) and the
 * authority's feed entry of the event.
 */
export function lodgementItems(
  e: Pick<TransactionEntities, 'councilLodgement' | 'councilFeedEntry'>,
  event: DomainEvent,
  lodgement: Lodgement,
): TransactionItems {
  return [
    e.councilLodgement
      .put({
        authorityId: lodgement.authorityId,
        submissionDate: lodgement.lodgementDate,
        applicationId: lodgement.applicationId,
        status: lodgement.status,
      })
      .commit(),
    ...councilFeedItems(e, event),
  ];
}
