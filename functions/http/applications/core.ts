import type { RouteImpls } from '../lib/handler.js';

export const coreRoutes = {} satisfies RouteImpls;
