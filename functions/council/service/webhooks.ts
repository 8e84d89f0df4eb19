/**
 * Council webhooks (docs/council-api.md §5): the registration and its signing secrets, the delivery
 * log, a redelivery, and the delivery of one council event (the `council.webhooks` consumer). Pure
 * rules are in shared/domain/council.ts; the table and the network are ports (unit tests fake them).
 */
import { isIP } from 'node:net';
import {
  activeWebhookSecrets,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  isNonPublicAddress,
  webhookUrlMessages,
  webhookUrlProblem,
} from '../../../shared/domain/council.js';
import type { CouncilEvent, WebhookDeliveriesQuery } from '../../../shared/schemas/council.js';
import type { z } from 'zod';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import type * as repo from '../repository/webhooks.js';
import { attemptedDelivery } from '../repository/webhooks.js';
import type { TransactionEntities } from '../../platform/events/outbox.js';
import type { PostResult } from './webhook-sender.js';

/** Stores a write's answer in the change's transaction (the plumbing's idempotency item). */
export type StoreAnswer = (
  e: Pick<TransactionEntities, 'councilIdempotency'>,
  response: unknown,
  statusCode?: number,
) => unknown;

/** The council a call acts for (the access policy's grant). */
export interface CouncilGrant {
  authorityId: string;
  clientId: string;
}

