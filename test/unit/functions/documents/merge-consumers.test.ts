/**
 * The merge consumer hands off (docs/documents.md "Merge"): on ContainerMergeStatusChanged to
 * InProgress, `documents.merge` hands exactly one job to the merge worker and returns without
 * merging; a replayed record hands nothing again (the dispatcher's record); the worker merges only
 * a valid job.
 */
import { describe, expect, it, vi } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { service } from '../../../../functions/platform/data/service.js';
import { dispatchRecords, type ConsumedStore } from '../../../../functions/platform/events/dispatch.js';
import { newEvent, outboxItem } from '../../../../functions/platform/events/outbox.js';
import type { DomainEvent } from '../../../../functions/platform/events/types.js';
import { logger } from '../../../../functions/platform/logger.js';
import { mergeConsumers } from '../../../../functions/documents/merge/consumers.js';
import { mergeWorker, setMergeDelay } from '../../../../functions/documents/merge/worker.js';
import type { MergeService } from '../../../../functions/documents/merge/service/merge.js';
import type { MergeJob } from '../../../../shared/schemas/documents-merge.js';
import '../../../../functions/documents/events.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  process.env.MERGE_FUNCTION_NAME = 'merge-worker';
});

const statusChanged = (containerMergeStatus: string) =>
  newEvent('ContainerMergeStatusChanged', {
    aggregate: { type: 'application', id: '1000001' },
    actor: 'system',
    data: { documentContainerId: 'plans', containerMergeStatus },
  });

/** The stream record of the outbox item a transaction writes for `event`. */
function streamRecord(event: DomainEvent, seq: number): DynamoDBRecord {
  const params = service.transaction.write((e) => [outboxItem(e, event)]).params();
  const item = (params.TransactItems[0] as { Put: { Item: Record<string, unknown> } }).Put.Item;
  return {
    eventID: `e${seq}`,
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall({ pk: item.pk, sk: item.sk }) as never,
      NewImage: marshall(item, { removeUndefinedValues: true }) as never,
      SequenceNumber: String(seq),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

function memoryStore(): ConsumedStore {
  const done = new Map<string, Set<string>>();
  return {
    consumersOf: async (eventId) => new Set(done.get(eventId)),
    async record(consumer, event) {
      const set = done.get(event.eventId) ?? new Set<string>();
      done.set(event.eventId, set);
      if (set.has(consumer)) return 'duplicate';
      set.add(consumer);
      return 'recorded';
    },
  };
}

/** A merge service that must not merge here. */
const noMerge = (): MergeService => ({
  startOnSubmission: async () => [],
  mergeContainer: async () => {
    throw new Error('the consumer merged');
  },
});

describe('documents.merge hands the merge to the worker', () => {
  it('one job per InProgress event, returned at once without merging; other statuses hand nothing', async () => {
    const jobs: MergeJob[] = [];
    const merge = mergeConsumers(noMerge, async (job) => {
      jobs.push(job);
    }).find((c) => c.name === 'documents.merge')!;
    await merge.handle(statusChanged('InProgress') as never, { logger });
    expect(jobs).toEqual([{ applicationId: '1000001', documentContainerId: 'plans' }]);
    for (const s of ['Merged', 'Error', 'NotMerged'])
      await merge.handle(statusChanged(s) as never, { logger });
    expect(jobs).toHaveLength(1);
  });

  it('a replayed record hands nothing again', async () => {
    const jobs: MergeJob[] = [];
    const consumers = mergeConsumers(noMerge, async (job) => {
      jobs.push(job);
    });
    const store = memoryStore();
    const record = streamRecord(statusChanged('InProgress'), 1);
    for (let i = 0; i < 2; i++) {
      const result = await dispatchRecords([record], { consumers, store, logger });
      expect(result.batchItemFailures).toEqual([]);
    }
    expect(jobs).toHaveLength(1);
  });

  it('the hand-off is an asynchronous invoke of the worker (Event: Lambda answers 202 at once)', async () => {
    const lambda = mockClient(LambdaClient);
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    const [, merge] = mergeConsumers(noMerge);
    await merge!.handle(statusChanged('InProgress') as never, { logger });
    const calls = lambda.commandCalls(InvokeCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input).toMatchObject({ FunctionName: 'merge-worker', InvocationType: 'Event' });
    expect(JSON.parse(new TextDecoder().decode(input.Payload as Uint8Array))).toEqual({
      applicationId: '1000001',
      documentContainerId: 'plans',
    });
    lambda.restore();
  });

  it('the worker refuses what is not a job (nothing merged) and waits for its test-only delay', async () => {
    expect(await mergeWorker({ applicationId: '1000001' })).toEqual({
      outcome: 'Skipped',
      reason: 'not a merge job',
    });
    const held: MergeJob[] = [];
    setMergeDelay(async (job) => {
      held.push(job);
      throw new Error('held');
    });
    await expect(mergeWorker({ applicationId: '1', documentContainerId: 'plans' })).rejects.toThrow('held');
    expect(held).toEqual([{ applicationId: '1', documentContainerId: 'plans' }]);
    setMergeDelay(undefined);
  });
});
