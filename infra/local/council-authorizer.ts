import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
export { routeScope } from '../council/route-scope';

/**
 * The HTTP API JWT authorizer of the council routes (docs/council-api.md §1), locally: an RS256
 * access token of the council pool's issuer, `client_id` among the pool's current app clients (the
 * authorizer's audience on AWS: Cognito's client-credentials tokens carry no `aud`), and the route's
 * scope in its `scope` claim. Refusals as HTTP API: 401 with `www-authenticate` for a missing or bad
 * token, 403 for a missing scope; no Lambda runs.
 */
export type CouncilAuthorization =
  | { ok: true; claims: Record<string, string | number>; scopes: string[] }
  | { ok: false; status: 401 | 403; headers: Record<string, string>; body: { message: string } };

const unauthorized = (error?: string): CouncilAuthorization => ({
  ok: false,
  status: 401,
  headers: { 'www-authenticate': error ? `Bearer error="${error}"` : 'Bearer' },
  body: { message: 'Unauthorized' },
});

/** Claims as HTTP API passes a JWT's: strings and numbers (a list would be `[a b]`). */
export function flatClaims(payload: JWTPayload): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    else if (typeof v === 'boolean') out[k] = String(v);
    else if (Array.isArray(v)) out[k] = `[${v.join(' ')}]`;
    else out[k] = JSON.stringify(v);
  }
  return out;
}

/** Verified tokens kept (a handful of councils, each with one token an hour: far fewer). */
export const VERIFIED_TOKENS_KEPT = 1000;

/**
 * The payloads of tokens whose signature, issuer and algorithm were verified, by the token's SHA-256,
 * each until its `exp`: a council's repeated calls with one token are not verified again. Only the
 * signature check is skipped: expiry is checked on every use, and the client list, `token_use` and
 * the scope are checked on every call from the payload. A token past its `exp` is dropped; over
 * {@link VERIFIED_TOKENS_KEPT}, the oldest.
 */
function verifiedTokens(now: () => number) {
  const kept = new Map<string, JWTPayload & { exp: number }>();
  return {
    get(hash: string) {
      const hit = kept.get(hash);
      if (hit && hit.exp > now() / 1000) return hit;
      if (hit) kept.delete(hash);
      return undefined;
    },
    set(hash: string, payload: JWTPayload) {
      if (typeof payload.exp !== 'number') return;
      if (kept.size >= VERIFIED_TOKENS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(hash, payload as JWTPayload & { exp: number });
    },
  };
}

export function councilAuthorizer(opts: {
  issuer: string;
  keys: JWTVerifyGetKey;
  /** The council pool's current app client ids (the audience); `fresh` skips a cache. */
  clientIds: (fresh?: boolean) => Promise<ReadonlySet<string>>;
  /** The clock (ms; tests). */
  now?: () => number;
}) {
  const verified = verifiedTokens(opts.now ?? Date.now);
  return async (
    authorization: string | undefined,
    scope: string | undefined,
  ): Promise<CouncilAuthorization> => {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!m?.[1]) return unauthorized();
    const hash = createHash('sha256').update(m[1]).digest('base64url');
    let payload: JWTPayload | undefined = verified.get(hash);
    if (!payload) {
      try {
        ({ payload } = await jwtVerify(m[1], opts.keys, {
          issuer: opts.issuer,
          algorithms: ['RS256'],
          ...(opts.now ? { currentDate: new Date(opts.now()) } : {}),
        }));
      } catch {
        return unauthorized('invalid_token');
      }
      verified.set(hash, payload);
    }
    if (payload.token_use !== 'access') return unauthorized('invalid_token');
    const clientId = payload.client_id;
    if (typeof clientId !== 'string') return unauthorized('invalid_token');
    // A client onboarded a moment ago is not in the cached list yet: look once more.
    if (!(await opts.clientIds()).has(clientId) && !(await opts.clientIds(true)).has(clientId))
      return unauthorized('invalid_token');
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
    if (scope && !scopes.includes(scope)) {
      return {
        ok: false,
        status: 403,
        headers: { 'www-authenticate': `Bearer scope="${scope}" error="insufficient_scope"` },
        body: { message: 'Forbidden' },
      };
    }
    return { ok: true, claims: flatClaims(payload), scopes };
  };
}

/**
 * A value recomputed at most every `ms` (concurrent callers share one computation). Once it is
 * older, callers get the last value while the new one loads (a request never waits for the
 * refresh: the council list's tail, docs/performance.md); the first call waits for it, and `fresh`
 * for a new one.
 */
export function cached<T>(ms: number, load: () => Promise<T>): (fresh?: boolean) => Promise<T> {
  let at = 0;
  let value: Promise<T> | undefined;
  let loading: Promise<T> | undefined;
  const start = () => {
    at = Date.now();
    const next = load();
    loading = next;
    next.then(
      () => {
        value = next;
        if (loading === next) loading = undefined;
      },
      () => {
        if (loading === next) loading = undefined;
        at = 0; // failed: the next call tries again
      },
    );
    return next;
  };
  return (fresh) => {
    if (fresh) return start();
    if (!value) return loading ?? start();
    if (Date.now() - at > ms && !loading) void start().catch(() => undefined);
    return value;
  };
}

/** The local council authorizer: the pool's JWKS over the proxy, its clients listed every 2 s. */
export function localCouncilAuthorizer(opts: {
  cognitoEndpoint: string;
  councilUserPoolId: string;
  listClientIds: () => Promise<string[]>;
}) {
  const issuer = `${opts.cognitoEndpoint}/${opts.councilUserPoolId}`;
  return councilAuthorizer({
    issuer,
    keys: createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)),
    clientIds: cached(2000, async () => new Set(await opts.listClientIds())),
  });
}
