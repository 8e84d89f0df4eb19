import type { z } from 'zod';
import type {
  ApplicationDocumentDto,
  CreateDocumentRequest,
  CreateDocumentResponse,
  DownloadLinkResponse,
} from '../../../shared/schemas/documents.js';
import { documentLimits, documentMessages } from '../../../shared/schemas/documents.js';
import { canEdit, isEditableStatus } from '../../../shared/domain/applications.js';
import { ensureSummaryPdf } from '../../applications/service/summary-pdf.js';
import { isConditionalCheckFailed } from '../../platform/data/conditional.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import type { ApplicationGrant } from '../../platform/access.js';
import type { UserCaller } from '../../platform/caller.js';
import { catalogue } from '../../reference/catalogue.js';
import {
  createApplicationDocument,
  deleteApplicationDocument,
  getApplicationDocument,
  listApplicationDocuments,
} from '../repository.js';
import { planNewDocument } from './create.js';
import { deleteObject, presignedDownload, presignedPut } from './storage.js';
import { toDocumentDto } from './view.js';

/** Changing documents needs Edit access and an editable status (Draft or VRFISuspended). */
function assertCanChangeDocuments({ application, access }: ApplicationGrant): void {
  if (!canEdit(access.accessLevel))
    throw new Forbidden('You do not have permission to change this application');
  if (!isEditableStatus(application.status)) throw new Forbidden(documentMessages.locked);
}

/** The documents of an application, by container, then order, then creation. */
export async function listDocuments({ application }: ApplicationGrant): Promise<ApplicationDocumentDto[]> {
  const now = new Date();
  const docs = await listApplicationDocuments(application.applicationId);
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
export async function createDocument(
  caller: UserCaller,
  grant: ApplicationGrant,
  body: z.output<typeof CreateDocumentRequest>,
): Promise<CreateDocumentResponse> {
  assertCanChangeDocuments(grant);
  const app = grant.application;
  const existing = await listApplicationDocuments(app.applicationId);
  const containers = catalogue().documentContainers();
  const categories =
    body.categoryId === undefined ? undefined : catalogue().documentCategoryIds(app.jurisdictionId);
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
    record = await createApplicationDocument({
      applicationId: app.applicationId,
      ...fields,
      createdBy: caller.userId,
    });
  } catch (err) {
    // Another request took the name between the read and the write.
    if (isConditionalCheckFailed(err)) throw new Conflict(documentMessages.nameTaken(plan.documentName));
    throw err;
  }
  const presignedUrl = await presignedPut(record.objectKey, {
    contentType: record.fileType,
    contentLength: record.fileSize,
    expiresIn: documentLimits.uploadUrlSeconds,
  });
  return { document: toDocumentDto(record), presignedUrl };
}

/** Removes a document and its file. */
export async function removeDocument(grant: ApplicationGrant, documentName: string): Promise<void> {
  assertCanChangeDocuments(grant);
  const removed = await deleteApplicationDocument({
    applicationId: grant.application.applicationId,
    documentName,
  });
  if (!removed) throw new NotFound('Document not found');
  await deleteObject(removed.objectKey);
}

/** A short-lived link to a document whose scan has passed (the summary PDF is rebuilt when missing). */
export async function downloadLink(
  { application }: ApplicationGrant,
  documentName: string,
): Promise<DownloadLinkResponse> {
  let doc = await getApplicationDocument(application.applicationId, documentName);
  if (documentName === application.applicationFormPdf && doc?.uploadStatus !== 'Completed') {
    const name = await ensureSummaryPdf(application.applicationId);
    if (name) doc = await getApplicationDocument(application.applicationId, name);
  }
  if (!doc) throw new NotFound('Document not found');
  // Files are never served before their scan has passed.
  if (toDocumentDto(doc).uploadStatus !== 'Completed') throw new Conflict(documentMessages.notReady);
  return {
    presignedUrl: await presignedDownload(doc.objectKey, doc.fileName, documentLimits.downloadUrlSeconds),
    fileName: doc.fileName,
  };
}
