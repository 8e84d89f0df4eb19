/**
 * Changes of documents other than create and remove (docs/documents.md), each with its domain event
 * in one transaction (docs/events.md): status, tags, types, order, a container's merge status, and
 * the user-level documents.
 */
import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import type { documentContainerRelation, userDocument } from '../../platform/data/entities/documents.js';
import { incomingKey } from '../model/keys.js';
import '../events.js';

export type UserDocumentRecord = EntityItem<typeof userDocument>;
export type ContainerRelationRecord = EntityItem<typeof documentContainerRelation>;

type DocKey = { applicationId: string; documentName: string };
const MAX_TRANSACTION_ITEMS = 100;

const applicationEvent = <T extends Parameters<typeof newEvent>[0]>(
  type: T,
  applicationId: string,
  actor: string,
  data: Parameters<typeof newEvent<T>>[1]['data'],
) => newEvent(type, { aggregate: { type: 'application', id: applicationId } as never, actor, data });

/** Sets a document's council-side status; false when the document is gone. */
export async function setDocumentStatus(key: DocKey, status: string, actor: string): Promise<boolean> {
  const event = applicationEvent('DocumentStatusChanged', key.applicationId, actor, {
    documentName: key.documentName,
    status,
  });
  const result = await service.transaction
    .write((e) => [e.applicationDocument.patch(key).set({ status }).commit(), outboxItem(e, event)])
    .go();
  return !result.canceled;
}

/** The tag ids of a document. */
export async function documentTagIds({ applicationId, documentName }: DocKey): Promise<string[]> {
  const { data } = await entities.documentTagRelation.query
    .byDocument({ applicationId, documentName })
    .go({ pages: 'all' });
  return data.filter((r) => r.documentName === documentName).map((r) => r.documentTagId);
}

/** The type ids of a document. */
export async function documentTypeIds({ applicationId, documentName }: DocKey): Promise<string[]> {
  const { data } = await entities.documentTypeRelation.query
    .byDocument({ applicationId, documentName })
    .go({ pages: 'all' });
  return data.filter((r) => r.documentName === documentName).map((r) => r.documentTypeId);
}

/**
 * Moves a document's tags (or types) from `before` to `after`: the relations added and removed and
 * the event, in one transaction conditional on the document still existing. False when it is gone.
 */
