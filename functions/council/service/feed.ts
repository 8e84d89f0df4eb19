import type * as z from 'zod';
import { FEED_SETTLE_SECONDS } from '../../../shared/domain/council.js';
import type { CouncilEvent, CouncilEventsQuery } from '../../../shared/schemas/council.js';
import type { CouncilEventsPage } from '../../../shared/schemas/council.js';
import { Invalid } from '../../platform/errors.js';
import type { DomainEvent } from '../../platform/events/types.js';
import type { FeedEntryRecord, FeedPosition } from '../repository/feed.js';
import { councilEventTypeOfAnswer } from '../invitations/service.js';
import '../../rfis/events.js';
import { recordMetric } from '../../platform/observability/metrics.js';
import '../../payments/events.js';

/**
 * The outbound side (docs/council-api.md §5): which domain events a council hears of, and the pull
 * feed. The webhook consumer (functions/council/consumers.ts) sends the same events.
 */

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

/** A feed entry as the council reads it. */
export function toCouncilEvent(entry: FeedEntryRecord): CouncilEvent | undefined {
  const base = { eventId: entry.eventId, occurredAt: entry.occurredAt };
  switch (entry.type) {
    case 'ApplicationSubmitted':
    case 'ApplicationResubmitted':
    case 'ApplicationWithdrawn':
    case 'RfiRoundSubmitted':
    case 'PaymentReceived':
    case 'DepositClaimed':
      return entry.applicationId
        ? { ...base, type: entry.type, applicationId: entry.applicationId }
        : undefined;
    case 'RegisteredApplicantInvitationAccepted':
    case 'RegisteredApplicantInvitationRejected':
      return entry.invitationId ? { ...base, type: entry.type, invitationId: entry.invitationId } : undefined;
    default:
      return undefined;
  }
}

export const FEED_CURSOR_MESSAGE = 'Not a cursor of this feed';

/** The opaque cursor of a feed position (base64url of its sort key parts). */
export const encodeFeedCursor = (p: FeedPosition): string =>
  Buffer.from(JSON.stringify([p.occurredAt, p.eventId])).toString('base64url');

/** The position of a cursor (400 `query.after` when it is not one of ours); '' is the start. */
export function decodeFeedCursor(cursor: string | undefined): FeedPosition | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      !Number.isNaN(Date.parse(parsed[0]))
    )
      return { occurredAt: parsed[0], eventId: parsed[1] };
  } catch {
    // falls through to the 400
  }
  throw new Invalid([{ field: 'query.after', reason: FEED_CURSOR_MESSAGE }]);
}

export interface FeedPorts {
  entries(
    authorityId: string,
    options: { after?: FeedPosition | undefined; until: string; limit: number },
  ): Promise<FeedEntryRecord[]>;
  now(): Date;
}

/** GET /council/events: the settled entries after the cursor, oldest first. */
export function feedService(ports: FeedPorts) {
  return {
    async page(
      authorityId: string,
      query: z.output<typeof CouncilEventsQuery>,
    ): Promise<z.input<typeof CouncilEventsPage>> {
      const after = decodeFeedCursor(query.after);
      // Only entries older than the settle time: a transaction stamped before it has committed or
      // failed, so no entry can appear later behind a cursor already handed out.
      const until = new Date(ports.now().getTime() - FEED_SETTLE_SECONDS * 1000).toISOString();
      const entries = await ports.entries(authorityId, { after, until, limit: query.limit });
      const last = entries.at(-1);
      recordMetric('CouncilFeedReads', { authority: authorityId });
      return {
        events: entries.flatMap((e) => toCouncilEvent(e) ?? []),
        cursor: last ? encodeFeedCursor(last) : (query.after ?? ''),
      };
    },
  };
}
