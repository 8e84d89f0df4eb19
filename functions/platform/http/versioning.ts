import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routeByKey } from '../../routes.js';
import type { RouteDef, RouteKey } from '../../routes.js';
import type { HttpEvent } from '../caller.js';

/**
 * The council API's version policy (docs/council-api.md "Versions"): every answer to a council
 * client says which version of the API answered (`Council-API-Version`). Within a version changes
 * are additive only (a new optional field, a new route, a new enum value announced beforehand); a
 * breaking change is a new version. A route being retired answers `Deprecation` (RFC 9745: the
 * date it was deprecated, as `@<epoch seconds>`), `Sunset` (RFC 8594: the HTTP date it stops) and
 * a `Link` to its successor, from the day the changelog (docs/council-api-changelog.md) announces it.
 */
export const COUNCIL_API_VERSION = '1';
export const COUNCIL_API_VERSION_HEADER = 'council-api-version';

export interface Deprecation {
  /** The day the route was deprecated (YYYY-MM-DD, UTC). */
  readonly deprecatedOn: string;
  /** The day it stops answering (YYYY-MM-DD, UTC): at least six months after `deprecatedOn`. */
  readonly sunsetOn: string;
  /** The route to move to, as a path. */
  readonly successor?: string;
}

/** Council routes being retired, by route key: none today (the changelog lists every change). */
export const councilDeprecations: Partial<Record<RouteKey, Deprecation>> = {};

/** The version headers of an answer to `routeKey` (none for a route that is not a council client's). */
export function versionHeaders(
  routeKey: string,
  table?: readonly RouteDef[],
  deprecations: Partial<Record<string, Deprecation>> = councilDeprecations,
): Record<string, string> {
  const route = routeByKey(routeKey, table);
  if (!route || route.access.caller !== 'council' || !route.path.startsWith('/council/')) return {};
  const headers: Record<string, string> = { [COUNCIL_API_VERSION_HEADER]: COUNCIL_API_VERSION };
  const d = deprecations[routeKey];
  if (!d) return headers;
  return {
    ...headers,
    deprecation: `@${Math.floor(Date.parse(`${d.deprecatedOn}T00:00:00Z`) / 1000)}`,
    sunset: new Date(`${d.sunsetOn}T00:00:00Z`).toUTCString(),
    ...(d.successor ? { link: `<${d.successor}>; rel="successor-version"` } : {}),
  };
}

/** Adds the version headers to every answer of a council route, success or error. */
export function councilVersionHeaders(
  table?: readonly RouteDef[],
): MiddlewareObj<HttpEvent, APIGatewayProxyResultV2> {
  const add = (request: { event: HttpEvent; response: APIGatewayProxyResultV2 | null | undefined }) => {
    const res = request.response as APIGatewayProxyStructuredResultV2 | undefined | null;
    if (!res || typeof res !== 'object') return;
    const extra = versionHeaders(request.event.routeKey, table);
    if (Object.keys(extra).length > 0) res.headers = { ...res.headers, ...extra };
  };
  return { after: add, onError: add };
}
