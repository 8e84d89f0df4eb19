import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import type { DomainEvent } from '../platform/events/types.js';
import { tableFanoutPorts } from './ports.js';
import { fanoutService, type FanoutPorts } from './service/fanout.js';
import { TOLD_EVENTS } from './service/stories.js';

/**
 * The notifications' consumer of domain events (docs/events.md, docs/notifications.md):
 * `notifications.fanOut` tells the people concerned by each event worth telling, in their inbox and
 * by email, as loud as their level on the application lets it (idempotent per event and recipient).
 */
export function notificationConsumers(ports?: FanoutPorts): EventConsumer[] {
  let fanout: ReturnType<typeof fanoutService> | undefined;
  return [
    defineConsumer({
      name: 'notifications.fanOut',
      handles: TOLD_EVENTS,
      async handle(event, { logger }) {
        fanout ??= fanoutService(ports ?? tableFanoutPorts());
        const result = await fanout.fanOut(event as DomainEvent);
        if (result.notified.length)
          logger.info('notifications: told', {
            type: event.type,
            notified: result.notified.length,
            mailed: result.mailed.length,
          });
      },
    }),
  ];
}
