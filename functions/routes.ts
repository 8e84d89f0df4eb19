/**
 * The one source of truth for the HTTP API.
 *
 * CDK (infra/stacks/api-stack.ts) loops over this table to add HTTP API routes and one Lambda per
 * resource module; the local gateway (infra/local/gateway.ts) loops over the same table. A test
 * (test/infra/routes.test.ts) proves both expose exactly these routes.
 *
 * Paths are the spec's paths, in API Gateway syntax. Where the spec names the same path level
 * differently in two places (`{id}` and `{jurisdictionId}`), the table uses one name per level:
 * API Gateway rejects sibling variables with different names, and the URL is the same.
 *
 * Routes are added here by the issue that implements them; a route in this table always has a
 * handler behind it (test/unit/http/routes-dispatch.test.ts checks that every routeKey dispatches).
 */

export const resources = [
  'site',
  'accounts',
  'reference',
  'lookups',
  'applications',
  'participants',
  'documents',
  'contacts',
  'access-requests',
  'organisation',
  'rfis',
  'payments',
  'notifications',
  'council',
] as const;
export type Resource = (typeof resources)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - public: no token;
 * - user: a Cognito id token of a signed-in user (JWT authorizer, audience = the web app client);
 * - council: machine credentials of a council's back office (added by the council issue).
 */
export type CallerKind = 'public' | 'user' | 'council';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path, e.g. `/user/applications/{id}`. */
  path: string;
  resource: Resource;
  caller: CallerKind;
}

/** `"GET /user/applications/{id}"`: the HTTP API v2 `routeKey` a resource module dispatches on. */
export type RouteKey = `${HttpMethod} ${string}`;

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): RouteKey => `${r.method} ${r.path}`;

const r = (method: HttpMethod, path: string, resource: Resource, caller: CallerKind): RouteDef => ({
  method,
  path,
  resource,
  caller,
});

