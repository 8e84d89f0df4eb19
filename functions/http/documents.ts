import { createResourceHandler } from './lib/handler.js';
import type { RouteImpls } from './lib/handler.js';

/** The documents resource (portal-core §7 documents). */
export const routes = {} satisfies RouteImpls;

export const handler = createResourceHandler('documents', routes);
