import type { EventConsumer } from './consumers.js';
import { accessRequestConsumers } from '../../access-requests/consumers.js';
import { applicationConsumers } from '../../applications/consumers.js';
import { contactConsumers } from '../../contacts/consumers.js';
import { councilConsumers } from '../../council/consumers.js';
import { documentConsumers } from '../../documents/consumers.js';
import { notificationConsumers } from '../../notifications/consumers.js';
import { organisationConsumers } from '../../organisations/consumers.js';
import { participantConsumers } from '../../participants/consumers.js';
import { paymentConsumers } from '../../payments/consumers.js';

/**
 * Every consumer of domain events. Each feature's consumers run in a function of their own
 * (functions/<feature>/stream.ts, listed with their event types in ./consumer-functions.ts); this
 * list of them all is what the operator's redrive (infra/seed/redrive-events.ts) dispatches a
 * dead-lettered range to, and what tests check the catalogue against. A feature adds its consumers here from its own module, e.g.
 *
 * ```ts
 * import { notificationConsumers } from '../../notifications/consumers.js';
 * export const consumers: readonly EventConsumer[] = [...notificationConsumers];
 * ```
 *
 * Writers never change when a consumer is added: they only write their events (outbox.ts).
 */
export const consumers: readonly EventConsumer[] = [
  ...applicationConsumers(),
  ...documentConsumers(),
  ...participantConsumers(),
  ...contactConsumers(),
  ...organisationConsumers(),
  ...accessRequestConsumers(),
  ...councilConsumers(),
  ...paymentConsumers(),
  ...notificationConsumers(),
];
