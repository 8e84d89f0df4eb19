import { routeKey, routes } from '../../functions/routes.js';
import type { RouteDef } from '../../functions/routes.js';
import type { RecordedCall } from './examples-recorder.js';

/** One operation's examples: its request body (writes) and an answer per status it gave. */
export interface OperationExamples {
  request?: unknown;
  responses: Record<string, unknown>;
}

/** The council route a recorded call was made to (its path matched against the table's templates). */
export function councilRouteOf(
  call: Pick<RecordedCall, 'method' | 'path'>,
  table: readonly RouteDef[] = routes,
) {
  const pathOnly = call.path.split('?')[0]!;
  return table.find((r) => {
    if (r.method !== call.method || !('scope' in r.access)) return false;
    const pattern = new RegExp(
      `^${r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
    );
    return pattern.test(pathOnly);
  });
}

/**
 * Per council operation (route key), the first request body of a successful call and the first
 * answer of each status. Calls to anything else are ignored.
 */
export function pickCouncilExamples(calls: readonly RecordedCall[]): Record<string, OperationExamples> {
  const out: Record<string, OperationExamples> = {};
  for (const call of calls) {
    const route = councilRouteOf(call);
    if (!route) continue;
    const key = routeKey(route);
    const op = (out[key] ??= { responses: {} });
    const status = String(call.status);
    if (call.status < 300 && op.request === undefined && call.request !== undefined)
      op.request = call.request;
    if (!(status in op.responses)) op.responses[status] = call.response ?? null;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
