import { createResourceHandler } from '../platform/http/handler.js';
import type { RouteImpls } from '../platform/http/handler.js';
import { referencePublicRoutes } from './public-routes.js';
import { referenceUserRoutes } from './user-routes.js';

/** Reference data: the public jurisdiction, forms, Form.io definitions, images and detection; the user-scoped lists. Env: TABLE_NAME. */
export const routes = { ...referencePublicRoutes, ...referenceUserRoutes } satisfies RouteImpls;

export const handler = createResourceHandler('reference', routes);
