/**
 * The merge's consumers of domain events (docs/documents.md "Merge", docs/events.md), both reading
 * the current state, so a replay or a retry changes nothing:
 * - `documents.mergeOnSubmit` (ApplicationSubmitted): the required documents whose container merges
 *   and holds documents go NotMerged → InProgress (each with its ContainerMergeStatusChanged).
 * - `documents.merge` (ContainerMergeStatusChanged to InProgress, from submission or
 *   PATCH .../required-documents/{requiredId}): merges the container (Merged or Error). A merge
 *   already done finds the status Merged and skips; a crash before its write merges again into the
 *   same object and the same document, so there is never a second merged file.
 */
import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import { catalogue } from '../reference/catalogue.js';
import { listApplicationDocuments } from './repository.js';
import {
  applicationFormOf,
  completeContainerMerge,
  failContainerMerge,
  getContainerRelation,
  startContainerMerge,
} from './repository-merge.js';
import { mergeService, type MergeService } from './service/merge.js';
import { multipartSink, readObject } from './service/merge-storage.js';

/** The merge service on the table and the uploads bucket. */
export const mergeServiceOnAws = (): MergeService =>
  mergeService({
    application: applicationFormOf,
    requiredDocuments: (formId) => catalogue().requiredDocuments(formId),
    documentContainers: () => catalogue().documentContainers(),
    documents: listApplicationDocuments,
    relation: getContainerRelation,
    start: startContainerMerge,
    complete: completeContainerMerge,
    fail: failContainerMerge,
    readObject,
    openSink: multipartSink,
  });

export function mergeConsumers(merge: () => MergeService = mergeServiceOnAws): EventConsumer[] {
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
        const result = await merge().mergeContainer(event.aggregate.id, event.data.documentContainerId);
        logger.info('documents: container merge', {
          applicationId: event.aggregate.id,
          documentContainerId: event.data.documentContainerId,
          ...result,
        });
      },
    }),
  ];
}
