/**
 * The soak's own record of every request it makes (docs/reliability.md "Soak"): a wrapper round the
 * global `fetch` that records, for calls made inside {@link RequestLog.run} only, the route group, the
 * status and the time to the response's headers. The test helpers the soak reuses (test/support/
 * accounts.ts `api`, the council client, the presigned PUTs) all call the global `fetch`, so nothing
 * of theirs changes; calls made by the stack itself in the same process (a webhook delivery, the
 * gateway's notification) are outside the log's async context and are not counted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { matchRoute } from '../../../functions/routes';
import { percentile } from '../../bench/stats';

export interface RecordedRequest {
  /** `GET /user/applications/{id}` for an API route, else the service (`s3 PUT`, `gateway POST /pay`, …). */
  route: string;
  /** The feature serving it (functions/routes.ts), or the service for calls outside the API. */
  group: string;
  /** 0 when no answer came (connection refused, reset). */
  status: number;
  /** Epoch ms at the call and at the response's headers (or the failure). */
  start: number;
  end: number;
  error?: string;
}

/** Where the stack's services listen (a stack's outputs). */
export interface Endpoints {
  ApiUrl: string;
  S3Endpoint?: unknown;
  PaymentGatewayUrl?: unknown;
  CognitoEndpoint?: unknown;
  CouncilTokenUrl?: unknown;
}

const store = new AsyncLocalStorage<RequestLog>();
let installed = false;

function install() {
  if (installed) return;
  installed = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const log = store.getStore();
    if (!log) return original(input, init);
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const start = Date.now();
    try {
      const res = await original(input, init);
      log.add(method, url, res.status, start);
      return res;
    } catch (e) {
      log.add(method, url, 0, start, e instanceof Error ? e.message : String(e));
      throw e;
    }
  };
}

export class RequestLog {
  readonly requests: RecordedRequest[] = [];
  constructor(private readonly endpoints: Endpoints) {
    install();
  }

  /** Runs `fn` with its requests (and those of whatever it starts) recorded here. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    return store.run(this, fn);
  }

  add(method: string, url: string, status: number, start: number, error?: string): void {
    const { route, group } = this.routeOf(method, url);
    this.requests.push({ route, group, status, start, end: Date.now(), ...(error ? { error } : {}) });
  }

  /** The route and its group: the API's table (functions/routes.ts) first, then the stand-in services. */
  routeOf(method: string, url: string): { route: string; group: string } {
    const e = this.endpoints;
    const clean = url.split('?')[0]!;
    if (e.CouncilTokenUrl && clean === String(e.CouncilTokenUrl))
      return { route: 'POST council token', group: 'council token' };
    if (clean.startsWith(e.ApiUrl)) {
      const path = clean.slice(e.ApiUrl.length) || '/';
      const m = matchRoute(method, path);
      return m
        ? { route: `${method} ${m.route.path}`, group: m.route.feature }
        : { route: `${method} (no route)`, group: 'no route' };
    }
    const starts = (v: unknown) => typeof v === 'string' && clean.startsWith(v);
    if (starts(e.S3Endpoint)) return { route: `s3 ${method}`, group: 's3' };
    if (starts(e.PaymentGatewayUrl)) return { route: `gateway ${method} /pay`, group: 'card gateway' };
    if (starts(e.CognitoEndpoint)) return { route: `cognito ${method}`, group: 'cognito' };
    return { route: `${method} ${new URL(clean).origin}`, group: 'other' };
  }
}

export interface LatencyRow {
  name: string;
  n: number;
  p50: number;
  p99: number;
  max: number;
}

/** p50/p99/max (ms to the headers) of the requests answered, by `key`, most requests first. */
export function latencyBy(
  requests: readonly RecordedRequest[],
  key: (r: RecordedRequest) => string,
): LatencyRow[] {
  const by = new Map<string, number[]>();
  for (const r of requests) {
    if (r.status === 0) continue;
    const k = key(r);
    by.set(k, [...(by.get(k) ?? []), r.end - r.start]);
  }
  return [...by.entries()]
    .map(([name, times]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return {
        name,
        n: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1]!,
      };
    })
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name));
}

/** Requests that were not 2xx/3xx, by status (0: no answer) and route. */
export function errorsBy(
  requests: readonly RecordedRequest[],
): { status: number; route: string; n: number }[] {
  const by = new Map<string, { status: number; route: string; n: number }>();
  for (const r of requests) {
    if (r.status >= 200 && r.status < 400) continue;
    const k = `${r.status} ${r.route}`;
    const row = by.get(k) ?? { status: r.status, route: r.route, n: 0 };
    row.n++;
    by.set(k, row);
  }
  return [...by.values()].sort((a, b) => a.status - b.status || b.n - a.n);
}
