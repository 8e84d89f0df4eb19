/**
 * Where a person lands after signing in (the invitation mail's links, docs/participants.md): a
 * relative path of this site, carried as `?returnTo=` through registration, the confirmation mail
 * and the first sign-in. Only a same-origin path is accepted — never an absolute or
 * protocol-relative URL, a backslash trick, or control characters — so the parameter cannot send
 * anyone to another site (an open redirect).
 */
import { applicationDetailsPath } from './paths.js';

/** The query parameter that carries the path. */
export const RETURN_TO_PARAM = 'returnTo';

/** Longer than any route of the portal. */
export const MAX_RETURN_PATH = 200;

/** A path, optional query: no scheme, no host, no backslashes, no spaces or control characters. */
const SAFE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/%?]*$/;

/** The path when it is a safe same-origin path, else undefined. */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH || !SAFE_PATH.test(value)) return undefined;
  // Belt and braces: resolved against an origin, it must stay on it.
  const base = 'https://portal.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The application's page, where an invited person lands. */
export const applicationReturnPath = (applicationId: string): string => applicationDetailsPath(applicationId);

/** `path` with `?returnTo=` (or `&returnTo=`) added when the return path is safe. */
export function withReturnPath(path: string, returnTo: string | undefined): string {
  const safe = safeReturnPath(returnTo);
  if (!safe) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${RETURN_TO_PARAM}=${encodeURIComponent(safe)}`;
}
