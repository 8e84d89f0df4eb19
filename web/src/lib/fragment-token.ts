import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The bearer token of an email's link (a payer's link, an unsubscribe link; docs/features.md). The
 * link carries it in the URL fragment (`/pay#token=…`), which a browser never sends to a server, so
 * no access log (CloudFront's, the API's) and no Referer holds it; the page reads it here and sends
 * it to the API in a POST body, never in a path or query string.
 *
 * Once read, the token leaves the address bar (a replace navigation: not in the history, not in a
 * copied URL) and is kept in this tab's sessionStorage under `storageKey`, so a reload, or the
 * return from a card gateway (whose return address must not carry it), finds it again. A token
 * from a link mailed before, in the path or the query (`legacy`), is taken the same way once and
 * rewritten away.
 */

/** The `name` parameter of a URL fragment (`#token=…&x=…`); undefined when absent or blank. */
export function fragmentParam(hash: string, name = 'token'): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(name)?.trim();
  return value ? value : undefined;
}

const stored = (key: string): string | undefined => {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined; // storage refused (a private window's policy): the token lives in memory only
  }
};
const store = (key: string, token: string) => {
  try {
    sessionStorage.setItem(key, token);
  } catch {
    // as above
  }
};

export interface LinkTokenOptions {
  /** Where this tab keeps the token (sessionStorage). */
  storageKey: string;
  /** The fragment parameter's name (default `token`); also the query parameter removed. */
  name?: string;
  /** A token in an old link's path or query, accepted once and rewritten away. */
  legacy?: string | null | undefined;
  /** The page's path without the token (default: the current path). */
  path?: string;
}

/**
 * The link's token: from the fragment (or the legacy place), else the one this tab kept. Removes it
 * from the address bar, keeping the rest of the query (e.g. a gateway's `?sessionId=`).
 */
export function useLinkToken(options: LinkTokenOptions): string | undefined {
  const { storageKey, name = 'token', legacy, path } = options;
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = fragmentParam(location.hash, name) ?? (legacy?.trim() || undefined);
  const [token, setToken] = useState(() => fromUrl ?? stored(storageKey));
  // Another link opened in this tab while the page is shown: its token (state adjusted in render).
  if (fromUrl && fromUrl !== token) setToken(fromUrl);
  useEffect(() => {
    if (!fromUrl) return;
    store(storageKey, fromUrl);
    const search = new URLSearchParams(location.search);
    search.delete(name);
    const rest = search.toString();
    void navigate(
      { pathname: path ?? location.pathname, search: rest ? `?${rest}` : '', hash: '' },
      { replace: true },
    );
  }, [fromUrl, storageKey, name, path, location.pathname, location.search, navigate]);
  return fromUrl ?? token;
}
