/**
 * The writes of a container merge (docs/documents.md "Merge"), each with its
 * ContainerMergeStatusChanged event in one transaction (docs/events.md), each conditional on the
 * state it moves from, so a replayed event or a second run changes nothing:
 * NotMerged (or no relation) → InProgress on submission; InProgress → Merged with the merged
 * document; InProgress → Error.
 */
import { entities, service } from '../platform/data/service.js';
import { newEvent, outboxItem } from '../platform/events/outbox.js';
import { SYSTEM_ACTOR } from '../platform/events/types.js';
import type { ContainerRelationRecord } from './repository-changes.js';
import './events.js';

const mergeEvent = (
  applicationId: string,
  documentContainerId: string,
  containerMergeStatus: ContainerRelationRecord['containerMergeStatus'] & string,
) =>
  newEvent('ContainerMergeStatusChanged', {
    aggregate: { type: 'application', id: applicationId },
    actor: SYSTEM_ACTOR,
    data: { documentContainerId, containerMergeStatus },
  });

/** The form of an application (the required documents come from it), or undefined. */
export async function applicationFormOf(applicationId: string): Promise<{ formId: string } | undefined> {
  const { data } = await entities.application.get({ applicationId }).go({ attributes: ['formId'] });
  return data?.formId ? { formId: data.formId } : undefined;
}

/** A container's relation (merged file name, merge status), or undefined. */
export async function getContainerRelation(
  applicationId: string,
  documentContainerId: string,
): Promise<ContainerRelationRecord | undefined> {
  const { data } = await entities.documentContainerRelation
    .get({ applicationId, documentContainerId })
    .go({ consistent: true });
  return data ?? undefined;
}

/**
 * Sets a container's merge status to InProgress when it has none yet or is NotMerged (a Merged or
 * Error one, or one already in progress, is left alone); false when it was left alone.
 */
export async function startContainerMerge(
  applicationId: string,
  documentContainerId: string,
): Promise<boolean> {
  const result = await service.transaction
    .write((e) => [
      e.documentContainerRelation
        .upsert({ applicationId, documentContainerId, containerMergeStatus: 'InProgress' })
        .where(
          (a, o) => `${o.notExists(a.containerMergeStatus)} OR ${o.eq(a.containerMergeStatus, 'NotMerged')}`,
        )
        .commit(),
      outboxItem(e, mergeEvent(applicationId, documentContainerId, 'InProgress')),
    ])
    .go();
  return !result.canceled;
}

/** The merged document as it is stored (a Completed, server-written PDF). */
export interface MergedDocument {
  applicationId: string;
  documentName: string;
  documentContainerId: string;
  fileName: string;
  objectKey: string;
  storedVersionId?: string;
  fileSize: number;
}

/**
 * InProgress → Merged: the merged document (replacing an earlier merged document of that name, never
 * a user's document), the relation's status and merged file name, and the event. False when the
 * status is no longer InProgress or the name is held by a document that is not a merged file.
 */
export async function completeContainerMerge(doc: MergedDocument): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await service.transaction
    .write((e) => [
      e.applicationDocument
        .put({
          applicationId: doc.applicationId,
          documentName: doc.documentName,
          objectKey: doc.objectKey,
          storedKey: doc.objectKey,
          ...(doc.storedVersionId ? { storedVersionId: doc.storedVersionId } : {}),
          fileName: doc.fileName,
          fileType: 'application/pdf',
          fileSize: doc.fileSize,
          fileModifiedDate: now,
          uploadStatus: 'Completed',
          isMergedFile: true,
          documentContainerId: doc.documentContainerId,
          order: 0,
          createdBy: SYSTEM_ACTOR,
        })
        .where((a, o) => `${o.notExists(a.documentName)} OR ${o.eq(a.isMergedFile, true)}`)
        .commit(),
      e.documentContainerRelation
        .patch({ applicationId: doc.applicationId, documentContainerId: doc.documentContainerId })
        .set({ containerMergeStatus: 'Merged', mergedFileName: doc.fileName })
        .where((a, o) => o.eq(a.containerMergeStatus, 'InProgress'))
        .commit(),
      outboxItem(e, mergeEvent(doc.applicationId, doc.documentContainerId, 'Merged')),
    ])
    .go();
  return !result.canceled;
}

/** InProgress → Error with its event; false when the status is no longer InProgress. */
export async function failContainerMerge(
  applicationId: string,
  documentContainerId: string,
): Promise<boolean> {
  const result = await service.transaction
    .write((e) => [
      e.documentContainerRelation
        .patch({ applicationId, documentContainerId })
        .set({ containerMergeStatus: 'Error' })
        .where((a, o) => o.eq(a.containerMergeStatus, 'InProgress'))
        .commit(),
      outboxItem(e, mergeEvent(applicationId, documentContainerId, 'Error')),
    ])
    .go();
  return !result.canceled;
}

/** The merge status of each container of an application that has a relation. */
export async function containerMergeStatuses(
  applicationId: string,
): Promise<Record<string, ContainerRelationRecord['containerMergeStatus']>> {
  const { data } = await entities.documentContainerRelation.query
    .byApplication({ applicationId })
    .go({ pages: 'all' });
  return Object.fromEntries(data.map((r) => [r.documentContainerId, r.containerMergeStatus]));
}
