import type { z } from 'zod';
import type { ApiContract, ApiRouteKey } from '../../../shared/contracts/index';
import { apiRequest, type HttpMethod, type RequestOptions } from './client';
import type { Query } from './url';

/**
 * The typed API call, derived from the one HTTP contract (shared/contracts/; docs/architecture.md
 * "One contract for both sides"): `api('GET /user/applications/{id}/payments', { params: { id } })`.
 * The route key names the method and the path template; the path parameters, query and body are
 * the contract's request schemas' input types, the answer its response schema's output type.
 *
 * The contract is imported as types only: a production build carries no schema for it. Development
 * builds and tests parse every answer with its schema (./response-check.ts, loaded on demand) and
 * fail loudly when the server's body does not match.
 */

type Schemas<K extends ApiRouteKey> = ApiContract[K];
type Part<K extends ApiRouteKey, P extends string> =
  Schemas<K> extends { readonly [_ in P]: infer S extends z.ZodType } ? z.input<S> : undefined;

/** What a route's call takes: its path parameters and body when it has them, its query when it takes one. */
export type ApiOptions<K extends ApiRouteKey> = (Part<K, 'params'> extends undefined
  ? { params?: undefined }
  : { params: Part<K, 'params'> }) &
  (Part<K, 'body'> extends undefined ? { body?: undefined } : { body: Part<K, 'body'> }) &
  (Part<K, 'query'> extends undefined ? { query?: undefined } : { query?: Part<K, 'query'> }) &
  Pick<RequestOptions, 'signal' | 'anonymous' | 'notFoundDescription'> & {
    /** The caller parses the answer itself, with its own message when it does not match (lookups). */
    unchecked?: true;
  };

/** A route's answer: its response schema's output, nothing for a route without one (204). */
export type ApiAnswer<K extends ApiRouteKey> =
  Schemas<K> extends { readonly response: infer S extends z.ZodType } ? z.output<S> : void;

type Args<K extends ApiRouteKey> =
  object extends ApiOptions<K> ? [options?: ApiOptions<K>] : [options: ApiOptions<K>];

/**
 * The path of a route key with its parameters: `'GET /user/applications/{id}'` and `{ id }` →
 * `/user/applications/<id, URI-encoded>`. A parameter the template names but `params` lacks throws.
 */
export function routePath(key: ApiRouteKey, params?: unknown): string {
  return key.slice(key.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null) throw new Error(`${key}: no path parameter ${name}`);
    return encodeURIComponent(String(value as string | number));
  });
}

/** Calls the route named by its key (see above); errors are ./client's ServiceErrors. */
export async function api<K extends ApiRouteKey>(key: K, ...[options]: Args<K>): Promise<ApiAnswer<K>> {
  const { params, query, unchecked, ...rest } = (options ?? {}) as ApiOptions<K> & { query?: Query };
  const method = key.slice(0, key.indexOf(' ')) as HttpMethod;
  const answer = await apiRequest<ApiAnswer<K>>(routePath(key, params), {
    ...rest,
    ...(method === 'GET' ? {} : { method }),
    ...(query === undefined ? {} : { query }),
  });
  if (import.meta.env.DEV && !unchecked) (await import('./response-check')).checkResponse(key, answer);
  return answer;
}

/** A route's query as the call takes it. */
export type ApiQuery<K extends ApiRouteKey> = NonNullable<Part<K, 'query'>>;
