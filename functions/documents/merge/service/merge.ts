/**
 * Container merge (docs/documents.md "Merge"): after submission, each required document whose
 * container merges and holds documents goes NotMerged → InProgress; then, in the background, the
 * container's PDFs are merged in their order into one file named by the container's
 * `mergedFileName`, stored as a Completed document with isMergedFile true, and the status becomes
 * Merged, or Error when a part cannot be merged. Both steps are consumers of domain events
 * (../consumers.ts) and read the current state, so a replay changes nothing.
 */
import type { RequiredDocument } from '../../../../shared/schemas/applications.js';
import type { DocumentContainer } from '../../../../shared/schemas/reference.js';
import type { ApplicationDocumentRecord } from '../../repository/documents.js';
import type { ContainerRelationRecord } from '../../repository/changes.js';
import type { MergedDocument } from '../repository.js';
import { servedKey, supportsMerge, type Unmerge } from '../../model/files.js';
import { generatedKey } from '../../model/keys.js';
import { MergePartError } from './part-error.js';
import type { ObjectSink } from './storage.js';
import { toDocumentDto } from '../../service/view.js';

export type { Unmerge };

/** The merged document's name (its key in the application; the file is named `mergedFileName`). */
export const mergedDocumentName = (containerId: string): string => `merged-${containerId}.pdf`;

export interface MergePorts {
  application(applicationId: string): Promise<{ formId: string } | undefined>;
  requiredDocuments(formId: string): RequiredDocument[];
  documentContainers(): readonly DocumentContainer[];
  documents(applicationId: string): Promise<ApplicationDocumentRecord[]>;
  relation(applicationId: string, containerId: string): Promise<ContainerRelationRecord | undefined>;
  start(applicationId: string, containerId: string): Promise<boolean>;
  complete(doc: MergedDocument): Promise<boolean>;
  fail(applicationId: string, containerId: string): Promise<boolean>;
  readObject(key: string, versionId?: string): Promise<Uint8Array>;
  openSink(key: string): Promise<ObjectSink>;
}

export type MergeOutcome =
  | { outcome: 'Merged'; pageCount: number; parts: number; byteLength: number }
  | { outcome: 'Error'; reason: string }
  | { outcome: 'Skipped'; reason: string };

/**
 * What removing documents does to their container's merge: removing the merged file takes the
 * container back to NotMerged and clears its mergedFileName when it claims that file (Merged, or
 * Error after a later merge failed), in the removal's transaction. While a merge runs (InProgress)
 * the status stays: that merge writes the file again.
 */
export function unmergeOnRemoval(
  docs: readonly Pick<ApplicationDocumentRecord, 'documentName' | 'isMergedFile' | 'documentContainerId'>[],
  relation: Pick<ContainerRelationRecord, 'containerMergeStatus'> | undefined,
): Unmerge | undefined {
  const merged = docs.find((d) => d.isMergedFile && d.documentContainerId);
  const from = relation?.containerMergeStatus;
  if (!merged?.documentContainerId || (from !== 'Merged' && from !== 'Error')) return undefined;
  return { documentName: merged.documentName, documentContainerId: merged.documentContainerId, from };
}

/** The parts of a container, in their order (then by name): every document but a merged one. */
export function partsOf(docs: readonly ApplicationDocumentRecord[], containerId: string) {
  return docs
    .filter((d) => d.documentContainerId === containerId && !d.isMergedFile)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.documentName.localeCompare(b.documentName));
}

/** Why a document cannot be a part (not scanned clean, not a PDF), or undefined. */
function unmergeable(doc: ApplicationDocumentRecord, now: Date): string | undefined {
  if (toDocumentDto(doc, now).uploadStatus !== 'Completed' || !servedKey(doc))
    return 'a document is not Completed';
  if (doc.fileType !== 'application/pdf') return 'a document is not a PDF';
  return undefined;
}

export function mergeService(ports: MergePorts) {
  const containerOf = (id: string) => ports.documentContainers().find((c) => c.id === id);

  /**
   * On submission: the required documents whose container merges and holds at least one document
   * go to InProgress (those already InProgress, Merged or Error stay). The containers started.
   */
  async function startOnSubmission(applicationId: string): Promise<string[]> {
    const application = await ports.application(applicationId);
    if (!application) return [];
    const docs = await ports.documents(applicationId);
    const started: string[] = [];
    for (const required of ports.requiredDocuments(application.formId)) {
      const container = containerOf(required.documentContainerId);
      if (!container || !supportsMerge(container)) continue;
      if (partsOf(docs, container.id).length === 0) continue;
      if (await ports.start(applicationId, container.id)) started.push(container.id);
    }
    return started;
  }

  /** Merges a container whose status is InProgress (anything else: skipped, nothing written). */
  async function mergeContainer(applicationId: string, containerId: string): Promise<MergeOutcome> {
    const relation = await ports.relation(applicationId, containerId);
    if (relation?.containerMergeStatus !== 'InProgress')
      return { outcome: 'Skipped', reason: `status ${relation?.containerMergeStatus ?? 'NotMerged'}` };
    const fail = async (reason: string): Promise<MergeOutcome> => {
      await ports.fail(applicationId, containerId);
      return { outcome: 'Error', reason };
    };
    const container = containerOf(containerId);
    if (!container || !supportsMerge(container)) return fail('the container does not merge');
    const parts = partsOf(await ports.documents(applicationId), containerId);
    if (parts.length === 0) return fail('the container has no documents');
    const now = new Date();
    for (const p of parts) {
      const why = unmergeable(p, now);
      if (why) return fail(why);
    }

    const documentName = mergedDocumentName(containerId);
    const objectKey = generatedKey(applicationId, documentName);
    const sink = await ports.openSink(objectKey);
    let merged: { pageCount: number; byteLength: number };
    try {
      // pdf-lib is loaded on the first merge, not at every cold start of the functions that only
      // name the merge (documents, its stream consumer; docs/performance.md).
      const { mergePdfParts } = await import('./pdf.js');
      merged = await mergePdfParts(
        parts.map((p, i) => async () => {
          try {
            return await ports.readObject(servedKey(p)!, p.storedKey ? p.storedVersionId : undefined);
          } catch (err) {
            // The part's bytes are gone: that part cannot be merged (other errors are retried).
            if ((err as { name?: string }).name === 'NoSuchKey')
              throw new MergePartError(i, 'its file is missing');
            throw err;
          }
        }),
        sink,
      );
    } catch (err) {
      await sink.abort().catch(() => undefined);
      if (err instanceof MergePartError) return fail(err.message);
      throw err; // S3 or the table: retried by the event's delivery
    }
    const { versionId } = await sink.complete();
    const stored = await ports.complete({
      applicationId,
      documentName,
      documentContainerId: containerId,
      fileName: container.mergedFileName!,
      objectKey,
      ...(versionId ? { storedVersionId: versionId } : {}),
      fileSize: merged.byteLength,
    });
    if (!stored) {
      // Moved on meanwhile (set back to NotMerged), or the name is a user's document.
      const now = await ports.relation(applicationId, containerId);
      if (now?.containerMergeStatus === 'InProgress') return fail('the merged document name is taken');
      return { outcome: 'Skipped', reason: `status ${now?.containerMergeStatus ?? 'NotMerged'}` };
    }
    return {
      outcome: 'Merged',
      pageCount: merged.pageCount,
      parts: parts.length,
      byteLength: merged.byteLength,
    };
  }

  return { startOnSubmission, mergeContainer };
}

export type MergeService = ReturnType<typeof mergeService>;
