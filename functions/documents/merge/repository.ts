/**
 * The writes of a container merge (docs/documents.md "Merge"), each with its
 * ContainerMergeStatusChanged event in one transaction (docs/events.md), each conditional on the
 * state it moves from, so a replayed event or a second run changes nothing:
 * NotMerged (or no relation) → InProgress on submission; InProgress → Merged with the merged
 * document; InProgress → Error; Merged or Error → NotMerged when the merged file is removed
 * (../repository/writes.ts `removeApplicationDocuments`). Each move is one write (`mergeTransition`).
 */
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem, type TransactionEntities } from '../../platform/events/outbox.js';
import { SYSTEM_ACTOR } from '../../platform/events/types.js';
import type { ContainerRelationRecord } from '../repository/changes.js';
import '../events.js';

type MergeStatus = ContainerRelationRecord['containerMergeStatus'] & string;

/**
 * One move of a container's merge status, as the two items of a transaction: the relation's write,
 * conditional on the status it moves from (NotMerged also when the container has no relation yet),
 * and its ContainerMergeStatusChanged event. Merged sets the merged file's name; NotMerged clears it.
 * Every transition of the merge (start, complete, fail, and the merged file's removal) is this one
 * write.
 */
export function mergeTransition(
  e: TransactionEntities,
  t: {
    applicationId: string;
    documentContainerId: string;
    from: readonly MergeStatus[];
    to: MergeStatus;
    mergedFileName?: string;
    /** Who moved it: the merge job (the default) or the user who removed the merged file. */
    actor?: string;
  },
) {
  const key = { applicationId: t.applicationId, documentContainerId: t.documentContainerId };
  const write = t.from.includes('NotMerged')
    ? e.documentContainerRelation
        .upsert({ ...key, containerMergeStatus: t.to })
        .where((a, o) =>
          [o.notExists(a.containerMergeStatus), ...t.from.map((s) => o.eq(a.containerMergeStatus, s))].join(
            ' OR ',
          ),
        )
        .commit()
    : e.documentContainerRelation
        .patch(key)
        .set({
          containerMergeStatus: t.to,
          ...(t.mergedFileName ? { mergedFileName: t.mergedFileName } : {}),
        })
        .remove(t.to === 'NotMerged' ? ['mergedFileName'] : [])
        .where((a, o) => t.from.map((s) => o.eq(a.containerMergeStatus, s)).join(' OR '))
        .commit();
  const event = newEvent('ContainerMergeStatusChanged', {
    aggregate: { type: 'application', id: t.applicationId },
    actor: t.actor ?? SYSTEM_ACTOR,
    data: { documentContainerId: t.documentContainerId, containerMergeStatus: t.to },
  });
  return [write, outboxItem(e, event)] as const;
}

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

/** Moves a container's merge status alone (with its event); false when it was not in `from`. */
async function moveContainerMerge(
  applicationId: string,
  documentContainerId: string,
  from: readonly MergeStatus[],
  to: MergeStatus,
): Promise<boolean> {
  const result = await service.transaction
    .write((e) => [...mergeTransition(e, { applicationId, documentContainerId, from, to })])
    .go();
  return !result.canceled;
}

/**
 * Sets a container's merge status to InProgress when it has none yet or is NotMerged (a Merged or
 * Error one, or one already in progress, is left alone); false when it was left alone.
 */
export const startContainerMerge = (applicationId: string, documentContainerId: string) =>
  moveContainerMerge(applicationId, documentContainerId, ['NotMerged'], 'InProgress');

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
      ...mergeTransition(e, {
        applicationId: doc.applicationId,
        documentContainerId: doc.documentContainerId,
        from: ['InProgress'],
        to: 'Merged',
        mergedFileName: doc.fileName,
      }),
    ])
    .go();
  return !result.canceled;
}

/** InProgress → Error with its event; false when the status is no longer InProgress. */
export const failContainerMerge = (applicationId: string, documentContainerId: string) =>
  moveContainerMerge(applicationId, documentContainerId, ['InProgress'], 'Error');

/** The merge status of each container of an application that has a relation. */
export async function containerMergeStatuses(
  applicationId: string,
): Promise<Record<string, ContainerRelationRecord['containerMergeStatus']>> {
  const { data } = await entities.documentContainerRelation.query
    .byApplication({ applicationId })
    .go({ pages: 'all' });
  return Object.fromEntries(data.map((r) => [r.documentContainerId, r.containerMergeStatus]));
}
