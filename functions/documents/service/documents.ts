import type * as z from 'zod';
import type {
  ApplicationDocumentDto,
  CreateDocumentRequest,
  CreateDocumentResponse,
  DownloadLinkResponse,
} from '../../../shared/schemas/documents.js';
import { documentLimits, documentMessages } from '../../../shared/schemas/documents.js';
import type { DocumentContainer } from '../../../shared/schemas/reference.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import type { ApplicationGrant } from '../../platform/access.js';
import type { UserCaller } from '../../platform/caller.js';
import type { ApplicationDocumentRecord, NewApplicationDocument } from '../repository/documents.js';
import type { AddOutcome } from '../repository/writes.js';
import type { ContainerRelationRecord } from '../repository/changes.js';
import { filesOf, servedKey, type Unmerge } from '../model/files.js';
import { unmergeOnRemoval } from '../merge/service/merge.js';
import { actionsOn, assertCanChangeDocuments, openCouncilGroup } from './access.js';
import { planNewDocument } from './create.js';
import { toDocumentDto } from './view.js';
import { isIncomingKey } from '../model/keys.js';

export { filesOf, servedKey };

/** What the documents service needs from the world: the table, the bucket, the reference data, the summary PDF. */
export interface DocumentPorts {
  documents: {
    list(applicationId: string): Promise<ApplicationDocumentRecord[]>;
    get(applicationId: string, documentName: string): Promise<ApplicationDocumentRecord | undefined>;
    /** The documents and the guard version they were counted at (consistent). */
    snapshot(
      applicationId: string,
    ): Promise<{ documents: ApplicationDocumentRecord[]; version: number | undefined }>;
    /** Creates the document if the guard is still at `version` and the name is free (one transaction). */
    add(doc: NewApplicationDocument, version: number | undefined, actor: string): Promise<AddOutcome>;
    /** Deletes documents with their relations and event (and `unmerge`); false when one was gone. */
    remove(
      applicationId: string,
      documentNames: string[],
      actor: string,
      containerId?: string,
      unmerge?: Unmerge,
    ): Promise<boolean>;
    /** A container's relation (its merge status), or undefined. */
    relation(applicationId: string, containerId: string): Promise<ContainerRelationRecord | undefined>;
  };
  storage: {
    presignedPut(
      key: string,
      options: { contentType: string; contentLength: number; expiresIn: number },
    ): Promise<string>;
    presignedDownload(
      key: string,
      fileName: string,
      expiresIn: number,
      versionId?: string | undefined,
    ): Promise<string>;
    deleteObject(key: string): Promise<void>;
    /** Aborts the multipart uploads still open on a key (a removed document's parts go at once). */
    abortUploads?(key: string): Promise<void>;
  };
  reference: {
    documentContainers(): readonly DocumentContainer[];
    documentCategoryIds(jurisdictionId: string): string[];
    /** Whether the authority converts JPEG and PNG uploads to PDF (its reference data's flag). */
    imageConversionEnabled(authorityId: string | undefined): boolean;
  };
}

/**
 * How many times a create reads and writes again when other creates committed in between (each
 * round one of the contenders commits, so this many uploads at once still all get an answer).
 */
const MAX_CREATE_ATTEMPTS = 10;

/** Removals read again when the document or its container's merge status changed meanwhile. */
const MAX_REMOVE_ATTEMPTS = 3;

