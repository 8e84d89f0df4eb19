import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { ensureSummaryPdf } from '../applications/service/summary-pdf.js';
import { catalogue } from '../reference/catalogue.js';
import { contract } from './contract.js';
import { getApplicationDocument, listApplicationDocuments } from './repository.js';
import {
  addApplicationDocument,
  documentsSnapshot,
  removeApplicationDocuments,
} from './repository-writes.js';
import { documentsService } from './service/documents.js';
import { deleteObject, presignedDownload, presignedPut } from './service/storage.js';

const service = documentsService({
  documents: {
    list: listApplicationDocuments,
    get: getApplicationDocument,
    snapshot: documentsSnapshot,
    add: addApplicationDocument,
    remove: removeApplicationDocuments,
  },
  storage: { presignedPut, presignedDownload, deleteObject },
  reference: {
    documentContainers: () => catalogue().documentContainers(),
    documentCategoryIds: (jurisdictionId) => catalogue().documentCategoryIds(jurisdictionId),
  },
  ensureSummaryPdf,
});

/** Application documents. Env: TABLE_NAME, UPLOADS_BUCKET. */
export const routes = {
  'GET /user/applications/{id}/documents': async (grant) => service.listDocuments(grant),
  'POST /user/applications/{id}/documents': async ({ caller, body, ...grant }) =>
    reply(201, await service.createDocument(caller, grant, body)),
  'DELETE /user/applications/{id}/documents/{name}': async ({ caller, params, ...grant }) => {
    await service.removeDocument(caller, grant, params.name);
    return reply(204);
  },
  'GET /user/applications/{id}/documents/{name}/download-link': async ({ params, ...grant }) =>
    service.downloadLink(grant, params.name),
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('documents', contract, routes);
