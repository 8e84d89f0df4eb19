import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../shared/domain/objects.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
  IDEMPOTENT_REPLAYED_HEADER,
} from '../../../shared/schemas/idempotency.js';
import { entities } from '../data/service.js';
import { ttlAfter } from '../data/entities/events.js';
import type { TransactionEntities } from '../events/outbox.js';
import { Invalid, Rejected } from '../errors.js';
import type { HttpEvent } from '../caller.js';

/**
 * Idempotency keys of writes (docs/council-api.md §3). A contract entry with `idempotent: true`
 * makes the plumbing (./handler.ts) require the `Idempotency-Key` header (400
 * `header.idempotency-key`), answer an earlier call's stored response when the key was used with
 * the same request (header `idempotent-replayed: true`, nothing runs), refuse the key with another
 * request (400), and hand the implementation an {@link Idempotency}: its `item` is put **in the
 * transaction of the change**, so the change and its stored answer commit together or not at all.
 * A concurrent call with the same key loses on that item's condition and replays the winner.
 */

/** Days a stored answer is kept (TTL): a retry after that is a new call. */
export const IDEMPOTENCY_TTL_DAYS = 1;
export const IDEMPOTENCY_MISMATCH_MESSAGE = 'Idempotency-Key was used with a different request';

type IdempotencyCommit = ReturnType<
  ReturnType<TransactionEntities['councilIdempotency']['create']>['commit']
>;

/** What an idempotent route's implementation receives. */
export interface Idempotency {
  readonly key: string;
  readonly requestHash: string;
  /** The transaction item storing `response` (the JSON body answered) under the key. */
  item(
    e: Pick<TransactionEntities, 'councilIdempotency'>,
    response: unknown,
    statusCode?: number,
  ): IdempotencyCommit;
}

/** A stored answer to replay. */
export interface StoredAnswer {
  statusCode: number;
  body: unknown;
  headers: Record<string, string>;
}

/** The request's key (400 `header.idempotency-key` when absent or malformed) and its hash. */
export function idempotentRequest(
  event: HttpEvent,
  body: unknown,
): { key: string; routeKey: string; requestHash: string } {
  const parsed = IdempotencyKey.safeParse(event.headers?.[IDEMPOTENCY_KEY_HEADER]);
  if (!parsed.success) {
    throw new Invalid([
      { field: `header.${IDEMPOTENCY_KEY_HEADER}`, reason: parsed.error.issues[0]?.message ?? 'Invalid' },
    ]);
  }
  const requestHash = createHash('sha256')
    .update(`${event.requestContext.http.method} ${event.rawPath}\n${canonicalJson(body ?? null)}`)
    .digest('base64url');
  return { key: parsed.data, routeKey: event.routeKey, requestHash };
}

/** The {@link Idempotency} of a request by `owner` (the caller's id: a council client id). */
export function idempotencyOf(
  owner: string,
  request: { key: string; routeKey: string; requestHash: string },
  now: Date = new Date(),
): Idempotency {
  return {
    key: request.key,
    requestHash: request.requestHash,
    item: (e, response, statusCode = 200) =>
      e.councilIdempotency
        .create({
          clientId: owner,
          key: request.key,
          routeKey: request.routeKey,
          requestHash: request.requestHash,
          statusCode,
          ...(response === undefined ? {} : { response: JSON.stringify(response) }),
          createdAt: now.toISOString(),
          ttl: ttlAfter(now.toISOString(), IDEMPOTENCY_TTL_DAYS),
        })
        .commit(),
  };
}

/**
 * The stored answer of an earlier call by `owner` with this key (read consistently), or undefined;
 * the key used with another request → 400. An expired item (past its TTL, not yet removed) is ignored.
 */
export async function storedAnswer(
  owner: string,
  request: { key: string; requestHash: string },
  now: Date = new Date(),
): Promise<StoredAnswer | undefined> {
  const { data } = await entities.councilIdempotency
    .get({ clientId: owner, key: request.key })
    .go({ consistent: true });
  if (!data || data.ttl * 1000 <= now.getTime()) return undefined;
  if (data.requestHash !== request.requestHash) throw new Rejected(IDEMPOTENCY_MISMATCH_MESSAGE);
  return {
    statusCode: data.statusCode,
    body: data.response === undefined ? undefined : (JSON.parse(data.response) as unknown),
    headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true' },
  };
}
