import {
  WebhookDeliveriesPage,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryParams,
  WebhookRegistration,
  WebhookRegistrationRequest,
} from '../schemas/council.js';

/**
 * The council webhook's routes (docs/council-api.md §5) on the council feature's `webhooks` Lambda,
 * spread into the feature's contract (./council.ts). Every write takes an Idempotency-Key.
 */
export const webhooksContract = {
  'GET /council/webhook': {
    response: WebhookRegistration,
    summary: 'The council’s webhook registration (its signing secret is never shown again)',
  },
  'PUT /council/webhook': {
    body: WebhookRegistrationRequest,
    response: WebhookRegistration,
    idempotent: true,
    summary: 'Registers the webhook URL (a new registration answers its signing secret, once)',
  },
  'DELETE /council/webhook': {
    status: 204,
    idempotent: true,
    summary: 'Removes the webhook: no more deliveries (the log stays)',
  },
  'POST /council/webhook/secret': {
    response: WebhookRegistration,
    idempotent: true,
    summary: 'A new signing secret; the previous one keeps signing beside it for 24 hours',
  },
  'GET /council/webhook/deliveries': {
    query: WebhookDeliveriesQuery,
    response: WebhookDeliveriesPage,
    summary: 'The delivery log, newest first, optionally of one status',
  },
  'POST /council/webhook/deliveries/{eventId}/redelivery': {
    params: WebhookDeliveryParams,
    response: WebhookDelivery,
    idempotent: true,
    summary: 'Sends one event again now; answers the delivery after the attempt',
  },
} as const;
