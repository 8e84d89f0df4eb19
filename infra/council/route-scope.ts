import { COUNCIL_RESOURCE_SERVER } from '../../shared/schemas/council';
import type { RouteDef } from '../../functions/routes';

/**
 * The scope a council route needs (`council-api/<scope>`): the HTTP API authorizer's
 * AuthorizationScopes in CDK and the local gateway's check. Undefined when its access declares none.
 */
export function routeScope(route: Pick<RouteDef, 'access'>): string | undefined {
  // The council access kinds carry `scope` (functions/routes.ts, council-core); read defensively.
  const scope = (route.access as { scope?: unknown }).scope;
  return typeof scope === 'string' ? `${COUNCIL_RESOURCE_SERVER}/${scope}` : undefined;
}
