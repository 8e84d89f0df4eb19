/**
 * The table side of council webhooks (docs/council-api.md §5): an authority's registration and its
 * delivery log. Every write is keyed by the authority (and the event id), so a retry or a replay
 * writes the same item again.
 */
import { entities, service } from '../../platform/data/service.js';
import { Invalid } from '../../platform/errors.js';
import type { TransactionEntities } from '../../platform/events/outbox.js';
import type { EntityItem } from 'electrodb';
import { COUNCIL_DELIVERY_TTL_DAYS, type councilDelivery } from '../../platform/data/entities/council.js';
import { isConditionalCheckFailed } from '../../platform/data/conditional.js';
import { ttlAfter } from '../../platform/data/entities/events.js';
import type { webhookDeliveryStatuses } from '../../../shared/schemas/council.js';

export type DeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** An item to write in the same transaction as the change (a council write's idempotency item). */
export type AlsoWrite = (e: Pick<TransactionEntities, 'councilIdempotency'>) => unknown;

/**
 * One signing secret: `sealed` (only the delivery function opens it: ../service/webhook-seal.ts), or
 * the plain `secret` of a registration written before secrets were sealed (sealed on first read).
 */
export interface WebhookSecretRecord {
  sealed?: string | undefined;
  secret?: string | undefined;
  createdAt: string;
  expiresAt?: string | undefined;
}

export interface WebhookRecord {
  authorityId: string;
  url: string;
  secrets: WebhookSecretRecord[];
  clientId: string;
  createdAt: string;
}

export interface DeliveryRecord {
  authorityId: string;
  eventId: string;
  occurredAt: string;
  type: string;
  /** The CouncilEvent JSON (the webhook's body). */
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  lastAttemptAt?: string | undefined;
  lastStatusCode?: number | undefined;
  lastError?: string | undefined;
}

/** What one attempt left behind. */
export interface AttemptOutcome {
  status: DeliveryStatus;
  attemptedAt: string;
  statusCode?: number | undefined;
  error?: string | undefined;
}

type StoredSecret = {
  secret?: string | undefined;
  sealed?: string | undefined;
  createdAt: string;
  expiresAt?: string | undefined;
};

const secretOf = (s: StoredSecret): WebhookSecretRecord => ({
  ...(s.sealed ? { sealed: s.sealed } : {}),
  ...(s.secret ? { secret: s.secret } : {}),
  createdAt: s.createdAt,
  ...(s.expiresAt ? { expiresAt: s.expiresAt } : {}),
});

const webhookOf = (item: {
  authorityId: string;
  url: string;
  secrets: StoredSecret[];
  clientId: string;
  createdAt: string;
}): WebhookRecord => ({
  authorityId: item.authorityId,
  url: item.url,
  secrets: item.secrets.map(secretOf),
  clientId: item.clientId,
  createdAt: item.createdAt,
});

export async function getWebhook(authorityId: string): Promise<WebhookRecord | undefined> {
  const { data } = await entities.councilWebhook.get({ authorityId }).go({ consistent: true });
  return data ? webhookOf(data) : undefined;
}

/** Puts the registration as given (a new one, a changed URL, a rotation), with `also` in its transaction. */
export async function putWebhook(record: WebhookRecord, also?: AlsoWrite): Promise<void> {
  const item = {
    authorityId: record.authorityId,
    url: record.url,
    secrets: record.secrets.map(secretOf),
    clientId: record.clientId,
    createdAt: record.createdAt,
  };
  if (!also) {
    await entities.councilWebhook.put(item).go();
    return;
  }
  await service.transaction
    .write((e) => [
      e.councilWebhook.put(item).commit(),
      also(e) as ReturnType<ReturnType<typeof e.councilWebhook.put>['commit']>,
    ])
    .go();
}

/**
 * Replaces a registration's secrets with `after` (the same secrets sealed) only while they are still
 * `before`: a registration changed meanwhile is left alone (its next read seals it). Answers whether
 * it replaced them.
 */
export async function replaceSecrets(
  authorityId: string,
  before: readonly WebhookSecretRecord[],
  after: readonly WebhookSecretRecord[],
): Promise<boolean> {
  try {
    await entities.councilWebhook
      .patch({ authorityId })
      .set({ secrets: after.map(secretOf) })
      .where(({ secrets }, { eq }) => eq(secrets, before.map(secretOf)))
      .go();
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Stores a write's answer alone (a redelivery's, once the delivery function has made the attempt). */
export async function storeAnswer(also: AlsoWrite): Promise<void> {
  await service.transaction
    .write((e) => [also(e) as ReturnType<ReturnType<typeof e.councilWebhook.delete>['commit']>])
    .go();
}

export async function deleteWebhook(authorityId: string, also?: AlsoWrite): Promise<void> {
  if (!also) {
    await entities.councilWebhook.delete({ authorityId }).go();
    return;
  }
  await service.transaction
    .write((e) => [
      e.councilWebhook.delete({ authorityId }).commit(),
      also(e) as ReturnType<ReturnType<typeof e.councilWebhook.delete>['commit']>,
    ])
    .go();
}

type DeliveryItem = EntityItem<typeof councilDelivery>;

const deliveryOf = (item: DeliveryItem): DeliveryRecord => ({
  authorityId: item.authorityId,
  eventId: item.eventId,
  occurredAt: item.occurredAt,
  type: item.type,
  payload: item.payload,
  status: item.status,
  attempts: item.attempts,
  ...(item.lastAttemptAt ? { lastAttemptAt: item.lastAttemptAt } : {}),
  ...(item.lastStatusCode !== undefined ? { lastStatusCode: item.lastStatusCode } : {}),
  ...(item.lastError ? { lastError: item.lastError } : {}),
});

export async function getDelivery(
  key: Pick<DeliveryRecord, 'authorityId' | 'occurredAt' | 'eventId'>,
): Promise<DeliveryRecord | undefined> {
  const { data } = await entities.councilDelivery.get(key).go({ consistent: true });
  return data ? deliveryOf(data) : undefined;
}

/** An authority's delivery of one event, found by the event id alone (gsi1). */
export async function findDelivery(
  authorityId: string,
  eventId: string,
): Promise<DeliveryRecord | undefined> {
  const { data } = await entities.councilDelivery.query.byEvent({ authorityId, eventId }).go();
  const found = data[0];
  return found ? getDelivery(found) : undefined;
}

/**
 * The delivery of an event, created Pending with no attempts when it is not there yet
 * (conditional: a replay finds the one it made before and gets it as it is now).
 */
export async function ensureDelivery(
  d: Pick<DeliveryRecord, 'authorityId' | 'eventId' | 'occurredAt' | 'type' | 'payload'>,
): Promise<DeliveryRecord> {
  try {
    await entities.councilDelivery
      .create({
        ...d,
        status: 'Pending',
        attempts: 0,
        ttl: ttlAfter(d.occurredAt, COUNCIL_DELIVERY_TTL_DAYS),
      })
      .go();
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
  const stored = await getDelivery(d);
  if (!stored) throw new Error(`delivery ${d.eventId} vanished after its create`);
  return stored;
}

/** What an attempt sets, apart from the count. */
function attemptSet(outcome: AttemptOutcome) {
  const removes: ('lastStatusCode' | 'lastError')[] = [];
  if (outcome.statusCode === undefined) removes.push('lastStatusCode');
  if (outcome.error === undefined) removes.push('lastError');
  const set = {
    status: outcome.status,
    lastAttemptAt: outcome.attemptedAt,
    ...(outcome.statusCode !== undefined ? { lastStatusCode: outcome.statusCode } : {}),
    ...(outcome.error !== undefined ? { lastError: outcome.error.slice(0, 500) } : {}),
  };
  return { set, removes };
}

/**
 * Counts one attempt and records its outcome (ADD, so concurrent attempts each count); with `also`
 * (a redelivery's idempotency item) in one transaction, answering `previous` after the attempt.
 */
export async function recordAttempt(
  key: Pick<DeliveryRecord, 'authorityId' | 'occurredAt' | 'eventId'>,
  outcome: AttemptOutcome,
  also?: { write: AlsoWrite; previous: DeliveryRecord },
): Promise<DeliveryRecord> {
  const { set, removes } = attemptSet(outcome);
  if (also) {
    await service.transaction
      .write((e) => {
        let u = e.councilDelivery.patch(key).set(set).add({ attempts: 1 });
        if (removes.length) u = u.remove(removes);
        return [u.commit(), also.write(e) as ReturnType<typeof u.commit>];
      })
      .go();
    return attemptedDelivery(also.previous, outcome);
  }
  let update = entities.councilDelivery.patch(key).set(set).add({ attempts: 1 });
  if (removes.length) update = update.remove(removes);
  const { data } = await update.go({ response: 'all_new' });
  return deliveryOf(data as DeliveryItem);
}

/** A delivery as one more attempt with `outcome` leaves it. */
export function attemptedDelivery(previous: DeliveryRecord, outcome: AttemptOutcome): DeliveryRecord {
  const { lastStatusCode: _c, lastError: _e, ...rest } = previous;
  return {
    ...rest,
    status: outcome.status,
    attempts: previous.attempts + 1,
    lastAttemptAt: outcome.attemptedAt,
    ...(outcome.statusCode !== undefined ? { lastStatusCode: outcome.statusCode } : {}),
    ...(outcome.error !== undefined ? { lastError: outcome.error.slice(0, 500) } : {}),
  };
}

export interface DeliveriesPage {
  deliveries: DeliveryRecord[];
  cursor?: string | undefined;
}

export const DELIVERIES_CURSOR_MESSAGE = 'Not a cursor of this list';

function isCursorError(err: unknown): boolean {
  const e = err as { message?: unknown; name?: unknown; cause?: { name?: unknown } } | undefined;
  const message = typeof e?.message === 'string' ? e.message : '';
  return (
    /Unable to parse cursor/i.test(message) ||
    /starting key|ExclusiveStartKey/i.test(message) ||
    e?.cause?.name === 'ValidationException'
  );
}

/** An authority's deliveries, newest first, optionally only those of one status. */
export async function listDeliveries(
  authorityId: string,
  options: { status?: DeliveryStatus | undefined; cursor?: string | undefined; limit: number },
): Promise<DeliveriesPage> {
  const base = entities.councilDelivery.query.byAuthority({ authorityId });
  const query = options.status ? base.where(({ status }, { eq }) => eq(status, options.status!)) : base;
  const { data, cursor } = await query
    .go({
      order: 'desc',
      limit: options.limit,
      ...(options.cursor ? { cursor: options.cursor } : {}),
    })
    .catch((err: unknown) => {
      // A cursor that is not one of this list's (ElectroDB cannot parse it, or DynamoDB refuses it
      // as the starting key of this authority's query) is the caller's mistake, not ours.
      if (options.cursor && isCursorError(err))
        throw new Invalid([{ field: 'query.cursor', reason: DELIVERIES_CURSOR_MESSAGE }]);
      throw err;
    });
  return { deliveries: data.map(deliveryOf), ...(cursor ? { cursor } : {}) };
}
