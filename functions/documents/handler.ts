import { z } from 'zod';
import type { AccessLevel } from '../../shared/schemas/common.js';
import type { ApplicationStatus } from '../../shared/schemas/applications.js';
import {
  CreateDocumentRequest,
  DocumentPath,
  documentLimits,
  documentMessages,
} from '../../shared/schemas/documents.js';
import type {
  ApplicationDocumentDto,
  CreateDocumentResponse,
  DownloadLinkResponse,
} from '../../shared/schemas/documents.js';
import { canEdit, isEditableStatus } from '../../shared/domain/applications.js';
import { loadForCaller } from '../applications/repository/applications.js';
import { ensureSummaryPdf } from '../applications/service/summary-pdf.js';
import { isConditionalCheckFailed } from '../platform/data/conditional.js';
import {
  createApplicationDocument,
  deleteApplicationDocument,
  getApplicationDocument,
  listApplicationDocuments,
} from './repository.js';
import { jurisdictionCollection, listDocumentContainers } from '../reference/repository/reference.js';
import { planNewDocument } from './service/create.js';
import { deleteObject, presignedDownload, presignedPut } from './service/storage.js';
import { toDocumentDto } from './service/view.js';
import { createResourceHandler, reply, route } from '../platform/http/handler.js';
import type { RouteImpls } from '../platform/http/handler.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../platform/errors.js';

const ApplicationPath = z.object({ id: DocumentPath.shape.id });

interface CallerApplication {
  applicationId: string;
  jurisdictionId: string;
  status: ApplicationStatus;
  applicationFormPdf?: string | undefined;
  accessLevel: AccessLevel;
}

/**
 * The application with the caller's access level; an application the caller has no access to
 * reads as not found (its existence does not leak), one below `minimum` as forbidden.
 */
async function callerApplication(
  applicationId: string,
  userId: string,
  minimum: AccessLevel,
): Promise<CallerApplication> {
  const { application, access } = await loadForCaller(applicationId, userId, minimum);
  return {
    applicationId: application.applicationId,
    jurisdictionId: application.jurisdictionId,
    status: application.status,
    applicationFormPdf: application.applicationFormPdf,
    accessLevel: access.accessLevel,
  };
}

/** Changing documents needs Edit access and an editable status (Draft or VRFISuspended). */
function assertCanChangeDocuments(app: CallerApplication): void {
  if (!canEdit(app.accessLevel)) throw new Forbidden('You do not have permission to change this application');
  if (!isEditableStatus(app.status)) throw new Forbidden(documentMessages.locked);
}

/**
 * Application documents for the document-upload step (portal-core §4 "Document upload", §5
 * "Uploads", §7 documents). Env: TABLE_NAME, UPLOADS_BUCKET.
 */
export const routes = {
  'GET /user/applications/{id}/documents': route({
    caller: 'user',
    params: ApplicationPath,
    async handle({ caller, params }): Promise<ApplicationDocumentDto[]> {
      await callerApplication(params.id, caller.userId, 'ReadOnly');
      const now = new Date();
      const docs = await listApplicationDocuments(params.id);
      return docs
        .map((d) => toDocumentDto(d, now))
        .sort(
          (a, b) =>
            (a.documentContainerId ?? '').localeCompare(b.documentContainerId ?? '') ||
            a.order - b.order ||
            a.createdDate.localeCompare(b.createdDate),
        );
    },
  }),

  'POST /user/applications/{id}/documents': route({
    caller: 'user',
    params: ApplicationPath,
    body: CreateDocumentRequest,
    async handle({ caller, params, body }) {
      const app = await callerApplication(params.id, caller.userId, 'Edit');
      assertCanChangeDocuments(app);
      const [existing, containers, categories] = await Promise.all([
        listApplicationDocuments(app.applicationId),
        listDocumentContainers(),
        body.categoryId === undefined
          ? Promise.resolve(undefined)
          : jurisdictionCollection(app.jurisdictionId).then((j) => j.documentCategories.map((c) => c.id)),
      ]);
      const plan = planNewDocument({
        body,
        existing,
        container: containers.find((c) => c.id === body.containerId),
        categoryIds: categories,
      });
      if (!plan.ok) {
        if (plan.status === 409) throw new Conflict(plan.message);
        throw new BadRequest(plan.issues, plan.message);
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
      const res: CreateDocumentResponse = { document: toDocumentDto(record), presignedUrl };
      return reply(201, res);
    },
  }),

  'DELETE /user/applications/{id}/documents/{name}': route({
    caller: 'user',
    params: DocumentPath,
    async handle({ caller, params }) {
      const app = await callerApplication(params.id, caller.userId, 'Edit');
      assertCanChangeDocuments(app);
      const removed = await deleteApplicationDocument({
        applicationId: app.applicationId,
        documentName: params.name,
      });
      if (!removed) throw new NotFound('Document not found');
      await deleteObject(removed.objectKey);
      return reply(204);
    },
  }),

  'GET /user/applications/{id}/documents/{name}/download-link': route({
    caller: 'user',
    params: DocumentPath,
    async handle({ caller, params }): Promise<DownloadLinkResponse> {
      const app = await callerApplication(params.id, caller.userId, 'ReadOnly');
      let doc = await getApplicationDocument(app.applicationId, params.name);
      // The summary PDF is generated again from the newest snapshot when its file is missing.
      if (params.name === app.applicationFormPdf && doc?.uploadStatus !== 'Completed') {
        const name = await ensureSummaryPdf(app.applicationId);
        if (name) doc = await getApplicationDocument(app.applicationId, name);
      }
      if (!doc) throw new NotFound('Document not found');
      // Files are never served before their scan has passed.
      if (toDocumentDto(doc).uploadStatus !== 'Completed') throw new Conflict(documentMessages.notReady);
      return {
        presignedUrl: await presignedDownload(doc.objectKey, doc.fileName, documentLimits.downloadUrlSeconds),
        fileName: doc.fileName,
      };
    },
  }),
} satisfies RouteImpls;

export const handler = createResourceHandler('documents', routes);
