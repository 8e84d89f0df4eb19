import { createResourceHandler } from './lib/handler.js';
import type { RouteImpls } from './lib/handler.js';

/** The participants resource (portal-core §7 participants). */
export const routes = {} satisfies RouteImpls;

export const handler = createResourceHandler('participants', routes);
