import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { WEBHOOK_SECRET_PREFIX } from '../../../shared/domain/council.js';
import * as repo from '../repository/webhooks.js';
import { postWebhook, signedWebhookHeaders } from './webhook-sender.js';
import type { WebhookPorts } from './webhooks.js';

/** The table, the network and the clock: what the webhooks service runs on (Lambda and consumer). */
export function tableWebhookPorts(): WebhookPorts {
  const allowLoopback = process.env.COUNCIL_WEBHOOK_ALLOW_LOOPBACK === 'true';
  return {
    ...repo,
    post: (url, headers, body) => postWebhook(url, headers, body, { allowLoopback }),
    sign: signedWebhookHeaders,
    resolve: async (host) => (await lookup(host, { all: true })).map((a) => a.address),
    allowLoopback,
    newSecret: () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`,
    now: () => new Date(),
  };
}