/** The documents of an application (docs/documents.md). */
export function documentsService(ports: DocumentPorts) {
  return { listDocuments, getDocument, createDocument, removeDocument, downloadLink };

  /** The documents of an application, by container, then order, then creation. */
  async function listDocuments(grant: ApplicationGrant): Promise<ApplicationDocumentDto[]> {
    const now = new Date();
    const docs = await ports.documents.list(grant.application.applicationId);
    return docs
      .map((d) => toDocumentDto(d, now, actionsOn(d, grant)))
      .sort(
        (a, b) =>
          (a.documentContainerId ?? '').localeCompare(b.documentContainerId ?? '') ||
          a.order - b.order ||
          a.createdDate.localeCompare(b.createdDate),
      );
  }

  /** One document, as the caller sees it. */
  async function getDocument(grant: ApplicationGrant, documentName: string): Promise<ApplicationDocumentDto> {
    const doc = await ports.documents.get(grant.application.applicationId, documentName);
    if (!doc) throw new NotFound(documentMessages.documentNotFound);
    return toDocumentDto(doc, new Date(), actionsOn(doc, grant));
  }

  /**
   * A new document record (the spec's limits and messages) and its one-shot presigned PUT. The
   * counts are read with the application's guard version and the write is conditional on it, so
   * concurrent creates cannot pass a limit together (docs/documents.md).
   */
  async function createDocument(
    caller: UserCaller,
    grant: ApplicationGrant,
    body: z.output<typeof CreateDocumentRequest>,
  ): Promise<CreateDocumentResponse> {
    assertCanChangeDocuments(grant, body.containerId);
    const app = grant.application;
    const group = openCouncilGroup(grant, body.containerId);
    const containers = ports.reference.documentContainers();
    const categories =
      body.categoryId === undefined ? undefined : ports.reference.documentCategoryIds(app.jurisdictionId);
    let record: ApplicationDocumentRecord | undefined;
    for (let attempt = 1; !record; attempt++) {
      const { documents: existing, version } = await ports.documents.snapshot(app.applicationId);
      const plan = planNewDocument({
        body,
        existing,
        container: containers.find((c) => c.id === body.containerId),
        categoryIds: categories,
        imagesEnabled: ports.reference.imageConversionEnabled(app.authorityId),
      });
      if (!plan.ok) {
        if (plan.status === 409) throw new Conflict(plan.message);
        throw new Invalid(plan.issues, plan.message);
      }
      const { ok: _ok, ...fields } = plan;
      const out = await ports.documents.add(
        {
          applicationId: app.applicationId,
          ...fields,
          createdBy: caller.userId,
          ...(group ? { councilGroupGuid: group.guid, councilAuthorityId: app.authorityId } : {}),
        },
        version,
        caller.userId,
      );
      if (out.ok) record = out.record;
      // Another request took the name between the read and the write.
      else if (out.reason === 'nameTaken') throw new Conflict(documentMessages.nameTaken(plan.documentName));
      else if (attempt >= MAX_CREATE_ATTEMPTS) throw new Conflict(documentMessages.uploadFailed);
    }
    // Presigned PUTs target a fresh incoming/ key only: never a served or server-written object.
    if (!isIncomingKey(record.objectKey)) throw new Error('A document upload must target incoming/');
    const presignedUrl = await ports.storage.presignedPut(record.objectKey, {
      contentType: record.fileType,
      contentLength: record.fileSize,
      expiresIn: documentLimits.uploadUrlSeconds,
    });
    return { document: toDocumentDto(record, new Date(), actionsOn(record, grant)), presignedUrl };
  }

  /**
   * Removes a document and its files (the upload, the scanned copy, its extracted text), when the
   * caller may (documentActions: its uploader at Edit, or a participant at Manage). A refused call
   * changes nothing. Removing the merged file takes its container back to NotMerged in the same
   * transaction (unmergeOnRemoval); a merge status that moved meanwhile is read again.
   */
  async function removeDocument(
    caller: UserCaller,
    grant: ApplicationGrant,
    documentName: string,
  ): Promise<void> {
    const applicationId = grant.application.applicationId;
    for (let attempt = 0; attempt < MAX_REMOVE_ATTEMPTS; attempt++) {
      const doc = await ports.documents.get(applicationId, documentName);
      // Refused before "not found" on a locked application, as before the proofs container.
      assertCanChangeDocuments(grant, doc?.documentContainerId);
      if (!doc) break;
      if (!actionsOn(doc, grant).isDeletable) throw new Forbidden(documentMessages.notRemovable);
      const container = doc.documentContainerId;
      const unmerge =
        doc.isMergedFile && container
          ? unmergeOnRemoval([doc], await ports.documents.relation(applicationId, container))
          : undefined;
      if (!(await ports.documents.remove(applicationId, [documentName], caller.userId, container, unmerge)))
        continue;
      for (const k of filesOf(doc)) await ports.storage.deleteObject(k);
      if (doc.uploadStatus === 'Uploading') await ports.storage.abortUploads?.(doc.objectKey);
      return;
    }
    throw new NotFound(documentMessages.documentNotFound);
  }

  /**
   * A short-lived link to a document whose scan has passed. The summary PDF is served as stored (the
   * applications' consumer of the submission makes it before the application names it).
   */
  async function downloadLink(
    { application }: ApplicationGrant,
    documentName: string,
  ): Promise<DownloadLinkResponse> {
    const doc = await ports.documents.get(application.applicationId, documentName);
    if (!doc) throw new NotFound('Document not found');
    // Files are never served before their scan has passed.
    const key = servedKey(doc);
    if (toDocumentDto(doc).uploadStatus !== 'Completed' || !key)
      throw new Conflict(documentMessages.notReady);
    return {
      // The scanned copy, at the version the scanner wrote where the bucket is versioned.
      presignedUrl: await ports.storage.presignedDownload(
        key,
        doc.fileName,
        documentLimits.downloadUrlSeconds,
        doc.storedKey ? doc.storedVersionId : undefined,
      ),
      fileName: doc.fileName,
    };
  }
}

export type DocumentsService = ReturnType<typeof documentsService>;