export interface WebhookPorts {
  getWebhook: typeof repo.getWebhook;
  putWebhook: typeof repo.putWebhook;
  deleteWebhook: typeof repo.deleteWebhook;
  findDelivery: typeof repo.findDelivery;
  ensureDelivery: typeof repo.ensureDelivery;
  recordAttempt: typeof repo.recordAttempt;
  listDeliveries: typeof repo.listDeliveries;
  /** POSTs one signed webhook (webhook-sender.ts). */
  post(url: string, headers: Record<string, string>, body: string): Promise<PostResult>;
  /** Signs: the Standard Webhooks headers for these secrets. */
  sign(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string>;
  /** The addresses a host name resolves to (throws when it does not). */
  resolve(host: string): Promise<string[]>;
  /** The local stack: http(s)://127.0.0.1 endpoints may be registered (COUNCIL_WEBHOOK_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
  newSecret(): string;
  now(): Date;
}

export const NO_WEBHOOK = 'No webhook is registered for this council';
export const NO_DELIVERY = 'No delivery of that event';
export const HOST_NOT_FOUND = 'The webhook URL’s host name could not be resolved';

const HOUR_MS = 60 * 60 * 1000;

type Registration = {
  url: string;
  createdAt: string;
  secretCreatedAt: string;
  signingSecret?: string;
};

const registrationOf = (w: repo.WebhookRecord, signingSecret?: string): Registration => ({
  url: w.url,
  createdAt: w.createdAt,
  secretCreatedAt: w.secrets[0]!.createdAt,
  ...(signingSecret ? { signingSecret } : {}),
});

const deliveryDto = (d: repo.DeliveryRecord) => ({
  eventId: d.eventId,
  type: d.type as CouncilEvent['type'],
  occurredAt: d.occurredAt,
  status: d.status,
  attempts: d.attempts,
  ...(d.lastAttemptAt ? { lastAttemptAt: d.lastAttemptAt } : {}),
  ...(d.lastStatusCode !== undefined ? { lastStatusCode: d.lastStatusCode } : {}),
  ...(d.lastError ? { lastError: d.lastError } : {}),
});

export function webhookRules(ports: WebhookPorts) {
  const urlIssue = (reason: string) => new Invalid([{ field: 'body.url', reason }]);

  /** The URL rules, then (unless it is an allowed loopback) every address its host resolves to. */
  async function checkUrl(url: string): Promise<void> {
    const problem = webhookUrlProblem(url, { allowLoopback: ports.allowLoopback });
    if (problem) throw urlIssue(problem);
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return; // literals were checked by the rule
    let addresses: string[];
    try {
      addresses = await ports.resolve(host);
    } catch {
      throw urlIssue(HOST_NOT_FOUND);
    }
    if (!addresses.length) throw urlIssue(HOST_NOT_FOUND);
    if (addresses.some((a) => isNonPublicAddress(a))) throw urlIssue(webhookUrlMessages.privateHost);
  }

  async function existing(authorityId: string): Promise<repo.WebhookRecord> {
    const w = await ports.getWebhook(authorityId);
    if (!w) throw new NotFound(NO_WEBHOOK);
    return w;
  }

  /** One attempt of a delivery with the secrets active now; the log records it. */
  async function attempt(webhook: repo.WebhookRecord, delivery: repo.DeliveryRecord, store?: StoreAnswer) {
    const now = ports.now();
    const secrets = activeWebhookSecrets(webhook.secrets, now).map((s) => s.secret);
    const headers = ports.sign(secrets, delivery.eventId, Math.floor(now.getTime() / 1000), delivery.payload);
    const result = await ports.post(webhook.url, headers, delivery.payload);
    const outcome: repo.AttemptOutcome = {
      status: result.ok ? 'Delivered' : 'Failed',
      attemptedAt: now.toISOString(),
      statusCode: result.statusCode,
      error: result.ok ? undefined : result.error,
    };
    const after = deliveryDto(attemptedDelivery(delivery, outcome));
    const stored = await ports.recordAttempt(
      delivery,
      outcome,
      store && { write: (e) => store(e, after), previous: delivery },
    );
    return { result, stored };
  }

  return {
    /**
     * PUT /council/webhook: a new registration gets its signing secret (shown in this answer only);
     * a registered council changing its URL keeps its secrets (none shown).
     */
    async register(council: CouncilGrant, url: string, store?: StoreAnswer): Promise<Registration> {
      await checkUrl(url);
      const now = ports.now();
      const current = await ports.getWebhook(council.authorityId);
      if (current) {
        const updated = {
          ...current,
          url,
          clientId: council.clientId,
          secrets: activeWebhookSecrets(current.secrets, now),
        };
        const answer = registrationOf(updated);
        await ports.putWebhook(updated, store && ((e) => store(e, answer)));
        return answer;
      }
      const secret = ports.newSecret();
      const created: repo.WebhookRecord = {
        authorityId: council.authorityId,
        url,
        clientId: council.clientId,
        createdAt: now.toISOString(),
        secrets: [{ secret, createdAt: now.toISOString() }],
      };
      const answer = registrationOf(created, secret);
      await ports.putWebhook(created, store && ((e) => store(e, answer)));
      return answer;
    },

    async show(council: CouncilGrant): Promise<Registration> {
      return registrationOf(await existing(council.authorityId));
    },

    /** DELETE /council/webhook: no more deliveries (the log stays until its TTL). */
    async remove(council: CouncilGrant, store?: StoreAnswer): Promise<void> {
      await ports.deleteWebhook(council.authorityId, store && ((e) => store(e, undefined, 204)));
    },

    /**
     * POST /council/webhook/secret: a new secret signs from now on; the ones before keep signing
     * beside it for WEBHOOK_SECRET_OVERLAP_HOURS (an earlier expiry is kept), then drop out.
     */
    async rotateSecret(council: CouncilGrant, store?: StoreAnswer): Promise<Registration> {
      const current = await existing(council.authorityId);
      const now = ports.now();
      const until = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * HOUR_MS).toISOString();
      const secret = ports.newSecret();
      const older = activeWebhookSecrets(current.secrets, now).map((s) => ({
        ...s,
        expiresAt: s.expiresAt && s.expiresAt < until ? s.expiresAt : until,
      }));
      const rotated = {
        ...current,
        clientId: council.clientId,
        secrets: [{ secret, createdAt: now.toISOString() }, ...older],
      };
      const answer = registrationOf(rotated, secret);
      await ports.putWebhook(rotated, store && ((e) => store(e, answer)));
      return answer;
    },

    async deliveries(council: CouncilGrant, query: z.output<typeof WebhookDeliveriesQuery>) {
      const page = await ports.listDeliveries(council.authorityId, {
        status: query.status,
        cursor: query.cursor,
        limit: query.pageSize,
      });
      return {
        deliveries: page.deliveries.map(deliveryDto),
        ...(page.cursor ? { nextCursor: page.cursor } : {}),
      };
    },

    /**
     * POST /council/webhook/deliveries/{eventId}/redelivery: sends the event once more, now, with
     * a fresh timestamp and the secrets active now; answers the delivery as it is after (Delivered,
     * or Failed with the reason: the call itself succeeded).
     */
    async redeliver(council: CouncilGrant, eventId: string, store?: StoreAnswer) {
      const delivery = await ports.findDelivery(council.authorityId, eventId);
      if (!delivery) throw new NotFound(NO_DELIVERY);
      const webhook = await ports.getWebhook(council.authorityId);
      if (!webhook) throw new Conflict(NO_WEBHOOK);
      return deliveryDto((await attempt(webhook, delivery, store)).stored);
    },

    /**
     * The consumer's work for one council event: nothing without a registration; else the delivery
     * row (kept once per event), and unless it is already Delivered one attempt, which throws when
     * it fails so the event machinery retries it and, after its retries, dead-letters it.
     */
    async deliver(authorityId: string, event: CouncilEvent): Promise<'no-webhook' | 'already' | 'delivered'> {
      const webhook = await ports.getWebhook(authorityId);
      if (!webhook) return 'no-webhook';
      const delivery = await ports.ensureDelivery({
        authorityId,
        eventId: event.eventId,
        occurredAt: event.occurredAt,
        type: event.type,
        payload: JSON.stringify(event),
      });
      if (delivery.status === 'Delivered') return 'already';
      const { result } = await attempt(webhook, delivery);
      if (!result.ok) throw new Error(`webhook delivery of ${event.eventId} failed: ${result.error}`);
      return 'delivered';
    },
  };
}

export type WebhookRules = ReturnType<typeof webhookRules>;
