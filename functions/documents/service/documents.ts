import type * as z from 'zod';
import type {
  ApplicationDocumentDto,
  CreateDocumentRequest,
  CreateDocumentResponse,
  DownloadLinkResponse,
} from '../../../shared/schemas/documents.js';
import { documentLimits, documentMessages } from '../../../shared/schemas/documents.js';
import { canEdit, isEditableStatus } from '../../../shared/domain/applications.js';
import type { DocumentContainer } from '../../../shared/schemas/reference.js';
import { isConditionalCheckFailed } from '../../platform/data/conditional.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import type { ApplicationGrant } from '../../platform/access.js';
import type { UserCaller } from '../../platform/caller.js';
import type { ApplicationDocumentRecord, NewApplicationDocument } from '../repository.js';
import { planNewDocument } from './create.js';
import { toDocumentDto } from './view.js';
import { documentActions } from '../../../shared/domain/documents.js';
import { extractedTextKey, isIncomingKey } from './keys.js';

/**
 * Where a document's bytes are served from: the scanned copy the scanner wrote (storedKey), or, for
 * records written before issue 9 and server-written files, objectKey. Never an incoming/ key: those
 * hold what a browser PUT, scanned or not.
 */
export function servedKey(
  doc: Pick<ApplicationDocumentRecord, 'objectKey' | 'storedKey'>,
): string | undefined {
  if (doc.storedKey) return doc.storedKey;
  return isIncomingKey(doc.objectKey) ? undefined : doc.objectKey;
}

/** What the documents service needs from the world: the table, the bucket, the reference data, the summary PDF. */
export interface DocumentPorts {
  documents: {
    list(applicationId: string): Promise<ApplicationDocumentRecord[]>;
    get(applicationId: string, documentName: string): Promise<ApplicationDocumentRecord | undefined>;
    create(doc: NewApplicationDocument): Promise<ApplicationDocumentRecord>;
    remove(key: {
      applicationId: string;
      documentName: string;
    }): Promise<ApplicationDocumentRecord | undefined>;
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
  };
  reference: {
    documentContainers(): readonly DocumentContainer[];
    documentCategoryIds(jurisdictionId: string): string[];
  };
  /** Rebuilds an application's summary PDF from its newest snapshot; the document's name, if any. */
  ensureSummaryPdf(applicationId: string): Promise<string | undefined>;
}

/** The documents of an application (portal-core §4 "Document upload", §5 "Uploads", §7 documents). */
export function documentsService(ports: DocumentPorts) {
  return { listDocuments, createDocument, removeDocument, downloadLink };

  /** Changing documents needs Edit access and an editable status (Draft or VRFISuspended). */
  function assertCanChangeDocuments({ application, access }: ApplicationGrant): void {
    if (!canEdit(access.accessLevel))
      throw new Forbidden('You do not have permission to change this application');
    if (!isEditableStatus(application.status)) throw new Forbidden(documentMessages.locked);
  }

  /** What the grant's holder may do with a document (the one rule, for the DTO and for DELETE). */
  function actionsOn(doc: ApplicationDocumentRecord, { application, access }: ApplicationGrant) {
    return documentActions(doc, {
      userId: access.userId,
      accessLevel: access.accessLevel,
      applicationStatus: application.status,
    });
  }

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

  /** A new document record (the spec's limits and messages) and its one-shot presigned PUT. */
  async function createDocument(
    caller: UserCaller,
    grant: ApplicationGrant,
    body: z.output<typeof CreateDocumentRequest>,
  ): Promise<CreateDocumentResponse> {
    assertCanChangeDocuments(grant);
    const app = grant.application;
    const existing = await ports.documents.list(app.applicationId);
    const containers = ports.reference.documentContainers();
    const categories =
      body.categoryId === undefined ? undefined : ports.reference.documentCategoryIds(app.jurisdictionId);
    const plan = planNewDocument({
      body,
      existing,
      container: containers.find((c) => c.id === body.containerId),
      categoryIds: categories,
    });
    if (!plan.ok) {
      if (plan.status === 409) throw new Conflict(plan.message);
      throw new Invalid(plan.issues, plan.message);
    }
    const { ok: _ok, ...fields } = plan;
    let record;
    try {
      record = await ports.documents.create({
        applicationId: app.applicationId,
        ...fields,
        createdBy: caller.userId,
      });
    } catch (err) {
      // Another request took the name between the read and the write.
      if (isConditionalCheckFailed(err)) throw new Conflict(documentMessages.nameTaken(plan.documentName));
      throw err;
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
   * changes nothing.
   */
  async function removeDocument(grant: ApplicationGrant, documentName: string): Promise<void> {
    assertCanChangeDocuments(grant);
    const key = { applicationId: grant.application.applicationId, documentName };
    const doc = await ports.documents.get(key.applicationId, key.documentName);
    if (!doc) throw new NotFound('Document not found');
    if (!actionsOn(doc, grant).isDeletable) throw new Forbidden(documentMessages.notRemovable);
    const removed = await ports.documents.remove(key);
    if (!removed) throw new NotFound('Document not found');
    const served = servedKey(removed);
    const keys = new Set([removed.objectKey, ...(served ? [served, extractedTextKey(served)] : [])]);
    for (const k of keys) await ports.storage.deleteObject(k);
  }

  /** A short-lived link to a document whose scan has passed (the summary PDF is rebuilt when missing). */
  async function downloadLink(
    { application }: ApplicationGrant,
    documentName: string,
  ): Promise<DownloadLinkResponse> {
    let doc = await ports.documents.get(application.applicationId, documentName);
    if (documentName === application.applicationFormPdf && doc?.uploadStatus !== 'Completed') {
      const name = await ports.ensureSummaryPdf(application.applicationId);
      if (name) doc = await ports.documents.get(application.applicationId, name);
    }
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
