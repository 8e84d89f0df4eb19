/**
 * The merge's consumers of domain events (docs/documents.md "Merge", docs/events.md), both reading
 * the current state or handing on to what does, so a replay or a retry changes nothing:
 * - `documents.mergeOnSubmit` (ApplicationSubmitted): the required documents whose container merges
 *   and holds documents go NotMerged → InProgress (each with its ContainerMergeStatusChanged).
 * - `documents.merge` (ContainerMergeStatusChanged to InProgress, from submission or
 *   PATCH .../required-documents/{requiredId}): hands one MergeJob to the merge worker
 *   (worker.ts, its own Lambda invoked asynchronously) and returns at once, so a long merge
 *   never holds back the stream's later events. The worker merges only while the status is
 *   InProgress: a job handed on twice (a replay, a retry) merges once.
 */
import type { MergeJob } from '../../../shared/schemas/documents-merge.js';
import { invokeAsync } from '../../platform/adapters/aws/lambda.js';
import { requireEnv } from '../../platform/config.js';
import { defineConsumer } from '../../platform/events/consumers.js';
import type { EventConsumer } from '../../platform/events/consumers.js';
import { mergeServiceOnAws } from './ports.js';
import type { MergeService } from './service/merge.js';

/** Hands a merge job to the merge worker (MERGE_FUNCTION_NAME), asynchronously. */
export const handOffToWorker = (job: MergeJob): Promise<void> =>
  invokeAsync(requireEnv('MERGE_FUNCTION_NAME'), job);

export function mergeConsumers(
  merge: () => MergeService = mergeServiceOnAws,
  handOff: (job: MergeJob) => Promise<void> = handOffToWorker,
): EventConsumer[] {
  return [
    defineConsumer({
      name: 'documents.mergeOnSubmit',
      handles: ['ApplicationSubmitted'],
      async handle(event, { logger }) {
        const started = await merge().startOnSubmission(event.aggregate.id);
        if (started.length > 0)
          logger.info('documents: merges started', { applicationId: event.aggregate.id, started });
      },
    }),
    defineConsumer({
      name: 'documents.merge',
      handles: ['ContainerMergeStatusChanged'],
      async handle(event, { logger }) {
        if (event.data.containerMergeStatus !== 'InProgress') return;
        const job = {
          applicationId: event.aggregate.id,
          documentContainerId: event.data.documentContainerId,
        };
        await handOff(job);
        logger.info('documents: container merge handed to the worker', job);
      },
    }),
  ];
}
