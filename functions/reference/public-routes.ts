import { reply, RawReply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import type { contract } from './contract.js';
import { etagMatches } from './jurisdiction.js';
import {
  cachedJurisdiction,
  detect,
  formDocumentTypes,
  formioDefinition,
  jurisdictionDocumentTypes,
  referenceImage,
} from './service.js';

/** Public reference routes (portal-core §7). */
export const referencePublicRoutes = {
  'GET /public/formio/{name}': async ({ params }) =>
    reply(200, { formJson: formioDefinition(params.name) }, { 'cache-control': 'public, max-age=300' }),

  'GET /public/jurisdictions/{id}': async ({ params }, { event }) => {
    const { dto, body } = await cachedJurisdiction(params.id);
    const headers = { etag: `"${dto.etag}"`, 'cache-control': 'public, max-age=0, must-revalidate' };
    if (etagMatches(event.headers?.['if-none-match'], dto.etag)) return reply(304, undefined, headers);
    // The body was serialised once per etag.
    return new RawReply(200, body, { 'content-type': 'application/json; charset=utf-8', ...headers }, false);
  },

  'GET /public/jurisdictions/{id}/document-types': async ({ params }) => jurisdictionDocumentTypes(params.id),

  'GET /public/jurisdictions/{id}/forms/{formId}/document-types': async ({ params }) =>
    formDocumentTypes(params.id, params.formId),

  'GET /public/images/{id}': async ({ params }) => {
    const img = referenceImage(params.id);
    const headers = {
      'content-type': img.contentType,
      'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
      'x-content-type-options': 'nosniff',
    };
    return new RawReply(200, img.base64, headers, true);
  },

  'GET /public/authorities/detection': async ({ query }) => detect(query),
} satisfies Partial<Implementations<typeof contract>>;
