import { createResourceHandler } from '../platform/http/handler.js';
import type { RouteImpls } from '../platform/http/handler.js';
import { coreRoutes } from './routes/core.js';
import { listRoutes } from './routes/lists.js';
import { stepRoutes } from './routes/steps.js';

/**
 * The applications resource (portal-core §7 /user/applications*, /user/applicationsV2*,
 * /user/applicationsV3*): one Lambda, its routes in three parts:
 * - core.ts: create (every operation), read, patch, delete, preferences, child applications,
 *   history, action items, rejected reason;
 * - steps.ts: enabled steps, step data, rule results, submission (snapshot and summary PDF);
 * - lists.ts: the V1, V2 and V3 lists, badges and filters.
 */
export const routes = { ...coreRoutes, ...stepRoutes, ...listRoutes } satisfies RouteImpls;

export const handler = createResourceHandler('applications', routes);