export const routes: readonly RouteDef[] = [
  // Health: public, no data access beyond a cheap table describe.
  r('GET', '/public/health', 'site', 'public'),

  // Accounts (portal-core §7 public calls; portal-organisation §5, §7).
  r('GET', '/public/captcha/challenge', 'accounts', 'public'),
  r('POST', '/public/user/registration', 'accounts', 'public'),
  r('POST', '/public/user/registration/confirm', 'accounts', 'public'),
  r('POST', '/public/user/registration/resend', 'accounts', 'public'),
  r('POST', '/public/user/registration/invited', 'accounts', 'public'),
  r('GET', '/public/organisation/invitations', 'accounts', 'public'),

  // Form.io definitions of the Formio steps (portal-core §7).
  r('GET', '/public/formio/{name}', 'reference', 'public'),

  // Reference data (portal-core §7 public calls): one name per path level ({id} for the jurisdiction).
  r('GET', '/public/jurisdictions/{id}', 'reference', 'public'),
  r('GET', '/public/jurisdictions/{id}/document-types', 'reference', 'public'),
  r('GET', '/public/jurisdictions/{id}/forms/{formId}/document-types', 'reference', 'public'),
  r('GET', '/public/images/{id}', 'reference', 'public'),
  r('GET', '/public/authorities/detection', 'reference', 'public'),

  // Site settings read by the SPA before sign-in (portal-core §7, portal-organisation §2).
  r('GET', '/maintenance/maintenance.json', 'site', 'public'),
  r('GET', '/announcements/announcements.json', 'site', 'public'),

  // The signed-in user's own record (portal-core §7).
  r('GET', '/user', 'accounts', 'user'),
  r('PATCH', '/user', 'accounts', 'user'),
  r('PUT', '/user/password', 'accounts', 'user'),

  // Lookups (portal-core §7): NZ Post address checker, property lookup, the LBP register.
  r('GET', '/user/nzpost/addresschecker/suggest', 'lookups', 'user'),
  r('GET', '/user/nzpost/addresschecker/details', 'lookups', 'user'),
  r('GET', '/v1/service/property-lookup/parcels', 'lookups', 'user'),
  r('GET', '/v1/service/licensed-building-practitioners', 'lookups', 'user'),
  r('GET', '/v1/service/licensed-building-practitioners/{lbpNumber}', 'lookups', 'user'),

  // User-scoped reference data (portal-core §7; portal-organisation §3 countries).
  r('GET', '/user/qualification-types', 'reference', 'user'),
  r('GET', '/user/documenttags', 'reference', 'user'),
  r('GET', '/user/countries', 'reference', 'user'),
  r('GET', '/user/properties', 'reference', 'user'),

  // Applications (portal-core §7): create, read, change, lists, steps, rules, submission.
  r('GET', '/user/applications', 'applications', 'user'),
  r('POST', '/user/applications', 'applications', 'user'),
  r('GET', '/user/applications/{id}', 'applications', 'user'),
  r('PATCH', '/user/applications/{id}', 'applications', 'user'),
  r('DELETE', '/user/applications/{id}', 'applications', 'user'),
  r('PATCH', '/user/applications/{id}/preferences', 'applications', 'user'),
  r('POST', '/user/applications/{id}/child-applications', 'applications', 'user'),
  r('POST', '/user/applications/{id}/submission', 'applications', 'user'),
  r('GET', '/user/applications/{id}/rejected-reason', 'applications', 'user'),
  r('GET', '/user/applications/{id}/enabled-steps', 'applications', 'user'),
  r('GET', '/user/applications/{id}/steps/{stepId}', 'applications', 'user'),
  r('POST', '/user/applications/{id}/steps/{stepId}', 'applications', 'user'),
  r('GET', '/user/applications/{id}/ruleresults', 'applications', 'user'),
  r('GET', '/user/applications/{id}/history', 'applications', 'user'),
  r('GET', '/user/applicationsV2', 'applications', 'user'),
  r('GET', '/user/applicationsV2/badges', 'applications', 'user'),
  r('GET', '/user/applicationsV2/filters', 'applications', 'user'),
  r('GET', '/user/applicationsV3', 'applications', 'user'),
  r('GET', '/user/applicationsV3/{id}/child-applications', 'applications', 'user'),
  r('GET', '/user/applicationsV3/{id}/action-items', 'applications', 'user'),

  // Per-application notification level of the caller (portal-core §7 participants).
  r(
    'PATCH',
    '/user/applications/{id}/participants/{participantId}/notification-level',
    'participants',
    'user',
  ),

  // Application documents needed by the document-upload step and the summary PDF (portal-core §7).
  r('GET', '/user/applications/{id}/documents', 'documents', 'user'),
  r('POST', '/user/applications/{id}/documents', 'documents', 'user'),
  r('DELETE', '/user/applications/{id}/documents/{name}', 'documents', 'user'),
  r('GET', '/user/applications/{id}/documents/{name}/download-link', 'documents', 'user'),
];

/** The resource modules that have at least one route: one Lambda each. */
export const routedResources = (): Resource[] =>
  resources.filter((res) => routes.some((rt) => rt.resource === res));

/**
 * Matches a concrete request path against the table (used by the local gateway, and by tests).
 * Returns the route and its path parameters (URL-decoded), or undefined.
 */
export function matchRoute(
  method: string,
  path: string,
): { route: RouteDef; pathParameters: Record<string, string> } | undefined {
  // API Gateway ignores a trailing slash on a request path.
  const clean = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const parts = clean.split('/');
  let best: { route: RouteDef; pathParameters: Record<string, string>; literals: number } | undefined;
  for (const route of routes) {
    if (route.method !== method.toUpperCase()) continue;
    const tparts = route.path.split('/');
    if (tparts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < tparts.length; i++) {
      const t = tparts[i]!;
      const p = parts[i]!;
      if (t.startsWith('{') && t.endsWith('}')) {
        if (p === '') {
          ok = false;
          break;
        }
        try {
          params[t.slice(1, -1)] = decodeURIComponent(p);
        } catch {
          ok = false;
          break;
        }
      } else if (t === p) {
        literals++;
      } else {
        ok = false;
        break;
      }
    }
    // The most specific route (most literal segments) wins, as in API Gateway.
    if (ok && (!best || literals > best.literals)) best = { route, pathParameters: params, literals };
  }
  return best && { route: best.route, pathParameters: best.pathParameters };
}
