/**
 * The table writes of the title extraction (docs/documents.md "Owners read from the title"): the
 * document's extraction state, and the application's legal description when it was empty. Each
 * write is conditional, so a retried or re-run step changes nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import { isConditionalCheckFailed } from '../../platform/data/conditional.js';
import type { ExtractionNote } from '../../../shared/schemas/documents.js';
import type { ApplicationDocumentRecord } from '../repository/documents.js';
import '../events.js';

type DocKey = { applicationId: string; documentName: string };

const ignoreConditionFailed = (err: unknown) => {
  if (isConditionalCheckFailed(err)) return false;
  throw err;
};

/**
 * Marks the document's extraction as running (`extractionId`: the settle event's id), on the
 * condition that it is still the Completed document whose scanned bytes are at `storedKey`. False
 * when it changed or is gone (nothing to extract).
 */
export async function markExtractionRunning(
  key: DocKey,
  storedKey: string,
  extractionId: string,
): Promise<boolean> {
  return entities.applicationDocument
    .patch(key)
    .set({ extractionStatus: 'Running', extractionId })
    .remove(['extractionNote'])
    .where(
      ({ storedKey: k, uploadStatus }, { eq }) => `${eq(k, storedKey)} AND ${eq(uploadStatus, 'Completed')}`,
    )
    .go({ response: 'none' })
    .then(() => true, ignoreConditionFailed);
}

/** The extraction's outcome on the document, unless a later extraction of it has started since. */
export async function finishExtraction(
  key: DocKey,
  extractionId: string,
  outcome: { hasExtractedData: boolean; note?: ExtractionNote; titleIssuedDate?: string },
): Promise<boolean> {
  const op = entities.applicationDocument.patch(key).set({
    extractionStatus: outcome.hasExtractedData ? 'Completed' : 'NothingProposed',
    hasExtractedData: outcome.hasExtractedData,
    ...(outcome.note ? { extractionNote: outcome.note } : {}),
    ...(outcome.titleIssuedDate ? { titleIssuedDate: outcome.titleIssuedDate } : {}),
  });
  return (outcome.note ? op : op.remove(['extractionNote']))
    .where(({ extractionId: id }, { eq }) => eq(id, extractionId))
    .go({ response: 'none' })
    .then(() => true, ignoreConditionFailed);
}

/** One application document (consistent: the extraction acts on what the scan just wrote). */
export async function readDocument(key: DocKey): Promise<ApplicationDocumentRecord | undefined> {
  const { data } = await entities.applicationDocument.get(key).go({ consistent: true });
  return data ?? undefined;
}

/**
 * Fills the application's legal description from the title, only while it is empty (a value a person
 * wrote meanwhile is kept), with a new etag and its ApplicationUpdated event in one transaction.
 * False when it was no longer empty (or the application is gone).
 */
export async function fillLegalDescription(
  applicationId: string,
  legalDescription: string,
  actor: string,
): Promise<boolean> {
  const event = newEvent('ApplicationUpdated', {
    aggregate: { type: 'application', id: applicationId },
    actor,
    data: { changed: ['legalDescription'] },
  });
  const result = await service.transaction
    .write((e) => [
      e.application
        .patch({ applicationId })
        .set({ legalDescription, etag: randomUUID(), modifiedDate: new Date().toISOString() })
        .where(({ legalDescription: l }, { notExists, eq }) => `${notExists(l)} OR ${eq(l, '')}`)
        .commit(),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

/** The application's legal description as stored. */
export async function applicationLegalDescription(applicationId: string): Promise<string | undefined> {
  const { data } = await entities.application
    .get({ applicationId })
    .go({ attributes: ['legalDescription'], consistent: true });
  return data?.legalDescription;
}
