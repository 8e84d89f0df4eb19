/**
 * The webhook delivery function's work (docs/council-api.md §5): the only
 * code that opens a signing secret and the only code that sends to a council's endpoint. It runs in
 * a Lambda of its own (functions/council/webhooks-delivery.ts) whose table rights are the delivery
 * log and the registration, and which alone may read the sealing key.
 *
 * - deliver: one council event from the stream (a failure throws: the event machinery retries it,
 *   then dead-letters it);
 * - redeliver: one event again, now, on the webhooks Lambda's request;
 * - mint: a new signing secret and its sealed form, on the webhooks Lambda's request.
 *
 * Registrations written before secrets were sealed hold plain secrets: the first read here seals
 * them (conditional on the registration being unchanged).
 */
import { activeWebhookSecrets } from '../../../shared/domain/council.js';
import type { CouncilEvent } from '../../../shared/schemas/council.js';
import type * as repo from '../repository/webhooks.js';
import type { DeliveryDto, MintedSecret, RedeliveryOutcome } from '../webhooks-events.js';
import type { SecretSealer } from './webhook-seal.js';
import type { PostResult } from './webhook-sender.js';
import { recordMetric } from '../../platform/observability/metrics.js';

export interface DeliveryPorts {
  getWebhook: typeof repo.getWebhook;
  replaceSecrets: typeof repo.replaceSecrets;
  findDelivery: typeof repo.findDelivery;
  ensureDelivery: typeof repo.ensureDelivery;
  recordAttempt: typeof repo.recordAttempt;
  /** POSTs one signed webhook, checking the URL and every address it connects to (webhook-sender.ts). */
  post(url: string, headers: Record<string, string>, body: string): Promise<PostResult>;
  /** Signs: the Standard Webhooks headers for these secrets. */
  sign(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string>;
  sealer(): Promise<SecretSealer>;
  newSecret(): string;
  now(): Date;
}

export const deliveryDto = (d: repo.DeliveryRecord): DeliveryDto => ({
  eventId: d.eventId,
  type: d.type as CouncilEvent['type'],
  occurredAt: d.occurredAt,
  status: d.status,
  attempts: d.attempts,
  ...(d.lastAttemptAt ? { lastAttemptAt: d.lastAttemptAt } : {}),
  ...(d.lastStatusCode !== undefined ? { lastStatusCode: d.lastStatusCode } : {}),
  ...(d.lastError ? { lastError: d.lastError } : {}),
});

export function webhookDelivery(ports: DeliveryPorts) {
  /** The plain secrets active now; a registration's plain secrets of before are sealed on the way. */
  async function signingSecrets(webhook: repo.WebhookRecord, now: Date): Promise<string[]> {
    const sealer = await ports.sealer();
    if (webhook.secrets.some((s) => !s.sealed)) {
      const sealed = webhook.secrets.map(({ secret, ...rest }) =>
        rest.sealed || !secret ? rest : { ...rest, sealed: sealer.seal(secret, webhook.authorityId) },
      );
      await ports.replaceSecrets(webhook.authorityId, webhook.secrets, sealed);
    }
    return activeWebhookSecrets(webhook.secrets, now).flatMap((s) => {
      if (s.sealed) return [sealer.open(s.sealed, webhook.authorityId)];
      return s.secret ? [s.secret] : [];
    });
  }

  /**
   * One attempt with the secrets active now; the log records it, and WebhookDeliveries counts it
   * (per authority, and WebhookDeliveryOutcomes across them): every attempt, so a retried failure
   * is counted each time it fails again.
   */
  async function attempt(webhook: repo.WebhookRecord, delivery: repo.DeliveryRecord) {
    const now = ports.now();
    const secrets = await signingSecrets(webhook, now);
    const headers = ports.sign(secrets, delivery.eventId, Math.floor(now.getTime() / 1000), delivery.payload);
    const result = await ports.post(webhook.url, headers, delivery.payload);
    const outcome: repo.AttemptOutcome = {
      status: result.ok ? 'Delivered' : 'Failed',
      attemptedAt: now.toISOString(),
      statusCode: result.statusCode,
      error: result.ok ? undefined : result.error,
    };
    const counted = result.ok ? 'Delivered' : result.refused ? 'Refused' : 'Failed';
    recordMetric('WebhookDeliveries', { authority: webhook.authorityId, outcome: counted });
    recordMetric('WebhookDeliveryOutcomes', { outcome: counted });
    return { result, stored: await ports.recordAttempt(delivery, outcome) };
  }

  return {
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

    /** One event again, now, with a fresh timestamp and the secrets active now. */
    async redeliver(authorityId: string, eventId: string): Promise<RedeliveryOutcome> {
      const delivery = await ports.findDelivery(authorityId, eventId);
      if (!delivery) return { outcome: 'no-delivery' };
      const webhook = await ports.getWebhook(authorityId);
      if (!webhook) return { outcome: 'no-webhook' };
      return { outcome: 'attempted', delivery: deliveryDto((await attempt(webhook, delivery)).stored) };
    },

    /** A new signing secret for `authorityId`, and its sealed form (bound to that authority). */
    async mint(authorityId: string): Promise<MintedSecret> {
      const secret = ports.newSecret();
      return { secret, sealed: (await ports.sealer()).seal(secret, authorityId) };
    },
  };
}

export type WebhookDelivery = ReturnType<typeof webhookDelivery>;
