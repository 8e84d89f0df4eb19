import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { ServiceUnavailable } from '../platform/errors.js';
import { checkTable, getAnnouncements, getMaintenance } from './repository.js';

import { contract } from './contract.js';
import { readOpenApiDocument } from './openapi-document.js';

let openApi: Record<string, unknown> | undefined;

/** The site (no token): health, and the maintenance view and announcements the SPA reads before sign-in. Env: TABLE_NAME. */
export const routes = {
  'GET /public/health': async (_input, { logger }) => {
    try {
      await checkTable();
    } catch (err) {
      logger.error('health: table unreachable', { error: err as Error });
      throw new ServiceUnavailable({ cause: err });
    }
    return { status: 'ok', time: new Date().toISOString() };
  },

  'GET /public/openapi.json': async () => {
    // The document `npm run openapi` wrote from every contract, read with the route's first call: a
    // file beside the bundle, not the contracts and the builder in it (./openapi-document.ts).
    openApi ??= await readOpenApiDocument();
    return reply(200, openApi as { openapi: '3.1.0' }, { 'cache-control': 'public, max-age=300' });
  },

  'GET /maintenance/maintenance.json': async () => {
    return getMaintenance();
  },

  'GET /announcements/announcements.json': async () => {
    return getAnnouncements();
  },
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('site', contract, routes);
