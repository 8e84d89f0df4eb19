/**
 * Council webhooks (docs/council-api.md §5), the webhooks Lambda's side: the registration and its
 * signing secrets, the delivery log and a redelivery. It never holds a signing secret it could use:
 * a new secret is minted and sealed by the webhook delivery function, which alone opens sealed
 * secrets and sends to councils (./webhook-delivery.ts); a redelivery is asked of it too. Pure rules
 * are in shared/domain/council.ts; the table, the delivery function and DNS are ports (unit tests
 * fake them).
 */
import {
  activeWebhookSecrets,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  webhookUrlMessages,
  webhookUrlProblem,
} from '../../../shared/domain/council.js';
import { isIpAddress, isPublicAddress } from '../../../shared/domain/ip-address.js';
import type { WebhookDeliveriesQuery } from '../../../shared/schemas/council.js';
import type { z } from 'zod';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import type * as repo from '../repository/webhooks.js';
import type { TransactionEntities } from '../../platform/events/outbox.js';
import type { MintedSecret, RedeliveryOutcome } from '../webhooks-events.js';
import { recordMetric } from '../../platform/observability/metrics.js';
import { deliveryDto } from './webhook-delivery.js';

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
  listDeliveries: typeof repo.listDeliveries;
  storeAnswer: typeof repo.storeAnswer;
  /** The addresses a host name resolves to (throws when it does not). */
  resolve(host: string): Promise<string[]>;
  /** The local stack: http(s)://127.0.0.1 endpoints may be registered (COUNCIL_WEBHOOK_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
  /** Asks the delivery function for a new signing secret of `authorityId` and its sealed form. */
  mintSecret(authorityId: string): Promise<MintedSecret>;
  /** Asks the delivery function to send one event of `authorityId` again, now. */
  redeliver(authorityId: string, eventId: string): Promise<RedeliveryOutcome>;
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

export function webhookRules(ports: WebhookPorts) {
  const urlIssue = (reason: string) => new Invalid([{ field: 'body.url', reason }]);

  /** The URL rules, then (unless it is an allowed loopback) every address its host resolves to. */
  async function checkUrl(url: string): Promise<void> {
    const problem = webhookUrlProblem(url, { allowLoopback: ports.allowLoopback });
    if (problem) throw urlIssue(problem);
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (isIpAddress(host)) return; // literals were checked by the rule
    let addresses: string[];
    try {
      addresses = await ports.resolve(host);
    } catch {
      throw urlIssue(HOST_NOT_FOUND);
    }
    if (!addresses.length) throw urlIssue(HOST_NOT_FOUND);
    if (!addresses.every(isPublicAddress)) throw urlIssue(webhookUrlMessages.privateHost);
  }

  async function existing(authorityId: string): Promise<repo.WebhookRecord> {
    const w = await ports.getWebhook(authorityId);
    if (!w) throw new NotFound(NO_WEBHOOK);
    return w;
  }

  return {
    /**
     * PUT /council/webhook: a new registration gets its signing secret (shown in this answer only:
     * the answer stored for a retry with the same Idempotency-Key holds no secret, so a retry after
     * a lost answer shows none, and the council rotates); a registered council changing its URL
     * keeps its secrets (none shown).
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
        recordMetric('CouncilWrites', { action: 'webhook' });
        return answer;
      }
      const { secret, sealed } = await ports.mintSecret(council.authorityId);
      const created: repo.WebhookRecord = {
        authorityId: council.authorityId,
        url,
        clientId: council.clientId,
        createdAt: now.toISOString(),
        secrets: [{ sealed, createdAt: now.toISOString() }],
      };
      await ports.putWebhook(created, store && ((e) => store(e, registrationOf(created))));
      recordMetric('CouncilWrites', { action: 'webhook' });
      return registrationOf(created, secret);
    },

    async show(council: CouncilGrant): Promise<Registration> {
      return registrationOf(await existing(council.authorityId));
    },

    /** DELETE /council/webhook: no more deliveries (the log stays until its TTL). */
    async remove(council: CouncilGrant, store?: StoreAnswer): Promise<void> {
      await ports.deleteWebhook(council.authorityId, store && ((e) => store(e, undefined, 204)));
      recordMetric('CouncilWrites', { action: 'webhook-removal' });
    },

    /**
     * POST /council/webhook/secret: a new secret signs from now on; the ones before keep signing
     * beside it for WEBHOOK_SECRET_OVERLAP_HOURS (an earlier expiry is kept), then drop out. The new
     * secret is in this answer only (not in the answer stored for a retry).
     */
    async rotateSecret(council: CouncilGrant, store?: StoreAnswer): Promise<Registration> {
      const current = await existing(council.authorityId);
      const now = ports.now();
      const until = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * HOUR_MS).toISOString();
      const { secret, sealed } = await ports.mintSecret(council.authorityId);
      const older = activeWebhookSecrets(current.secrets, now).map((s) => ({
        ...s,
        expiresAt: s.expiresAt && s.expiresAt < until ? s.expiresAt : until,
      }));
      const rotated = {
        ...current,
        clientId: council.clientId,
        secrets: [{ sealed, createdAt: now.toISOString() }, ...older],
      };
      await ports.putWebhook(rotated, store && ((e) => store(e, registrationOf(rotated))));
      recordMetric('CouncilWrites', { action: 'webhook-secret' });
      return registrationOf(rotated, secret);
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
     * POST /council/webhook/deliveries/{eventId}/redelivery: the delivery function sends the event
     * once more, now, with a fresh timestamp and the secrets active now; the answer is the delivery
     * as it is after (Delivered, or Failed with the reason: the call itself succeeded), stored for a
     * retry once the attempt is recorded.
     */
    async redeliver(council: CouncilGrant, eventId: string, store?: StoreAnswer) {
      const r = await ports.redeliver(council.authorityId, eventId);
      if (r.outcome === 'no-delivery') throw new NotFound(NO_DELIVERY);
      if (r.outcome === 'no-webhook') throw new Conflict(NO_WEBHOOK);
      if (store) await ports.storeAnswer((e) => store(e, r.delivery));
      recordMetric('CouncilWrites', { action: 'redelivery' });
      return r.delivery;
    },
  };
}

export type WebhookRules = ReturnType<typeof webhookRules>;
