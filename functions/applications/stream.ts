import { createStreamHandler } from '../platform/events/stream-handler.js';
import { applicationConsumers } from './consumers.js';

/**
 * The applications feature's event consumers' Lambda: its own event source mapping on the table stream,
 * filtered to the event types its consumers handle (functions/platform/events/consumer-functions.ts),
 * with its own grants (infra/constructs/event-consumers.ts).
 */
export const consumers = applicationConsumers();
export const handler = createStreamHandler(consumers);
