/**
 * The council webhook delivery function (docs/council-api.md §5): the one
 * Lambda that sends to councils' endpoints and opens signing secrets. Its grants are the delivery
 * log and the registration (the authority's partition), the events' consumer records, and the
 * sealing key (infra/constructs/webhook-delivery.ts).
 *
 * - From the table stream (its own event source mapping, filtered to the council event types,
 *   ./webhooks-events.ts): the `council.webhooks` consumer, dispatched as the other consumers are
 *   (recorded per event, retried, dead-lettered).
 * - Invoked by the webhooks Lambda (RequestResponse): `mint` a sealed signing secret, `redeliver`
 *   one event now.
 *
 * Env: TABLE_NAME, COUNCIL_WEBHOOK_SEALING_KEY_ARN (AWS) or COUNCIL_WEBHOOK_SEALING_KEY (local),
 * COUNCIL_WEBHOOK_ALLOW_LOOPBACK (local stack only).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { defineConsumer, type EventConsumer } from '../platform/events/consumers.js';
import { streamBatchHandler } from '../platform/events/stream-handler.js';
import { portalHandler } from '../platform/observability/tracer.js';
import { councilEventOf } from './service/feed.js';
import { deliveryPorts } from './service/webhook-delivery-ports.js';
import { webhookDelivery, type WebhookDelivery } from './service/webhook-delivery.js';
import {
  WEBHOOK_CONSUMER,
  WEBHOOK_EVENT_TYPES,
  WebhookDeliveryRequest,
  type MintedSecret,
  type RedeliveryOutcome,
} from './webhooks-events.js';

/**
 * `council.webhooks`: each council event goes to the authority's registered webhook, signed; a
 * failed attempt throws, so the event machinery retries it (5 times with backoff) and then
 * dead-letters it, where the existing redrive applies. The delivery row (one per event) is the log.
 */
export function councilWebhookConsumer(delivery: () => WebhookDelivery): EventConsumer {
  return defineConsumer({
    name: WEBHOOK_CONSUMER,
    handles: [...WEBHOOK_EVENT_TYPES],
    async handle(event, { logger }) {
      const mapped = councilEventOf(event);
      if (!mapped) return;
      const outcome = await delivery().deliver(mapped.authorityId, mapped.event);
      if (outcome !== 'no-webhook')
        logger.info('council: webhook', { eventId: event.eventId, authorityId: mapped.authorityId, outcome });
    },
  });
}

// At cold start: a deployed function with the local stack's loopback flag refuses to start.
const service = webhookDelivery(deliveryPorts());
const delivery = () => service;
const stream = streamBatchHandler([councilWebhookConsumer(delivery)]);

async function webhookDeliveryHandler(
  event: DynamoDBStreamEvent | unknown,
): Promise<DynamoDBBatchResponse | MintedSecret | RedeliveryOutcome> {
  if (typeof event === 'object' && event !== null && 'Records' in event)
    return stream(event as DynamoDBStreamEvent);
  const request = WebhookDeliveryRequest.parse(event);
  if (request.action === 'mint') return delivery().mint(request.authorityId);
  return delivery().redeliver(request.authorityId, request.eventId);
}

export const handler = portalHandler(webhookDeliveryHandler);
