import * as z from 'zod';

/**
 * The council pool's scopes (docs/council-api.md §1), apart from shared/schemas/council.ts so the
 * caller resolution every Lambda runs (functions/platform/caller.ts) bundles only these.
 */

/** The resource server of the council pool; token scopes read `council-api/<scope>`. */
export const COUNCIL_RESOURCE_SERVER = 'council-api';
/** Scopes per capability (never per authority: the authority comes from the client's row). */
export const councilScopes = [
  'applications.read',
  'applications.write',
  'events.read',
  'webhooks.manage',
] as const;
export const CouncilScope = z.enum(councilScopes);
export type CouncilScope = z.infer<typeof CouncilScope>;
/** A scope as it appears in the access token's `scope` claim. */
export const scopeClaim = (scope: CouncilScope): string => `${COUNCIL_RESOURCE_SERVER}/${scope}`;
/** The council scopes of a token's space-separated `scope` claim (others ignored). */
export function scopesOfClaim(claim: string | undefined): CouncilScope[] {
  const granted = new Set((claim ?? '').split(' ').filter(Boolean));
  return councilScopes.filter((s) => granted.has(scopeClaim(s)));
}
