/**
 * The documents' transactional writes (docs/documents.md): each change with its domain event in one
 * DynamoDB transaction (docs/events.md); a create with the application's documentGuard, so the
 * limits hold under concurrent uploads.
 */
import { randomUUID } from 'node:crypto';
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import type { TransactionEntities } from '../../platform/events/outbox.js';
import type { ApplicationDocumentRecord, NewApplicationDocument } from './documents.js';
import { incomingKey } from '../model/keys.js';
import type { Unmerge } from '../model/files.js';
import { mergeTransition } from '../merge/repository.js';
import type { Idempotency } from '../../platform/idempotency.js';
import '../events.js';

/** DynamoDB's limit of items in one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

type DocKey = { applicationId: string; documentName: string };

/** The application's documents and the guard version they were counted at, read consistently. */
export async function documentsSnapshot(
  applicationId: string,
): Promise<{ documents: ApplicationDocumentRecord[]; version: number | undefined }> {
  // The guard first: a create committed after it is read moves it, so the write below fails.
  const { data: guard } = await entities.documentGuard.get({ applicationId }).go({ consistent: true });
  const { data } = await entities.applicationDocument.query
    .byApplication({ applicationId })
    .go({ pages: 'all', consistent: true });
  return { documents: data, version: guard?.version };
}

/**
 * A document a council adds (an issued document): its incoming key chosen beforehand (its upload
 * URL is part of the answer) and the idempotency item storing that answer, in the same transaction.
 */
export interface CouncilAdd {
  objectKey: string;
  idempotency: Idempotency;
  answer: (record: ApplicationDocumentRecord) => unknown;
}

export type AddOutcome =
  { ok: true; record: ApplicationDocumentRecord } | { ok: false; reason: 'nameTaken' | 'moved' };

/**
 * Creates a document (uploadStatus Pending, a fresh incoming/ key) with its DocumentAdded event,
 * on the condition that the application's guard is still at `version` (absent when undefined) and
 * the name is free: 'moved' when another create committed since the snapshot, 'nameTaken' when the
 * name was taken.
 */
export async function addApplicationDocument(
  input: NewApplicationDocument,
  version: number | undefined,
  actor: string,
  council?: CouncilAdd,
): Promise<AddOutcome> {
  const { applicationId } = input;
  const now = new Date().toISOString();
  const record = {
    ...input,
    objectKey: council?.objectKey ?? incomingKey(applicationId, randomUUID()),
    uploadStatus: 'Pending' as const,
    fileVersion: 1,
    isMergedFile: false,
    hasExtractedData: false,
    order: input.order ?? 0,
    createdAt: now,
    updatedAt: now,
  };
  const event = newEvent('DocumentAdded', {
    aggregate: { type: 'application', id: applicationId },
    actor,
    data: {
      documentName: input.documentName,
      ...(input.documentContainerId ? { documentContainerId: input.documentContainerId } : {}),
    },
  });
  const result = await service.transaction
    .write((e) => [
      e.applicationDocument.create(record).commit(),
      version === undefined
        ? e.documentGuard.create({ applicationId, version: 1 }).commit()
        : e.documentGuard
            .patch({ applicationId })
            .set({ version: version + 1 })
            .where((a, o) => o.eq(a.version, version))
            .commit(),
      outboxItem(e, event),
      ...(council
        ? [council.idempotency.item(e, council.answer(record as ApplicationDocumentRecord), 201)]
        : []),
    ])
    .go();
  if (!result.canceled) return { ok: true, record: record as ApplicationDocumentRecord };
  const [doc, guard] = result.data;
  if (doc?.rejected && doc.code === 'ConditionalCheckFailed') return { ok: false, reason: 'nameTaken' };
  if (guard?.rejected) return { ok: false, reason: 'moved' };
  throw new Error(
    `addApplicationDocument: transaction cancelled (${result.data.map((d) => d.code).join(', ')})`,
  );
}

/** The tag and type relations of a document. */
async function relationsOf({ applicationId, documentName }: DocKey) {
  const [tags, types] = await Promise.all([
    entities.documentTagRelation.query.byDocument({ applicationId, documentName }).go({ pages: 'all' }),
    entities.documentTypeRelation.query.byDocument({ applicationId, documentName }).go({ pages: 'all' }),
  ]);
  // The sort key begins with the name: keep only this document's own rows.
  return {
    tags: tags.data.filter((t) => t.documentName === documentName),
    types: types.data.filter((t) => t.documentName === documentName),
  };
}

/**
 * Deletes documents (each conditional on still existing) with their tag and type relations and one
 * DocumentRemoved event per transaction. Documents and their relations never span two
 * transactions; more than fit one are written in several. `unmerge` (a merged file among them)
 * moves its container's relation back to NotMerged in the same transaction as that document's
 * delete, conditional on the status it was read at. False when a document was gone or the status
 * moved meanwhile.
 */
export async function removeApplicationDocuments(
  applicationId: string,
  documentNames: string[],
  actor: string,
  documentContainerId?: string,
  unmerge?: Unmerge,
): Promise<boolean> {
  const groups: { name: string; size: number; ops: (e: TransactionEntities) => unknown[] }[] = [];
  for (const documentName of documentNames) {
    const rel = await relationsOf({ applicationId, documentName });
    const unmerged = unmerge?.documentName === documentName ? unmerge : undefined;
    groups.push({
      name: documentName,
      size: 1 + rel.tags.length + rel.types.length + (unmerged ? 2 : 0),
      ops: (e) => [
        e.applicationDocument
          .delete({ applicationId, documentName })
          .where((a, o) => o.exists(a.documentName))
          .commit(),
        ...rel.tags.map(({ documentTagId }) =>
          e.documentTagRelation.delete({ applicationId, documentName, documentTagId }).commit(),
        ),
        ...rel.types.map(({ documentTypeId }) =>
          e.documentTypeRelation.delete({ applicationId, documentName, documentTypeId }).commit(),
        ),
        ...(unmerged
          ? mergeTransition(e, {
              applicationId,
              documentContainerId: unmerged.documentContainerId,
              from: [unmerged.from],
              to: 'NotMerged',
              actor,
            })
          : []),
      ],
    });
  }
  const chunks: (typeof groups)[] = [];
  let size = 0;
  for (const g of groups) {
    const n = g.size;
    if (chunks.length === 0 || size + n + 1 > MAX_TRANSACTION_ITEMS) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(g);
    size += n;
  }
  for (const chunk of chunks) {
    const event = newEvent('DocumentRemoved', {
      aggregate: { type: 'application', id: applicationId },
      actor,
      data: {
        documentNames: chunk.map((g) => g.name),
        ...(documentContainerId ? { documentContainerId } : {}),
      },
    });
    const result = await service.transaction
      .write((e) => [...chunk.flatMap((g) => g.ops(e) as never[]), outboxItem(e, event)])
      .go();
    if (result.canceled) return false;
  }
  return true;
}
