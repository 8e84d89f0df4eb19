/**
 * The merge service on the table and the uploads bucket (docs/documents.md "Merge"), for the merge's
 * consumers (consumers.ts) and its worker (worker.ts).
 */
import { catalogue } from '../../reference/index.js';
import { listApplicationDocuments } from '../repository/documents.js';
import {
  applicationFormOf,
  completeContainerMerge,
  failContainerMerge,
  getContainerRelation,
  startContainerMerge,
} from './repository.js';
import { mergeService, type MergeService } from './service/merge.js';
import { multipartSink, readObject } from './service/storage.js';

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
