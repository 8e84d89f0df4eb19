import type { RouteImpls } from '../lib/handler.js';

export const stepRoutes = {} satisfies RouteImpls;
