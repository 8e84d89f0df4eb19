import { createFeatureHandler } from '../platform/http/handler.js';
import type { LambdaImplementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { displayNames, getListItems, queryAccessRows } from './repository/lists.js';
import { queryOrderRows } from './repository/list-order-read.js';
import { summaryOf } from './repository/read-model.js';
import { listsService } from './service/listing.js';

export const service = listsService({
  rows: { query: queryAccessRows },
  orders: { query: queryOrderRows },
  items: getListItems,
  names: displayNames,
  counters: summaryOf,
});

/**
 * The applications lists' Lambda (docs/applications.md), on the read path: V1, V2 (with templates), V3,
 * the V2 badges and filters. Env: TABLE_NAME.
 */
export const routes = {
  'GET /user/applications': async ({ caller, query }) => service.v1(caller.userId, query),
  'GET /user/applicationsV2': async ({ caller, query }) => service.v2(caller.userId, query),
  'GET /user/applicationsV3': async ({ caller, query }) => service.v3(caller.userId, query),
  'GET /user/applicationsV2/badges': async ({ caller }) => service.badges(caller.userId),
  'GET /user/applicationsV2/filters': async ({ caller }) => service.filters(caller.userId),
} satisfies LambdaImplementations<'applications', 'lists', typeof contract>;

export const handler = createFeatureHandler('applications', contract, routes, { lambda: 'lists' });
