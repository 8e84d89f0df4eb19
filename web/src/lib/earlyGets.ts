/**
 * GETs started before the page asks for them (a signed-in load's warm start: the boot script and
 * app/warmStart.ts start them; api/client.ts takes them). The boot script is a bundle of its own
 * (web/vite-boot.ts), so the two share one registry through a global, not a module.
 */
interface EarlyGet {
  at: number;
  /** The app client whose stored token the request carries: only a page of that client takes it. */
  clientId: string;
  /** Sent without the token (a public GET): only an anonymous call takes it. */
  anonymous: boolean;
  response: Promise<Response | undefined>;
}

/** How long an early GET waits to be taken: only the first draw uses it. */
export const EARLY_TTL_MS = 15_000;

const KEY = Symbol.for('consent-portal.early-gets');

function registry(): Map<string, EarlyGet> {
  const holder = globalThis as unknown as Record<symbol, Map<string, EarlyGet> | undefined>;
  return (holder[KEY] ??= new Map());
}

/**
 * Starts `GET url` with the stored token (without it when `idToken` is undefined: a public GET), once
 * per URL (a second start of the same URL does nothing).
 */
export function startEarlyGet(url: string, idToken: string | undefined, clientId: string): void {
  const early = registry();
  if (early.has(url)) return;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (idToken !== undefined) headers.Authorization = `Bearer ${idToken}`;
  const response = fetch(url, { headers }).catch(() => undefined);
  early.set(url, { at: Date.now(), clientId, anonymous: idToken === undefined, response });
}

/**
 * The early response for a URL, once, while fresh, for the same app client and sent the same way
 * (with the token, or without it for an `anonymous` call); else undefined.
 */
export function takeEarlyGet(
  url: string,
  clientId: string,
  now: number = Date.now(),
  anonymous = false,
): Promise<Response | undefined> | undefined {
  const early = registry();
  const entry = early.get(url);
  if (!entry) return undefined;
  early.delete(url);
  return entry.clientId === clientId && entry.anonymous === anonymous && now - entry.at <= EARLY_TTL_MS
    ? entry.response
    : undefined;
}
