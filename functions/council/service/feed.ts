import type * as z from 'zod';
import { FEED_SETTLE_SECONDS } from '../../../shared/domain/council.js';
import type { CouncilEvent, CouncilEventsQuery } from '../../../shared/schemas/council.js';
import type { CouncilEventsPage } from '../../../shared/schemas/council.js';
import { Invalid } from '../../platform/errors.js';
import type { FeedEntryRecord, FeedPosition } from '../repository/feed.js';
import { councilEventOf } from '../model/events.js';
import { recordMetric } from '../../platform/observability/metrics.js';

export { councilEventOf };

/**
 * The outbound side (docs/council-api.md §5): which domain events a council hears of, and the pull
 * feed. The webhook consumer (functions/council/consumers.ts) sends the same events.
 */

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
    case 'RequiredDocumentUploaded':
      return entry.applicationId && entry.requiredDocumentGroupGuid && entry.applicationDocumentId
        ? {
            ...base,
            type: entry.type,
            applicationId: entry.applicationId,
            requiredDocumentGroupGuid: entry.requiredDocumentGroupGuid,
            applicationDocumentId: entry.applicationDocumentId,
          }
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
