/** JSON over HTTP for the real lookup clients: a timeout on every call and failures classified. */
import { LookupServiceError, type LookupServiceName } from './types.js';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpOptions {
  service: LookupServiceName;
  timeoutMs: number;
  fetch?: FetchLike;
  /** Statuses that are answers, not failures (e.g. 404 for "no such practitioner"). */
  accept?: number[];
}

function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Sends the request; returns the status and the parsed JSON body (undefined for an empty body). */
export async function requestJson(
  url: string,
  init: RequestInit,
  options: HttpOptions,
): Promise<{ status: number; body: unknown }> {
  const { service, timeoutMs } = options;
  const doFetch = options.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const name = (err as { name?: unknown })?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new LookupServiceError(service, 'timeout', `no answer within ${timeoutMs} ms`, undefined, {
        cause: err,
      });
    const code = errorCode(err);
    throw new LookupServiceError(service, 'connect', `cannot connect (${code ?? String(err)})`, undefined, {
      cause: err,
    });
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    const name = (err as { name?: unknown })?.name;
    const failure = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'connect';
    throw new LookupServiceError(service, failure, 'the answer was cut off', res.status, { cause: err });
  }
  if (!res.ok && !(options.accept ?? []).includes(res.status))
    throw new LookupServiceError(service, 'status', `HTTP ${res.status}`, res.status);
  if (text.trim() === '') return { status: res.status, body: undefined };
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch (err) {
    throw new LookupServiceError(service, 'invalid', 'the answer is not JSON', res.status, { cause: err });
  }
}
