import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger.js';
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
  let storeP: Promise<ConsumedStore> | undefined;
  const getStore = () => (storeP ??= (store ?? tableConsumedStore)());
  async function streamHandler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
    const result = await dispatchRecords(event.Records, { consumers, store: await getStore(), logger });
    const failed = result.batchItemFailures.length;
    const handled = result.outcomes.filter((o) => o.status === 'done').length;
    if (failed || handled) logger.info('events: batch', { records: event.Records.length, handled, failed });
    return { batchItemFailures: result.batchItemFailures };
  }
  return middy(streamHandler).use(injectLambdaContext(logger, { resetKeys: true }));
}
