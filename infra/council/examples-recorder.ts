import { appendFileSync } from 'node:fs';

/**
 * Records the council client's calls as examples for the OpenAPI document (functions/platform/http/openapi-examples.json):
 * with env COUNCIL_EXAMPLES_FILE set, every API call (not the token request) is appended to that
 * file as one JSON line — method, path (after the API's base URL), request body, status, response
 * body. `npm run council-examples` runs the council integration tests with it and picks one example
 * per operation and status (bin/council-examples.ts). Unset (always, except then), it is `fetch` itself.
 */
export interface RecordedCall {
  method: string;
  path: string;
  request?: unknown;
  status: number;
  response?: unknown;
}

export function recordingFetch(doFetch: typeof fetch, apiUrl: string): typeof fetch {
  const file = process.env.COUNCIL_EXAMPLES_FILE;
  if (!file) return doFetch;
  const base = new URL(apiUrl.replace(/\/$/, '') + '/');
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const res = await doFetch(input, init);
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (!url.pathname.startsWith(base.pathname)) return res;
    const text = await res.clone().text();
    const parse = (t: unknown) => {
      if (typeof t !== 'string' || t === '') return undefined;
      try {
        return JSON.parse(t) as unknown;
      } catch {
        return undefined;
      }
    };
    const call: RecordedCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: `/${url.pathname.slice(base.pathname.length)}`,
      ...(init?.body !== undefined ? { request: parse(init.body) } : {}),
      status: res.status,
      ...(text ? { response: parse(text) } : {}),
    };
    appendFileSync(file, `${JSON.stringify(call)}\n`);
    return res;
  }) as typeof fetch;
}
