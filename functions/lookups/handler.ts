import { createFeatureHandler } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { lookupsOnAdapters } from './ports.js';

export { parseParcelAddress } from './service.js';

const service = lookupsOnAdapters();

/** Lookups (docs/lookups.md): NZ Post address checker, property parcels, the LBP register. */
export const routes = {
  'GET /user/nzpost/addresschecker/suggest': async ({ query }) => service.suggest(query),
  'GET /user/nzpost/addresschecker/details': async ({ query }) => service.details(query),
  'GET /v1/service/property-lookup/parcels': async ({ query }) => service.parcels(query),
  'GET /v1/service/licensed-building-practitioners': async ({ query }) => service.searchPractitioners(query),
  'GET /v1/service/licensed-building-practitioners/{lbpNumber}': async ({ params }) =>
    service.practitioner(params.lbpNumber),
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('lookups', contract, routes);
