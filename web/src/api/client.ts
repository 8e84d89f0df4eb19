import { getConfig } from '../lib/config';
import { loadAmplifyAuth, storedIdToken } from '../lib/amplify';
import { networkError, toServiceError, type ErrorContext, type ServiceError } from './errors';
import { startEarlyGet, takeEarlyGet } from '../lib/earlyGets';
import { apiUrl, type Query } from './url';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions extends ErrorContext {
  method?: HttpMethod;
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Public endpoints (`/public/...`) are called without a token. */
  anonymous?: boolean;
}

/** The id token Amplify stored while it stays valid; undefined without one (or without storage). */
function validStoredToken(): string | undefined {
  try {
    return storedIdToken(getConfig().userPoolClientId, window.localStorage);
  } catch {
    return undefined;
  }
}

/**
 * The current id token: the one Amplify stored while it stays valid (read without loading Amplify),
 * else asked of Amplify, which refreshes the tokens silently with the refresh token.
 */
async function idToken(): Promise<string | undefined> {
  const stored = validStoredToken();
  if (stored) return stored;
  try {
    const session = await (await loadAmplifyAuth()).fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    // A failed refresh: the call goes without a token and its 401 leads back to sign-in.
    return undefined;
  }
}

let onUnauthorized: (() => void) | undefined;

/**
 * What a 401 on a signed-in call does: the auth provider registers "sign out locally, back to the
 * sign-in page" (the session can no longer be refreshed). Returns the unregister function.
 */
export function setUnauthorizedHandler(handler: (() => void) | undefined): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = undefined;
  };
}

/** A failed API call as browser error reporting sees it (app/rum/start.ts): no body, no message. */
export interface ApiFailure {
  method: HttpMethod;
  /** The path as called (`/user/access-requests/<guid>`): the reporter makes it a template. */
  path: string;
  /** 0: no response (a NetworkError). */
  status: number;
  code: ServiceError['code'];
}

let onFailure: ((failure: ApiFailure) => void) | undefined;

/** Tells browser error reporting of every failed call, before it is thrown (app/rum/start.ts). */
export function setApiFailureListener(listener: typeof onFailure): void {
  onFailure = listener;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  return apiUrl(getConfig().apiUrl, path, query);
}

/**
 * Starts a signed-in GET before anything asks for it (the warm start of a signed-in load, while the
 * page's chunks download: app/warmStart.ts; a form step's GETs while its page draws). Only with a
 * valid stored token (never loads Amplify); `anonymous`: a public GET, sent without it. The first
 * apiRequest for the same URL (and the same `anonymous`) within 15 s takes its response; a failed one
 * is fetched again.
 */
export function prefetchGet(
  path: string,
  query?: RequestOptions['query'],
  { anonymous = false }: { anonymous?: boolean } = {},
): void {
  const token = validStoredToken();
  if (!token) return;
  startEarlyGet(buildUrl(path, query), anonymous ? undefined : token, getConfig().userPoolClientId);
}

/**
 * Calls the portal API: `${apiUrl}${path}` with `Authorization: Bearer <idToken>`.
 * Non-2xx responses throw a ServiceError with the spec's code (see ./errors); a 401 on a
 * signed-in call also runs the unauthorized handler (back to sign-in).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!options.anonymous) {
    const token = await idToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const url = buildUrl(path, options.query);
  const started =
    (options.method ?? 'GET') === 'GET'
      ? await takeEarlyGet(url, getConfig().userPoolClientId, Date.now(), !!options.anonymous)
      : undefined;
  let response: Response;
  try {
    response =
      started ??
      (await fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = networkError(cause);
    onFailure?.({ method: options.method ?? 'GET', path, status: 0, code: error.code });
    throw error;
  }

  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401 && !options.anonymous) onUnauthorized?.();
    const error = toServiceError(response.status, text, options);
    // Reported (the three access-request codes as events of their own: app/rum/start.ts), then thrown.
    onFailure?.({ method: options.method ?? 'GET', path, status: response.status, code: error.code });
    throw error;
  }
  return (text ? JSON.parse(text) : undefined) as T;
}
