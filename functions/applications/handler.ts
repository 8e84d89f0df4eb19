import { createFeatureHandler } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { coreRoutes } from './routes/core.js';
import { listRoutes } from './routes/lists.js';
import { stepRoutes } from './routes/steps.js';

/**
 * The applications feature (portal-core §7 /user/applications*, /user/applicationsV2*,
 * /user/applicationsV3*): one Lambda, its routes in three parts:
 * - routes/core.ts: create (every operation), read, patch, delete, preferences, child applications,
 *   history, action items, rejected reason;
 * - routes/steps.ts: enabled steps, step data, rule results, submission (snapshot and summary PDF);
 * - routes/lists.ts: the V1, V2 and V3 lists, badges and filters.
 */
export const routes = { ...coreRoutes, ...stepRoutes, ...listRoutes } satisfies Implementations<
  typeof contract
>;

export const handler = createFeatureHandler('applications', contract, routes);
