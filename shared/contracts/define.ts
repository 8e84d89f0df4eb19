import type { z } from 'zod';

/**
 * The HTTP contract both sides read (docs/architecture.md "One contract for both sides"): per route
 * key (`'GET /user/applications/{id}'`, the route table's key), the schemas of its request parts and
 * of its success response. The functions serve and check it (functions/platform/http/handler.ts, the
 * OpenAPI document, the local gateway); the web client derives its calls from it
 * (web/src/api/call.ts: paths, params, query, body and response types, type-only).
 */

/** The schemas of one route: its request parts and its success response. */
export interface RouteSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The JSON body of a success; absent when a success has no body (204) or is not JSON (images). */
  readonly response?: z.ZodType;
  /** The success status when it is not 200 (201, 204). */
  readonly status?: number;
  /** Raw (non-JSON) success bodies, e.g. images: the content types it may answer with. */
  readonly raw?: readonly string[];
  /** One line for the OpenAPI document. */
  readonly summary?: string;
  /** The largest request body the route takes, in bytes (the handler's default when absent); over it: 413. */
  readonly maxBodyBytes?: number;
  /**
   * A write that needs an `Idempotency-Key` (functions/platform/idempotency.ts): the implementation
   * gets `idempotency` and puts its `item` in the change's transaction; a retry replays the answer.
   */
  readonly idempotent?: true;
}

/**
 * Declares a feature's contract (pure: the declarations only). That its keys are exactly the
 * feature's routes is checked where the route table lives: functions/<feature>/contract.ts passes it
 * through functions/platform/http/handler.ts `defineContract`, so a missing or extra key fails to
 * compile there.
 */
export function defineContract<const C extends Readonly<Record<string, RouteSchemas>>>(
  _feature: string,
  contract: C,
): C {
  return contract;
}
