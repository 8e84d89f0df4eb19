import { defineConsumer } from '../platform/events/consumers.js';
import { requireEnv } from '../platform/config.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import { OWNERSHIP_CONTAINER_ID } from '../../shared/domain/documents.js';
import { applicationPrefixes } from './model/keys.js';
import { deletePrefix } from './service/storage.js';
import type { ApplicationDocumentRecord } from './repository/documents.js';
import { markExtractionRunning, readDocument } from './extraction/repository.js';
import { startExtraction } from './extraction/service/workflows.js';
import './events.js';
import { mergeConsumers } from './merge/consumers.js';

/** What the documents' consumers need (the uploads bucket by default; fakes in the unit tests). */
export interface DocumentConsumerDeps {
  /** Removes every object under a key prefix; absent ones are no error. */
  deletePrefix(prefix: string): Promise<number>;
  readDocument(key: {
    applicationId: string;
    documentName: string;
  }): Promise<ApplicationDocumentRecord | undefined>;
  markExtractionRunning(
    key: { applicationId: string; documentName: string },
    storedKey: string,
    extractionId: string,
  ): Promise<boolean>;
  /** Starts the extraction state machine; an execution of that name already there is no error. */
  startExtraction(name: string, input: Record<string, string>): Promise<void>;
  bucket(): string;
}

const defaultDeps: DocumentConsumerDeps = {
  deletePrefix,
  readDocument,
  markExtractionRunning,
  startExtraction,
  bucket: () => requireEnv('UPLOADS_BUCKET'),
};

/** Whether a settled document is one the extraction reads: a clean PDF in the proof-of-ownership container. */
export const isExtractable = (
  d: ApplicationDocumentRecord,
): d is ApplicationDocumentRecord & { storedKey: string } =>
  d.uploadStatus === 'Completed' &&
  d.documentContainerId === OWNERSHIP_CONTAINER_ID &&
  d.fileType === 'application/pdf' &&
  typeof d.storedKey === 'string';

/**
 * The key prefixes an application's files live under: incoming uploads, scanned documents (and the
 * documents of the old layout), server-written files, and the text extracted from them.
 */
export function applicationFilePrefixes(applicationId: string): string[] {
  return applicationPrefixes(applicationId);
}

/**
 * The documents' consumers of domain events (docs/events.md):
 * - `documents.files`: when an application is deleted, its files go too (every upload and extracted
 *   text under its prefixes). Idempotent: a replay finds nothing left to remove.
 * - `documents.extraction`: when a proof-of-ownership PDF settles clean, the document is marked
 *   Running and the extraction state machine is started, named by the event's id (a retry or replay
 *   meets the execution already there and starts no second one).
 * - `documents.mergeOnSubmit` and `documents.merge`: the container merge (./merge/consumers.ts).
 */
export function documentConsumers(overrides: Partial<DocumentConsumerDeps> = {}): EventConsumer[] {
  const deps: DocumentConsumerDeps = { ...defaultDeps, ...overrides };
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
    defineConsumer({
      name: 'documents.extraction',
      handles: ['DocumentSettled'],
      async handle(event, { logger }) {
        if (event.data.uploadStatus !== 'Completed') return;
        const key = { applicationId: event.aggregate.id, documentName: event.data.documentName };
        const doc = await deps.readDocument(key);
        if (!doc || !isExtractable(doc)) return;
        // The current state decides: a document replaced or removed since the event is not read.
        if (
          doc.extractionId !== event.eventId &&
          !(await deps.markExtractionRunning(key, doc.storedKey, event.eventId))
        )
          return;
        await deps.startExtraction(event.eventId, {
          bucket: deps.bucket(),
          key: doc.storedKey,
          applicationId: key.applicationId,
          documentName: key.documentName,
          extractionId: event.eventId,
        });
        logger.info('documents: extraction started', { applicationId: key.applicationId });
      },
    }),
    ...mergeConsumers(),
  ];
}
