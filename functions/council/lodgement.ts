import { COUNCIL_FEED_TTL_DAYS } from '../platform/data/entities/council.js';
import { ttlAfter } from '../platform/data/entities/events.js';
import type { TransactionEntities, TransactionItems } from '../platform/events/outbox.js';
import type { DomainEvent } from '../platform/events/types.js';
import { councilEventOf } from './model/events.js';

/** The lodgement an index item records: the first submission's date keeps its place in the list. */
export interface Lodgement {
  applicationId: string;
  authorityId: string;
  /** The first submission's date (the application's `lodgementDate`). */
  lodgementDate: string;
  status: string;
}

/**
 * What a submission adds to its own transaction for the council (docs/council-api.md §4, §5): the
 * lodgement index item (put: a resubmission keeps its place and takes the new status) and the
 * authority's feed entry of the event (`councilEventOf`). The applications feature calls it through
 * its port (functions/applications/form.ts), as access requests add participants.
 */
export function lodgementItems(
  e: Pick<TransactionEntities, 'councilLodgement' | 'councilFeedEntry'>,
  event: DomainEvent,
  lodgement: Lodgement,
): TransactionItems {
  const mapped = councilEventOf(event);
  return [
    e.councilLodgement
      .put({
        authorityId: lodgement.authorityId,
        submissionDate: lodgement.lodgementDate,
        applicationId: lodgement.applicationId,
        status: lodgement.status,
      })
      .commit(),
    ...(mapped ? [feedItem(e, mapped.authorityId, mapped.event)] : []),
  ];
}

/** The feed entry of a council event, created once (attribute_not_exists on its key). */
export function feedItem(
  e: Pick<TransactionEntities, 'councilFeedEntry'>,
  authorityId: string,
  event: NonNullable<ReturnType<typeof councilEventOf>>['event'],
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

/** The council's feed entry of a domain event in the change's transaction, when councils hear of it. */
export function councilFeedItems(
  e: Pick<TransactionEntities, 'councilFeedEntry'>,
  event: DomainEvent,
): TransactionItems {
  const mapped = councilEventOf(event);
  return mapped ? [feedItem(e, mapped.authorityId, mapped.event)] : [];
}
