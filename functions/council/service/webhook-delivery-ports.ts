import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../../shared/domain/council.js';
import * as repo from '../repository/webhooks.js';
import type { DeliveryPorts } from './webhook-delivery.js';
import { allowLoopbackFrom } from './webhook-ports.js';
import { sealerFromEnv } from './webhook-seal.js';
import { postWebhook, signedWebhookHeaders } from './webhook-sender.js';

/** The delivery function's ports: the log and the registration, the network, the sealing key. */
export function deliveryPorts(): DeliveryPorts {
  const allowLoopback = allowLoopbackFrom();
  return {
    getWebhook: repo.getWebhook,
    replaceSecrets: repo.replaceSecrets,
    findDelivery: repo.findDelivery,
    ensureDelivery: repo.ensureDelivery,
    recordAttempt: (key, outcome) => repo.recordAttempt(key, outcome),
    post: (url, headers, body) => postWebhook(url, headers, body, { allowLoopback }),
    sign: signedWebhookHeaders,
    sealer: sealerFromEnv(),
    newSecret: () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`,
    now: () => new Date(),
  };
}