export async function setDocumentRelations(
  kind: 'tags' | 'types',
  key: DocKey,
  before: readonly string[],
  after: readonly string[],
  actor: string,
): Promise<boolean> {
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  const event =
    kind === 'tags'
      ? applicationEvent('DocumentTagsChanged', key.applicationId, actor, {
          documentName: key.documentName,
          documentTagIds: [...after],
        })
      : applicationEvent('DocumentTypesChanged', key.applicationId, actor, {
          documentName: key.documentName,
          documentTypeIds: [...after],
        });
  const result = await service.transaction
    .write((e) => [
      // The document must still be there (a check without a change).
      e.applicationDocument
        .check(key)
        .where((a, o) => o.exists(a.documentName))
        .commit(),
      ...added.map((id) =>
        kind === 'tags'
          ? e.documentTagRelation.put({ ...key, documentTagId: id }).commit()
          : e.documentTypeRelation.put({ ...key, documentTypeId: id }).commit(),
      ),
      ...removed.map((id) =>
        kind === 'tags'
          ? e.documentTagRelation.delete({ ...key, documentTagId: id }).commit()
          : e.documentTypeRelation.delete({ ...key, documentTypeId: id }).commit(),
      ),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

/**
 * Sets each named document's order to its index, each write conditional on the document still being
 * in the container, with a DocumentsReordered event (in chunks when more than a transaction holds).
 * False when a document was gone or moved.
 */
export async function reorderDocuments(
  applicationId: string,
  documentContainerId: string,
  documentNames: readonly string[],
  actor: string,
): Promise<boolean> {
  const per = MAX_TRANSACTION_ITEMS - 1;
  for (let start = 0; start < documentNames.length; start += per) {
    const chunk = documentNames.slice(start, start + per);
    const event = applicationEvent('DocumentsReordered', applicationId, actor, {
      documentContainerId,
      documentNames: chunk,
    });
    const result = await service.transaction
      .write((e) => [
        ...chunk.map((documentName, i) =>
          e.applicationDocument
            .patch({ applicationId, documentName })
            .set({ order: start + i })
            .where((a, o) => o.eq(a.documentContainerId, documentContainerId))
            .commit(),
        ),
        outboxItem(e, event),
      ])
      .go();
    if (result.canceled) return false;
  }
  return true;
}

/** The application's container relations (merged file name, merge status). */
export async function listContainerRelations(applicationId: string): Promise<ContainerRelationRecord[]> {
  const { data } = await entities.documentContainerRelation.query
    .byApplication({ applicationId })
    .go({ pages: 'all' });
  return data;
}

/** Sets a container's merge status (creating its relation), with its event. */
export async function setContainerMergeStatus(
  applicationId: string,
  documentContainerId: string,
  containerMergeStatus: 'NotMerged' | 'InProgress' | 'Merged' | 'Error',
  actor: string,
): Promise<void> {
  const event = applicationEvent('ContainerMergeStatusChanged', applicationId, actor, {
    documentContainerId,
    containerMergeStatus,
  });
  const result = await service.transaction
    .write((e) => [
      e.documentContainerRelation
        .upsert({ applicationId, documentContainerId, containerMergeStatus })
        .commit(),
      outboxItem(e, event),
    ])
    .go();
  if (result.canceled) throw new Error('setContainerMergeStatus: the transaction was cancelled');
}

// ---- User-level documents ----

export interface NewUserDocument {
  userId: string;
  documentName: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  fileModifiedDate?: string;
}

/** Creates a user's document (Pending, a fresh incoming/ key) with its event; undefined when the name is taken. */
export async function addUserDocument(input: NewUserDocument): Promise<UserDocumentRecord | undefined> {
  const now = new Date().toISOString();
  const record = {
    ...input,
    objectKey: incomingKey(`u-${input.userId}`, randomUUID()),
    uploadStatus: 'Pending' as const,
    fileVersion: 1,
    isMergedFile: false,
    hasExtractedData: false,
    createdBy: input.userId,
    createdAt: now,
    updatedAt: now,
  };
  const event = newEvent('UserDocumentAdded', {
    aggregate: { type: 'user', id: input.userId },
    actor: input.userId,
    data: { documentName: input.documentName },
  });
  const result = await service.transaction
    .write((e) => [e.userDocument.create(record).commit(), outboxItem(e, event)])
    .go();
  return result.canceled ? undefined : (record as UserDocumentRecord);
}

/** One of a user's documents. */
export async function getUserDocument(
  userId: string,
  documentName: string,
): Promise<UserDocumentRecord | undefined> {
  const { data } = await entities.userDocument.get({ userId, documentName }).go();
  return data ?? undefined;
}

/** Sets a user's document's status with its event; false when it is gone. */
export async function setUserDocumentStatus(
  userId: string,
  documentName: string,
  status: string,
): Promise<boolean> {
  const event = newEvent('UserDocumentStatusChanged', {
    aggregate: { type: 'user', id: userId },
    actor: userId,
    data: { documentName, status },
  });
  const result = await service.transaction
    .write((e) => [
      e.userDocument.patch({ userId, documentName }).set({ status }).commit(),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

/** The user's own document tags (userId = the user; the system tags are reference data). */
export async function listOwnDocumentTags(userId: string) {
  const { data } = await entities.documentTag.query.byUser({ userId }).go({ pages: 'all' });
  return data.map((t) => ({
    id: t.documentTagId,
    name: t.name,
    displayName: t.displayName,
    displayOrder: t.displayOrder ?? 0,
    userId: t.userId,
    ...(t.description ? { description: t.description } : {}),
  }));
}
