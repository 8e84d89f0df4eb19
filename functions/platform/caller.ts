import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { CallerKind } from '../routes.js';
import { scopesOfClaim } from '../../shared/schemas/council-scopes.js';
import type { CouncilScope } from '../../shared/schemas/council-scopes.js';

/** An HTTP API v2 event, with the claims the JWT authorizer adds on protected routes. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: {
      jwt?: { claims?: Record<string, string | number | boolean | string[]>; scopes?: string[] | null };
    };
  };
};

/** A signed-in person (a Cognito id token). */
export interface UserCaller {
  readonly kind: 'user';
  readonly userId: string;
  readonly email?: string;
  readonly username?: string;
}
/**
 * A council's back office: a client of the council pool (docs/council-api.md §1). The token names
 * the client and its scopes, not the authority: the access policy reads the client's row and grants
 * `{ council: { authorityId, clientId } }`.
 */
export interface CouncilCaller {
  readonly kind: 'council';
  readonly clientId: string;
  readonly scopes: readonly CouncilScope[];
}
/** Nobody in particular: a public route. */
export interface PublicCaller {
  readonly kind: 'public';
}

export type Caller = UserCaller | CouncilCaller | PublicCaller;
export type CallerOfKind<K extends CallerKind> = Extract<Caller, { kind: K }>;

/** The signed-in user of a JWT-authorised event, or undefined when there is no subject. */
export function userFromEvent(event: HttpEvent): UserCaller | undefined {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub.length === 0) return undefined;
  // Only the web client's id tokens identify a person here: API Gateway's JWT authorizer also passes
  // an access token of the same client (its client_id matches the audience), which carries no email
  // and is meant for Cognito's own APIs (docs/authorization.md).
  if (claims?.token_use !== 'id') return undefined;
  const email = typeof claims?.email === 'string' ? claims.email : undefined;
  const username = claims?.['cognito:username'];
  return {
    kind: 'user',
    userId: sub,
    ...(email !== undefined ? { email } : {}),
    ...(typeof username === 'string' ? { username } : {}),
  };
}

/**
 * The council client of a JWT-authorised event (an OAuth client-credentials access token of the
 * council pool: `token_use` access, `client_id`, `scope` space-separated), or undefined. The gateway
 * (HTTP API's JWT authorizer, or the local gateway) has verified the issuer, signature, expiry and
 * the route's scope; the function checks again that the issuer is the council pool's
 * (`COUNCIL_ISSUER`; unset, nobody is a council: a route wired to the wrong authorizer by mistake
 * cannot let another pool's access token through), and the access policy checks the scope again and
 * the client's row.
 */
export function councilFromEvent(
  event: HttpEvent,
  issuer: string | undefined = process.env.COUNCIL_ISSUER,
): CouncilCaller | undefined {
  const jwt = event.requestContext.authorizer?.jwt;
  const claims = jwt?.claims;
  if (!issuer || claims?.iss !== issuer) return undefined;
  if (claims.token_use !== 'access') return undefined;
  const clientId = claims.client_id;
  if (typeof clientId !== 'string' || clientId.length === 0) return undefined;
  const claim = typeof claims.scope === 'string' ? claims.scope : (jwt?.scopes ?? []).join(' ');
  return { kind: 'council', clientId, scopes: scopesOfClaim(claim) };
}
