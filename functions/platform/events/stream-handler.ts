import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger.js';
import { portalHandler } from '../observability/tracer.js';
import type { EventConsumer } from './consumers.js';
import { dispatchRecords, tableConsumedStore, type ConsumedStore } from './dispatch.js';

/**
 * A DynamoDB stream handler over `consumers` (the table's stream, filtered to outbox INSERTs by the
 * event source mapping). Apart from the registry (./stream.ts), so a function of other consumers
 * (the webhook delivery function) bundles only its own. Answers a partial-batch response: the event source mapping has
 * ReportBatchItemFailures on, so only the failed records (and what follows them) are retried, and
 * after the retries the batch's range goes to the dead-letter queue. Env: TABLE_NAME.
 */
export function createStreamHandler(
  consumers: readonly EventConsumer[],
  store?: () => Promise<ConsumedStore>,
) {
  return portalHandler(streamBatchHandler(consumers, store));
}

/**
 * The same, without the Lambda wrapper (logger context, tracer, cold start): for a function that
 * takes stream batches and other invocations and wraps its whole handler itself
 * (functions/council/webhooks-delivery.ts).
 */
export function streamBatchHandler(
  consumers: readonly EventConsumer[],
  store?: () => Promise<ConsumedStore>,
): (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse> {
  let storeP: Promise<ConsumedStore> | undefined;
  const getStore = () => (storeP ??= (store ?? tableConsumedStore)());
  async function streamHandler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
    const result = await dispatchRecords(event.Records, { consumers, store: await getStore(), logger });
    const failed = result.batchItemFailures.length;
    const handled = result.outcomes.filter((o) => o.status === 'done').length;
    if (failed || handled) logger.info('events: batch', { records: event.Records.length, handled, failed });
    return { batchItemFailures: result.batchItemFailures };
  }
  return streamHandler;
}
