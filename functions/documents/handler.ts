import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { createDocument, downloadLink, listDocuments, removeDocument } from './service/documents.js';

/** Application documents. Env: TABLE_NAME, UPLOADS_BUCKET. */
export const routes = {
  'GET /user/applications/{id}/documents': async (grant) => listDocuments(grant),
  'POST /user/applications/{id}/documents': async ({ caller, body, ...grant }) =>
    reply(201, await createDocument(caller, grant, body)),
  'DELETE /user/applications/{id}/documents/{name}': async ({ params, ...grant }) => {
    await removeDocument(grant, params.name);
    return reply(204);
  },
  'GET /user/applications/{id}/documents/{name}/download-link': async ({ params, ...grant }) =>
    downloadLink(grant, params.name),
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('documents', contract, routes);
