import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import { applicationPrefixes } from './service/keys.js';
import { deletePrefix } from './service/storage.js';
import { mergeConsumers } from './merge-consumers.js';

/** What the documents' consumers need (the uploads bucket by default; fakes in the unit tests). */
export interface DocumentConsumerDeps {
  /** Removes every object under a key prefix; absent ones are no error. */
  deletePrefix(prefix: string): Promise<number>;
}

/**
 * The key prefixes an application's files live under: incoming uploads, scanned documents (and the
 * documents of the layout before issue 9), server-written files, and the text extracted from them.
 */
export function applicationFilePrefixes(applicationId: string): string[] {
  return applicationPrefixes(applicationId);
}

/**
 * The documents' consumers of domain events (docs/events.md):
 * - `documents.files`: when an application is deleted, its files go too (every upload and extracted
 *   text under its prefixes). Idempotent: a replay finds nothing left to remove.
 * - `documents.mergeOnSubmit` and `documents.merge`: the container merge (./merge-consumers.ts).
 */
export function documentConsumers(deps: DocumentConsumerDeps = { deletePrefix }): EventConsumer[] {
  return [
    defineConsumer({
      name: 'documents.files',
      handles: ['ApplicationDeleted'],
      async handle(event, { logger }) {
        let removed = 0;
        for (const prefix of applicationFilePrefixes(event.aggregate.id))
          removed += await deps.deletePrefix(prefix);
        logger.info('documents: files of a deleted application removed', {
          applicationId: event.aggregate.id,
          removed,
        });
      },
    }),
    ...mergeConsumers(),
  ];
}
