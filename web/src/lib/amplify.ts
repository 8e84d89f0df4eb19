/**
 * Amplify (Cognito auth, about 60 KB gzip) is loaded on demand, never with the first page: when
 * the person types or submits on a signed-out page, or at start when a session is stored. Every
 * caller goes through loadAmplifyAuth(), which configures Amplify before any auth call
 * (docs/performance.md, "The first load in the browser").
 */
import { amplifyConfigFor, getConfig } from './config';

export type AmplifyAuth = typeof import('aws-amplify/auth');
type AmplifyHub = (typeof import('aws-amplify/utils'))['Hub'];

interface Loaded {
  auth: AmplifyAuth;
  Hub: AmplifyHub;
}

let loading: Promise<Loaded> | undefined;
const onLoad = new Set<(loaded: Loaded) => void>();

function load(): Promise<Loaded> {
  loading ??= Promise.all([
    import('aws-amplify'),
    import('aws-amplify/auth'),
    import('aws-amplify/utils'),
  ]).then(
    ([{ Amplify }, auth, { Hub }]) => {
      Amplify.configure(amplifyConfigFor(getConfig()));
      const loaded = { auth, Hub };
      for (const listener of onLoad) listener(loaded);
      return loaded;
    },
    (error: unknown) => {
      loading = undefined; // a failed chunk download is tried again on the next call
      throw error;
    },
  );
  return loading;
}

/** Amplify's auth functions, Amplify configured first. */
export async function loadAmplifyAuth(): Promise<AmplifyAuth> {
  return (await load()).auth;
}

/** Runs `listener` with Amplify's Hub once Amplify is loaded (now if it already is); returns the stop. */
export function whenAmplifyLoaded(listener: (hub: AmplifyHub) => () => void): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  const run = (loaded: Loaded) => {
    if (!stopped && !stop) stop = listener(loaded.Hub);
  };
  onLoad.add(run);
  if (loading) void loading.then(run, () => undefined);
  return () => {
    stopped = true;
    onLoad.delete(run);
    stop?.();
  };
}

/** Amplify's key prefix in storage (`CognitoIdentityServiceProvider.<clientId>.<user>.<token>`). */
const AUTH_KEY_PREFIX = 'CognitoIdentityServiceProvider';

/**
 * Whether Amplify has tokens stored for this app client (localStorage, Amplify's default): only
 * then is Amplify loaded at start to restore the session. No tokens, no session to restore.
 * Without a client id (before config.json arrives) any app client's counts: the warm start's hint
 * (app/warmStart.ts), never a decision.
 */
export function hasStoredSession(
  userPoolClientId: string | undefined,
  storage: Pick<Storage, 'length' | 'key'>,
): boolean {
  const prefix = `${AUTH_KEY_PREFIX}.${userPoolClientId === undefined ? '' : `${userPoolClientId}.`}`;
  try {
    for (let i = 0; i < storage.length; i += 1) {
      if (storage.key(i)?.startsWith(prefix)) return true;
    }
  } catch {
    /* storage disabled: Amplify cannot have stored a session either */
  }
  return false;
}

/** Amplify refreshes a token this close to its expiry (its isTokenExpired tolerance is 5 s). */
export const STORED_TOKEN_MARGIN_MS = 60_000;

function jwtExpiryMs(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The id token Amplify has stored for this app client, while both it and the access token stay
 * valid for `STORED_TOKEN_MARGIN_MS` more (by Amplify's own rule: now + clock drift against the
 * tokens' `exp`); undefined otherwise, and then Amplify is loaded to refresh them. Read straight
 * from Amplify's storage (`CognitoIdentityServiceProvider.<clientId>.LastAuthUser`, then
 * `.<user>.idToken`, `.accessToken`, `.clockDrift`), so a signed-in page load makes its API calls
 * without downloading Amplify (about 60 KB gzip: docs/performance.md). The API checks the token;
 * test/unit/web/stored-token.test.ts checks the layout against Amplify's own token store.
 */
export function storedIdToken(
  userPoolClientId: string,
  storage: Pick<Storage, 'getItem'>,
  now: number = Date.now(),
): string | undefined {
  try {
    const client = `${AUTH_KEY_PREFIX}.${userPoolClientId}`;
    const user = storage.getItem(`${client}.LastAuthUser`);
    if (!user) return undefined;
    const key = (name: string) => storage.getItem(`${client}.${user}.${name}`);
    const idToken = key('idToken');
    const accessToken = key('accessToken');
    if (!idToken || !accessToken) return undefined;
    const drift = Number.parseInt(key('clockDrift') ?? '0', 10) || 0;
    const until = now + drift + STORED_TOKEN_MARGIN_MS;
    const expiries = [jwtExpiryMs(idToken), jwtExpiryMs(accessToken)];
    return expiries.every((exp) => exp !== undefined && exp > until) ? idToken : undefined;
  } catch {
    return undefined; // storage disabled or unreadable: Amplify decides
  }
}

/**
 * The stored session of whichever app client Amplify stored one for (the boot script runs before
 * config.json names the client): its client id and id token while both tokens stay valid.
 */
export function storedSession(
  storage: Pick<Storage, 'length' | 'key' | 'getItem'>,
  now: number = Date.now(),
): { clientId: string; idToken: string } | undefined {
  try {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i) ?? '';
      const last = '.LastAuthUser';
      if (!key.startsWith(`${AUTH_KEY_PREFIX}.`) || !key.endsWith(last)) continue;
      const clientId = key.slice(AUTH_KEY_PREFIX.length + 1, -last.length);
      if (!clientId || clientId.includes('.')) continue;
      const idToken = storedIdToken(clientId, storage, now);
      if (idToken) return { clientId, idToken };
    }
  } catch {
    /* storage disabled */
  }
  return undefined;
}
