import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { LambdaImplementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { tableWebhookPorts } from './service/webhook-ports.js';
import { webhookRules } from './service/webhooks.js';

const rules = webhookRules(tableWebhookPorts());

/**
 * The council webhook (docs/council-api.md §5): registration, signing-secret rotation, the delivery
 * log and a redelivery, for the calling council's authority. Each write stores its answer under the
 * Idempotency-Key in the change's transaction. Env: TABLE_NAME, COUNCIL_WEBHOOK_ALLOW_LOOPBACK
 * (local stack only).
 */
export const routes = {
  'GET /council/webhook': async ({ council }) => rules.show(council),
  'PUT /council/webhook': async ({ council, body, idempotency }) =>
    rules.register(council, body.url, idempotency.item),
  'DELETE /council/webhook': async ({ council, idempotency }) => {
    await rules.remove(council, idempotency.item);
    return reply(204);
  },
  'POST /council/webhook/secret': async ({ council, idempotency }) =>
    rules.rotateSecret(council, idempotency.item),
  'GET /council/webhook/deliveries': async ({ council, query }) => rules.deliveries(council, query),
  'POST /council/webhook/deliveries/{eventId}/redelivery': async ({ council, params, idempotency }) =>
    rules.redeliver(council, params.eventId, idempotency.item),
} satisfies LambdaImplementations<'council', 'webhooks', typeof contract>;

export const handler = createFeatureHandler('council', contract, routes, { lambda: 'webhooks' });
