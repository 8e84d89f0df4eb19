import { createStreamHandler } from '../platform/events/stream-handler.js';
import { accessRequestConsumers } from './consumers.js';

/**
 * The access-requests feature's event consumers' Lambda: its own event source mapping on the table stream,
 * filtered to the event types its consumers handle (functions/platform/events/consumer-functions.ts),
 * with its own grants (infra/constructs/event-consumers.ts).
 */
export const consumers = accessRequestConsumers();
export const handler = createStreamHandler(consumers);
