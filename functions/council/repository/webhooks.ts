/**
 * The table side of council webhooks (docs/council-api.md §5): an authority's registration and its
 * delivery log. Every write is keyed by the authority (and the event id), so a retry or a replay
 * writes the same item again.
 */
import { entities } from '../../platform/data/service.js';
import type { EntityItem } from 'electrodb';
import { COUNCIL_DELIVERY_TTL_DAYS, type councilDelivery } from '../../platform/data/entities/council.js';
import { isConditionalCheckFailed } from '../../platform/data/conditional.js';
import { ttlAfter } from '../../platform/data/entities/events.js';
import type { webhookDeliveryStatuses } from '../../../shared/schemas/council.js';

export type DeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export interface WebhookSecretRecord {
  secret: string;
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

const webhookOf = (item: {
  authorityId: string;
  url: string;
  secrets: { secret: string; createdAt: string; expiresAt?: string | undefined }[];
  clientId: string;
  createdAt: string;
}): WebhookRecord => ({
  authorityId: item.authorityId,
  url: item.url,
  secrets: item.secrets.map((s) => ({
    secret: s.secret,
    createdAt: s.createdAt,
    ...(s.expiresAt ? { expiresAt: s.expiresAt } : {}),
  })),
  clientId: item.clientId,
  createdAt: item.createdAt,
});

export async function getWebhook(authorityId: string): Promise<WebhookRecord | undefined> {
  const { data } = await entities.councilWebhook.get({ authorityId }).go({ consistent: true });
  return data ? webhookOf(data) : undefined;
}

/** Puts the registration as given (a new one, a changed URL, a rotation). */
export async function putWebhook(record: WebhookRecord): Promise<void> {
  await entities.councilWebhook
    .put({
      authorityId: record.authorityId,
      url: record.url,
      secrets: record.secrets.map((s) => ({
        secret: s.secret,
        createdAt: s.createdAt,
        ...(s.expiresAt ? { expiresAt: s.expiresAt } : {}),
      })),
      clientId: record.clientId,
      createdAt: record.createdAt,
    })
    .go();
}

export async function deleteWebhook(authorityId: string): Promise<void> {
  await entities.councilWebhook.delete({ authorityId }).go();
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

/** Counts one attempt and records its outcome (ADD, so concurrent attempts each count). */
export async function recordAttempt(
  key: Pick<DeliveryRecord, 'authorityId' | 'occurredAt' | 'eventId'>,
  outcome: AttemptOutcome,
): Promise<DeliveryRecord> {
  const removes: ('lastStatusCode' | 'lastError')[] = [];
  if (outcome.statusCode === undefined) removes.push('lastStatusCode');
  if (outcome.error === undefined) removes.push('lastError');
  let update = entities.councilDelivery
    .patch(key)
    .set({
      status: outcome.status,
      lastAttemptAt: outcome.attemptedAt,
      ...(outcome.statusCode !== undefined ? { lastStatusCode: outcome.statusCode } : {}),
      ...(outcome.error !== undefined ? { lastError: outcome.error.slice(0, 500) } : {}),
    })
    .add({ attempts: 1 });
  if (removes.length) update = update.remove(removes);
  const { data } = await update.go({ response: 'all_new' });
  return deliveryOf(data as DeliveryItem);
}

export interface DeliveriesPage {
  deliveries: DeliveryRecord[];
  cursor?: string | undefined;
}

/** An authority's deliveries, newest first, optionally only those of one status. */
export async function listDeliveries(
  authorityId: string,
  options: { status?: DeliveryStatus | undefined; cursor?: string | undefined; limit: number },
): Promise<DeliveriesPage> {
  const base = entities.councilDelivery.query.byAuthority({ authorityId });
  const query = options.status ? base.where(({ status }, { eq }) => eq(status, options.status!)) : base;
  const { data, cursor } = await query.go({
    order: 'desc',
    limit: options.limit,
    ...(options.cursor ? { cursor: options.cursor } : {}),
  });
  return { deliveries: data.map(deliveryOf), ...(cursor ? { cursor } : {}) };
}
