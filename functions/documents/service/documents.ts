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
    presignedDownload(key: string, fileName: string, expiresIn: number): Promise<string>;
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

  /** The documents of an application, by container, then order, then creation. */
  async function listDocuments({ application }: ApplicationGrant): Promise<ApplicationDocumentDto[]> {
    const now = new Date();
    const docs = await ports.documents.list(application.applicationId);
    return docs
      .map((d) => toDocumentDto(d, now))
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
    const presignedUrl = await ports.storage.presignedPut(record.objectKey, {
      contentType: record.fileType,
      contentLength: record.fileSize,
      expiresIn: documentLimits.uploadUrlSeconds,
    });
    return { document: toDocumentDto(record), presignedUrl };
  }

  /** Removes a document and its file. */
  async function removeDocument(grant: ApplicationGrant, documentName: string): Promise<void> {
    assertCanChangeDocuments(grant);
    const removed = await ports.documents.remove({
      applicationId: grant.application.applicationId,
      documentName,
    });
    if (!removed) throw new NotFound('Document not found');
    await ports.storage.deleteObject(removed.objectKey);
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
    if (toDocumentDto(doc).uploadStatus !== 'Completed') throw new Conflict(documentMessages.notReady);
    return {
      presignedUrl: await ports.storage.presignedDownload(
        doc.objectKey,
        doc.fileName,
        documentLimits.downloadUrlSeconds,
      ),
      fileName: doc.fileName,
    };
  }
}

export type DocumentsService = ReturnType<typeof documentsService>;
