import { describe, expect, it, vi } from 'vitest';
import { routeKey, routedResources, routes } from '../../../functions/routes.js';
import type { Resource } from '../../../functions/routes.js';
import type { RouteImpls } from '../../../functions/platform/http/handler.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'test-table';
});

/** Each routed resource module exports its impl map as `routes` and the middy handler as `handler`. */
async function loadModule(resource: Resource): Promise<{ routes: RouteImpls; handler: unknown }> {
  return (await import(`../../../functions/${resource}/handler.ts`)) as {
    routes: RouteImpls;
    handler: unknown;
  };
}

describe('route table ↔ resource modules', () => {
  for (const resource of routedResources()) {
    it(`${resource}: every routeKey has an impl and every impl has a routeKey, with the same caller`, async () => {
      const mod = await loadModule(resource);
      expect(typeof mod.handler).toBe('function');
      const tableKeys = routes
        .filter((r) => r.resource === resource)
        .map(routeKey)
        .sort();
      expect(Object.keys(mod.routes).sort()).toEqual(tableKeys);
      for (const r of routes.filter((x) => x.resource === resource)) {
        expect(mod.routes[routeKey(r)]?.caller, routeKey(r)).toBe(r.caller);
      }
    });
  }
});
