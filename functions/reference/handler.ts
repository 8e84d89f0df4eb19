import { createFeatureHandler, RawReply, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { getFormioDefinition } from '../../shared/formio/definitions.js';
import { contract } from './contract.js';
import { images } from './images.generated.js';
import { etagMatches } from './jurisdiction.js';
import { listCountries } from './repository/countries.js';
import {
  findJurisdiction,
  formExists,
  getAuthorities,
  listAuthorities,
  listDocumentTags,
  listDocumentTypes,
  listQualificationTypes,
  listUserAuthorities,
  listUserProperties,
  loadJurisdictionParts,
} from './repository/reference.js';
import { referenceService } from './service/reference.js';

/** The reference service over the table's reads and the bundled definitions and images (one per cold start). */
export const service = referenceService({
  jurisdictions: {
    find: findJurisdiction,
    parts: loadJurisdictionParts,
    authorities: listAuthorities,
    formExists,
    documentTypes: listDocumentTypes,
  },
  userAuthorities: { relationsOf: listUserAuthorities, authoritiesByIds: getAuthorities },
  lists: {
    qualificationTypes: listQualificationTypes,
    documentTags: listDocumentTags,
    countries: listCountries,
    userProperties: listUserProperties,
  },
  bundled: { formioDefinition: getFormioDefinition, images },
  now: () => Date.now(),
});

/**
 * Reference data (docs/reference-data.md): the public jurisdiction, forms, Form.io definitions, images and
 * detection; the user-scoped lists. Env: TABLE_NAME.
 */
export const routes = {
  'GET /public/formio/{name}': async ({ params }) =>
    reply(
      200,
      { formJson: service.formioDefinition(params.name) },
      { 'cache-control': 'public, max-age=300' },
    ),

  'GET /public/jurisdictions/{id}': async ({ params }, { event }) => {
    const { dto, body } = await service.jurisdiction(params.id);
    const headers = { etag: `"${dto.etag}"`, 'cache-control': 'public, max-age=0, must-revalidate' };
    if (etagMatches(event.headers?.['if-none-match'], dto.etag)) return reply(304, undefined, headers);
    // The body was serialised once per etag.
    return new RawReply(200, body, { 'content-type': 'application/json; charset=utf-8', ...headers }, false);
  },

  'GET /public/jurisdictions/{id}/document-types': async ({ params }) =>
    service.jurisdictionDocumentTypes(params.id),

  'GET /public/jurisdictions/{id}/forms/{formId}/document-types': async ({ params }) =>
    service.formDocumentTypes(params.id, params.formId),

  'GET /public/images/{id}': async ({ params }) => {
    const img = service.referenceImage(params.id);
    const headers = {
      'content-type': img.contentType,
      'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
      'x-content-type-options': 'nosniff',
    };
    return new RawReply(200, img.base64, headers, true);
  },

  'GET /public/authorities/detection': async ({ query }) => service.detect(query),

  'GET /user/qualification-types': async () => service.qualificationTypes(),
  'GET /user/documenttags': async ({ caller }) => service.documentTags(caller.userId),
  'GET /user/countries': async () => service.countries(),
  'GET /user/properties': async ({ caller }) => service.userProperties(caller.userId),
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('reference', contract, routes);
