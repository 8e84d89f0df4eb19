/**
 * What the webhook delivery function (./webhooks-delivery.ts) is invoked with, kept light (no table,
 * no network): CDK and the local stack read the stream filter from here.
 *
 * - The table stream: outbox INSERTs of the council event types (those councilEventOf maps, the
 *   feed's one mapping), on an event source mapping of its own, apart from the other consumers'.
 * - Direct invocations (RequestResponse) by the webhooks Lambda, which never reads a signing secret:
 *   `mint` a new sealed signing secret (registration, rotation) and `redeliver` an event now.
 */
import * as z from 'zod';
import { ENTITY_ATTRIBUTE, OUTBOX_ENTITY, type FilterPattern } from '../platform/events/filter.js';
import type { EventType } from '../platform/events/types.js';
import type { CouncilEvent } from '../../shared/schemas/council.js';

/** The consumer's name (its consumedEvent records): never renamed. */
export const WEBHOOK_CONSUMER = 'council.webhooks';

/** The domain events that become council events (functions/council/service/feed.ts councilEventOf). */
export const WEBHOOK_EVENT_TYPES = [
  'ApplicationSubmitted',
  'RegisteredApplicantInvitationAnswered',
  'RfiRoundSubmitted',
  'CardPaymentSettled',
  'DepositClaimed',
  'RequiredDocumentUploaded',
] as const satisfies readonly EventType[];

/** The delivery function's stream filter: new outbox items of those types only. */
export const webhookDeliveryFilterPattern = {
  eventName: ['INSERT'],
  dynamodb: {
    NewImage: { [ENTITY_ATTRIBUTE]: { S: [OUTBOX_ENTITY] }, type: { S: WEBHOOK_EVENT_TYPES } },
  },
} as const satisfies FilterPattern;

/** A direct invocation of the delivery function. */
export const WebhookDeliveryRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('mint'), authorityId: z.string().min(1).max(64) }).strict(),
  z
    .object({
      action: z.literal('redeliver'),
      authorityId: z.string().min(1).max(64),
      eventId: z.string().min(1).max(256),
    })
    .strict(),
]);
export type WebhookDeliveryRequest = z.infer<typeof WebhookDeliveryRequest>;

/** A delivery as the council reads it (the log's row). */
export interface DeliveryDto {
  eventId: string;
  type: CouncilEvent['type'];
  occurredAt: string;
  status: 'Pending' | 'Delivered' | 'Failed';
  attempts: number;
  lastAttemptAt?: string;
  lastStatusCode?: number;
  lastError?: string;
}

/** What a `mint` answers: the secret to show the council once, and its sealed form to store. */
export interface MintedSecret {
  secret: string;
  sealed: string;
}

/** What a `redeliver` answers. */
export type RedeliveryOutcome =
  { outcome: 'no-delivery' } | { outcome: 'no-webhook' } | { outcome: 'attempted'; delivery: DeliveryDto };
