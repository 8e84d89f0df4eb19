import type { RouteImpls } from '../lib/handler.js';

export const listRoutes = {} satisfies RouteImpls;
