/**
 * The suite's webhook receiver: a council's endpoint on 127.0.0.1 that verifies Standard Webhooks
 * signatures and timestamps, records events and can be told to fail (infra/council/webhook-receiver.ts,
 * shared with the simulator's `listen`).
 */
export {
  startWebhookReceiver,
  verifyWebhook,
  type ReceivedRequest,
  type Verdict,
  type WebhookReceiver,
} from '../../infra/council/webhook-receiver';
