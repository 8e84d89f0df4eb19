import { createFeatureHandler } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { referencePublicRoutes } from './public-routes.js';
import { referenceUserRoutes } from './user-routes.js';

/** Reference data: the public jurisdiction, forms, Form.io definitions, images and detection; the user-scoped lists. Env: TABLE_NAME. */
export const routes = {
  ...referencePublicRoutes,
  ...referenceUserRoutes,
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('reference', contract, routes);
