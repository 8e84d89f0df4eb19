/**
 * What a browser error report may say (docs/browser-errors.md): no emails, names, tokens or URLs
 * with secrets. Pure, so every rule is unit-tested in Node. Used by the recorder before an event is
 * handed to CloudWatch RUM, and again by its event hook as a last line of defence.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A route's own word: lower-case words joined by dashes (`rfi-point-details-v3`), not an id. */
const ROUTE_WORD = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** One path segment: kept when it is a route's word, else `:id` (ids, tokens, file names). */
function templateSegment(segment: string): string {
  if (segment === '') return segment;
  if (UUID.test(segment) || segment.length > 40 || !ROUTE_WORD.test(segment) || /\d{4,}/.test(segment))
    return ':id';
  return segment;
}

/**
 * The route template of a path: `/application-details/3f2a…/payment-details/77` →
 * `/application-details/:id/payment-details/:id`; `/pay/<token>` → `/pay/:id`. Query and fragment
 * (where invitation and payer links carry their tokens, lib/fragment-token.ts) are dropped.
 */
export function routeTemplate(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return bare.split('/').map(templateSegment).join('/') || '/';
}

/**
 * A URL as reported: origin and route template, without query or fragment. The portal's own
 * origin is left out (`/api/user/access-requests/:id`); an unparsable one becomes `[url]`.
 */
export function scrubUrl(url: string, ownOrigin?: string): string {
  if (url === '') return '';
  let parsed: URL;
  try {
    parsed = new URL(url, ownOrigin ?? 'http://portal.invalid');
  } catch {
    return '[url]';
  }
  if (!/^https?:$/.test(parsed.protocol)) return `${parsed.protocol}[url]`;
  const origin =
    parsed.origin === (ownOrigin ?? 'http://portal.invalid') || parsed.origin === 'http://portal.invalid'
      ? ''
      : parsed.origin;
  // The SPA's own hashed files (and a stack's line:column) name no one: kept for the stack traces.
  const path = /^\/assets\/[\w.-]+(:\d+)*$/.test(parsed.pathname)
    ? parsed.pathname
    : routeTemplate(parsed.pathname);
  return `${origin}${path}`;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const URL_IN_TEXT = /\b(?:https?|blob):\/\/[^\s'"<>)]+/g;
const UUID_IN_TEXT = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** Token candidates: runs of 20+ base64, base64url or hex characters (link tokens, JWT parts). */
const TOKEN = /[A-Za-z0-9_\-+/=]{20,}/g;
/** Six or more digits: phone, card, account or application numbers. */
const LONG_NUMBER = /\d[\d -]{4,}\d/g;
/** `token=…`, `code=…` and the like anywhere in a text (a fragment or query quoted in a message). */
const SECRET_PARAM = /\b(token|code|signature|x-amz-[a-z-]+|key|password|secret)=[^\s&#'"]*/gi;

const MAX_TEXT = 1000;

/** Mixed case with digits (base64, JWT parts), or 32+ characters with digits (hex); not `rfi-point-details-v3`. */
const looksLikeToken = (t: string): boolean =>
  /\d/.test(t) && ((/[a-z]/.test(t) && /[A-Z]/.test(t)) || t.length >= 32);

/** Text outside URLs. */
const scrubPlain = (text: string): string =>
  text
    .replace(EMAIL, '[email]')
    .replace(SECRET_PARAM, (_m, name: string) => `${name}=[token]`)
    .replace(UUID_IN_TEXT, ':id')
    .replace(TOKEN, (t) => (looksLikeToken(t) ? '[token]' : t))
    .replace(LONG_NUMBER, '[number]');

/**
 * A message or stack without emails, ids, tokens or long numbers; URLs in it lose their query and
 * fragment and their ids (scrubUrl).
 */
export function scrubText(text: string, ownOrigin?: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    out += scrubPlain(text.slice(last, m.index)) + scrubUrl(m[0], ownOrigin);
    last = m.index + m[0].length;
  }
  out += scrubPlain(text.slice(last));
  return out.length > MAX_TEXT ? `${out.slice(0, MAX_TEXT)}…` : out;
}

/** The error as reported: its name, a scrubbed message and stack; a ServiceError's message is its code. */
export interface ScrubbedError {
  name: string;
  message: string;
  stack?: string;
}

export function scrubError(error: unknown, ownOrigin?: string): ScrubbedError {
  if (typeof error !== 'object' || error === null) {
    return { name: 'Error', message: scrubText(String(error), ownOrigin) };
  }
  const e = error as { name?: unknown; message?: unknown; stack?: unknown; code?: unknown };
  const name = typeof e.name === 'string' && e.name ? e.name : 'Error';
  // A ServiceError carries the server's description, which may name a person or an address.
  const raw = typeof e.message === 'string' ? e.message : '';
  const message = name === 'ServiceError' && typeof e.code === 'string' ? e.code : scrubText(raw, ownOrigin);
  // A stack starts with `Name: message`: the message in it is replaced by the one reported.
  const stack =
    typeof e.stack === 'string'
      ? scrubText(raw ? e.stack.split(raw).join(message) : e.stack, ownOrigin)
      : undefined;
  return stack ? { name, message, stack } : { name, message };
}

/**
 * Every string inside an event's details, scrubbed in place (the RUM event hook: a last line of
 * defence for what the recorder did not build itself). Keys named `url` are scrubbed as URLs.
 */
export function scrubDetails(details: unknown, ownOrigin?: string): void {
  if (typeof details !== 'object' || details === null) return;
  const record = details as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') {
      record[key] = /^(url|referrer|filename)$/i.test(key)
        ? scrubUrl(value, ownOrigin)
        : scrubText(value, ownOrigin);
    } else if (typeof value === 'object') scrubDetails(value, ownOrigin);
  }
}
