/** A query string's values (undefined ones are left out). */
export type Query = Record<string, string | number | boolean | undefined>;

/** `${base}${path}?query`: the URL of an API call (api/client.ts, and the boot script's early GETs). */
export function apiUrl(base: string, path: string, query?: Query): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** A list's parameters as a query: empty ones left out, lists comma-separated. */
export function listQuery(params: object): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === '') continue;
    query[key] = Array.isArray(value)
      ? value.length
        ? value.join(',')
        : undefined
      : (value as string | number | boolean);
  }
  return query;
}
