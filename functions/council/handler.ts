import { createFeatureHandler } from '../platform/http/handler.js';
import type { LambdaImplementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { tableServices } from './ports.js';

const { reads, feed } = tableServices();

/**
 * The council integration API (docs/council-api.md): a council's back office, with the machine
 * credentials of one authority, reads the applications lodged with it and its event feed. The
 * access policy has checked the client's row and the application's authority. Env: TABLE_NAME,
 * UPLOADS_BUCKET.
 */
export const routes = {
  'GET /council/applications': async ({ council, query }) => reads.list(council.authorityId, query),
  'GET /council/applications/{id}': async ({ application }) => reads.read(application),
  'GET /council/applications/{id}/participants': async ({ application }) => reads.participants(application),
  'GET /council/applications/{id}/documents': async ({ application }) => reads.documents(application),
  'GET /council/events': async ({ council, query }) => feed.page(council.authorityId, query),
} satisfies LambdaImplementations<'council', 'handler', typeof contract>;

export const handler = createFeatureHandler('council', contract, routes);
