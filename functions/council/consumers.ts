/**
 * The council feature's consumers of domain events (docs/events.md, docs/council-api.md §4, §5):
 * - the registered-applicant invitation mail (./invitations/consumers.ts);
 * - `council.webhooks`: each council event goes to the authority's registered webhook, signed; a
 *   failed attempt throws, so the event machinery retries it (5 times with backoff) and then
 *   dead-letters it, where the existing redrive applies. The delivery row (one per event) is the log.
 */
import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import { tableWebhookPorts } from './service/webhook-ports.js';
import { webhookRules, type WebhookRules } from './service/webhooks.js';
import { councilEventOf } from './service/feed.js';
import { councilInvitationConsumers } from './invitations/consumers.js';

export function councilConsumers(
  rules: () => WebhookRules = () => webhookRules(tableWebhookPorts()),
): EventConsumer[] {
  return [
    ...councilInvitationConsumers(),
    defineConsumer({
      name: 'council.webhooks',
      // The domain events councilEventOf maps (the feed's one mapping).
      handles: [
        'ApplicationSubmitted',
        'RegisteredApplicantInvitationAnswered',
        'RfiRoundSubmitted',
        'CardPaymentSettled',
        'DepositClaimed',
      ],
      async handle(event, { logger }) {
        const mapped = councilEventOf(event);
        if (!mapped) return;
        const outcome = await rules().deliver(mapped.authorityId, mapped.event);
        if (outcome !== 'no-webhook')
          logger.info('council: webhook', {
            eventId: event.eventId,
            authorityId: mapped.authorityId,
            outcome,
          });
      },
    }),
  ];
}
