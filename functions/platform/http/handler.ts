import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { routeByKey, routes as routeTable } from '../../routes.js';
import type {
  Access,
  AccessOf,
  Feature,
  FeatureRouteKey,
  LambdaRouteKey,
  RouteDef,
  RouteKey,
} from '../../routes.js';
import type { FieldIssue } from '../../../shared/schemas/errors.js';
import { messages } from '../../../shared/domain/validation.js';
import { logger } from '../logger.js';
import { Invalid, NotFound, TooManyRequests, Unauthorized } from '../errors.js';
import { grantAccess } from '../access.js';
import type { GrantOf } from '../access.js';
import { councilFromEvent, userFromEvent } from '../caller.js';
import type { Caller, CallerOfKind, HttpEvent } from '../caller.js';
import { assertBodyWithin, DEFAULT_MAX_BODY_BYTES } from './body-limit.js';
import { contractViolations } from './contract-check.js';
import { assertThroughEdge } from './edge.js';
import { mapError } from './errors.js';
import { councilVersionHeaders } from './versioning.js';
import { recordMetric } from '../observability/metrics.js';
import { statusClasses } from '../observability/catalogue.js';
import { annotateRequest, portalHandler } from '../observability/tracer.js';
import { idempotencyOf, idempotentRequest, storedAnswer } from '../idempotency.js';
import type { Idempotency } from '../idempotency.js';
import type { RouteSchemas } from '../../../shared/contracts/define.js';

export type { HttpEvent } from '../caller.js';

/**
 * The HTTP plumbing every feature shares. A feature declares its contract (per route key of the
 * table: the path, query and body schemas, and the response schema) and its implementations (one
 * function per route key, normally one service call); `createFeatureHandler` makes the Lambda handler:
 * logger context, tracer and cold start (../observability/tracer.ts `portalHandler`) → the origin check (403 unless the request came through CloudFront: ./edge.ts) →
 * dispatch on `routeKey` → the caller (401 without one on a protected route) → the route's
 * declared access (../access.ts: 404 / 403; it reads only the path parameter it needs, or a payer
 * link's body token, a malformed application id is a 404) → the body's size (413 over the route's cap, before anything reads it:
 * ./body-limit.ts) → zod parsing of path, query and body (400 with the field issues) → the
 * implementation → JSON. A caller without access never learns what the input should look like.
 * Every error becomes the one error body through one mapper (./errors.ts). Every answer is counted
 * and timed (ApiResponses, ApiLatency) and the trace annotated with the route key, the feature and
 * the application id (../observability/tracer.ts).
 */

export interface RequestContext {
  event: HttpEvent;
  lambdaContext: Context;
  logger: typeof logger;
}

/** The schemas of one route (declared in shared/contracts/, which the web reads too). */
export type { RouteSchemas };

/** A feature's contract: exactly its route keys, each with its schemas. */
export type Contract<F extends Feature> = { readonly [K in FeatureRouteKey<F>]: RouteSchemas };

/**
 * Checks a feature's contract (declared in shared/contracts/<feature>.ts) against the route table:
 * a route of the feature missing there, or a key that is not one of its routes, fails to compile.
 */
export function defineContract<F extends Feature, const C extends Contract<F>>(
  _feature: F,
  contract: C & Record<Exclude<keyof C, FeatureRouteKey<F>>, never>,
): C {
  return contract;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type ResponseIn<S> = S extends z.ZodType ? z.input<S> : void;

/** What an implementation receives: parsed input, the caller of the route's kind, and what its access granted. */
export type RouteInput<K extends RouteKey, S extends RouteSchemas> = {
  params: Out<S['params']>;
  query: Out<S['query']>;
  body: Out<S['body']>;
  caller: CallerOfKind<AccessOf<K>['caller']>;
} & GrantOf<AccessOf<K>> &
  (S extends { idempotent: true } ? { idempotency: Idempotency } : object);

/** A non-200 success, e.g. `reply(201, dto)` or `reply(204)`, or a 200 with headers. */
export class Reply<B = unknown> {
  constructor(
    readonly statusCode: number,
    readonly body?: B,
    readonly headers: Record<string, string> = {},
  ) {}
}
export function reply(statusCode: number): Reply<undefined>;
export function reply<B>(statusCode: number, body: B, headers?: Record<string, string>): Reply<B>;
export function reply<B>(
  statusCode: number,
  body?: B,
  headers?: Record<string, string>,
): Reply<B | undefined> {
  return new Reply(statusCode, body, headers);
}

/** A non-JSON success (images): the body as given, base64-encoded bytes when `isBase64Encoded`. */
export class RawReply {
  constructor(
    readonly statusCode: number,
    readonly body: string,
    readonly headers: Record<string, string>,
    readonly isBase64Encoded: boolean,
  ) {}
}

export type RouteResult<S extends RouteSchemas> =
  ResponseIn<S['response']> | Reply<ResponseIn<S['response']>> | Reply<undefined> | RawReply;

export type Implementation<K extends RouteKey, S extends RouteSchemas> = (
  input: RouteInput<K, S>,
  ctx: RequestContext,
) => Promise<RouteResult<S>>;

/** One implementation per route key of the contract. */
export type Implementations<C> = {
  readonly [K in keyof C & RouteKey]: C[K] extends RouteSchemas ? Implementation<K, C[K]> : never;
};

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** zod's default message for an absent value ("Invalid input: expected string, received undefined"). */
const ABSENT = /received undefined$/;

function issuesOf(where: 'body' | 'query' | 'path', error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: [where, ...issue.path.map((p) => String(p))].join('.'),
    // A missing field reads as the spec's "Required" when its schema has no message of its own.
    reason: issue.code === 'invalid_type' && ABSENT.test(issue.message) ? messages.required : issue.message,
  }));
}

function readBody(event: HttpEvent): { ok: true; value: unknown } | { ok: false; issue: FieldIssue } {
  if (event.body === undefined || event.body === null || event.body === '')
    return { ok: true, value: undefined };
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, issue: { field: 'body', reason: 'Body is not valid JSON' } };
  }
}

/** Parses path, query and body against the route's schemas; all issues are reported together. */
function parseInput(
  impl: RouteSchemas,
  event: HttpEvent,
): { params: unknown; query: unknown; body: unknown } {
  const issues: FieldIssue[] = [];
  const parts = {} as { params: unknown; query: unknown; body: unknown };

  const check = (where: 'path' | 'query' | 'body', schema: z.ZodType | undefined, raw: unknown) => {
    if (!schema) return undefined;
    const r = schema.safeParse(raw);
    if (r.success) return r.data;
    issues.push(...issuesOf(where, r.error));
    return undefined;
  };

  parts.params = check('path', impl.params, event.pathParameters ?? {});
  parts.query = check('query', impl.query, event.queryStringParameters ?? {});
  if (impl.body) {
    const raw = readBody(event);
    if (raw.ok) parts.body = check('body', impl.body, raw.value);
    else issues.push(raw.issue);
  }
  if (issues.length > 0) throw new Invalid(issues);
  return parts;
}

function toResponse(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (result instanceof RawReply) {
    return {
      statusCode: result.statusCode,
      headers: { ...result.headers },
      body: result.body,
      isBase64Encoded: result.isBase64Encoded,
    };
  }
  if (result instanceof Reply) {
    if (result.body === undefined) return { statusCode: result.statusCode, headers: { ...result.headers } };
    return {
      statusCode: result.statusCode,
      headers: { ...JSON_HEADERS, ...result.headers },
      body: JSON.stringify(result.body),
    };
  }
  if (result === undefined) return { statusCode: 204 };
  return { statusCode: 200, headers: JSON_HEADERS, body: JSON.stringify(result) };
}

/** The caller of a route of the given access: 401 when a protected route has no identity. */
function callerFor(access: Access, event: HttpEvent): Caller {
  switch (access.caller) {
    case 'public':
      return { kind: 'public' };
    case 'user': {
      const user = userFromEvent(event);
      if (!user) throw new Unauthorized();
      return user;
    }
    case 'council': {
      const council = councilFromEvent(event);
      if (!council) throw new Unauthorized();
      return council;
    }
    default:
      // Payment-provider notifications come with their issue; until then nobody is one.
      throw new Unauthorized();
  }
}

/**
 * In tests (CONTRACT_CHECK=strict, set by the local test stack) every JSON success is checked
 * against the route's declared response schema: a missing or mistyped field, or a field the schema
 * does not declare, fails the request loudly instead of reaching a client.
 */
function checkContract(routeKey: string, schemas: RouteSchemas, res: APIGatewayProxyStructuredResultV2) {
  if (process.env.CONTRACT_CHECK !== 'strict') return;
  if ((res.statusCode ?? 200) >= 300) return;
  const isJson = String(res.headers?.['content-type'] ?? '').startsWith('application/json');
  if (!schemas.response) {
    if (isJson && res.body)
      throw new Error(`Contract: ${routeKey} answered a JSON body but declares no response schema`);
    return;
  }
  if (!isJson || typeof res.body !== 'string') {
    throw new Error(
      `Contract: ${routeKey} declares a JSON response but answered ${res.statusCode} without one`,
    );
  }
  const problems = contractViolations(schemas.response, JSON.parse(res.body) as unknown);
  if (problems.length > 0)
    throw new Error(`Contract: ${routeKey} response does not match its schema: ${problems.join('; ')}`);
}

/**
 * Every answer of a feature's Lambda, mapped errors included, counted (ApiResponses per route
 * group and status class) and timed (ApiLatency per route group): the catalogue's figures the 5xx
 * and p99 alarms read. The route group is the feature.
 */
function recordAnswer(feature: Feature, statusCode: number, startedAt: number | undefined) {
  const statusClass = `${Math.floor(statusCode / 100)}xx` as (typeof statusClasses)[number];
  if (statusClasses.includes(statusClass)) recordMetric('ApiResponses', { routeGroup: feature, statusClass });
  if (startedAt !== undefined)
    recordMetric('ApiLatency', { routeGroup: feature }, Math.round(performance.now() - startedAt));
}

function httpErrorsAndAccessLog(feature: Feature): MiddlewareObj<HttpEvent, APIGatewayProxyResultV2> {
  const startedAt = new WeakMap<object, number>();
  return {
    before: (request) => {
      startedAt.set(request, performance.now());
    },
    after: (request) => {
      const res = request.response as APIGatewayProxyStructuredResultV2 | undefined;
      logger.info('request', { routeKey: request.event.routeKey, statusCode: res?.statusCode });
      recordAnswer(feature, res?.statusCode ?? 200, startedAt.get(request));
    },
    onError: (request) => {
      const mapped = mapError(request.error);
      if (mapped.unexpected) {
        logger.error('request failed', {
          routeKey: request.event.routeKey,
          statusCode: mapped.statusCode,
          error: request.error as Error,
        });
      } else {
        logger.info('request', {
          routeKey: request.event.routeKey,
          statusCode: mapped.statusCode,
          code: mapped.body.code,
        });
      }
      const err = request.error;
      const retryAfter: Record<string, string> =
        err instanceof TooManyRequests && err.retryAfterSeconds !== undefined
          ? { 'retry-after': String(err.retryAfterSeconds) }
          : {};
      request.response = {
        statusCode: mapped.statusCode,
        headers: { ...JSON_HEADERS, ...retryAfter },
        body: JSON.stringify(mapped.body),
      };
      recordAnswer(feature, mapped.statusCode, startedAt.get(request));
    },
  };
}

export interface FeatureHandlerOptions<L extends string> {
  /** The feature's Lambda this handler is (default `handler`); it serves only that Lambda's routes. */
  lambda?: L;
  /** The route table (tests pass their own). */
  routes?: readonly RouteDef[];
}

/** The implementations one Lambda of a feature must have: exactly its routes. */
export type LambdaImplementations<F extends Feature, L extends string, C> = Implementations<
  Pick<C, LambdaRouteKey<F, L> & keyof C>
>;

/** The Lambda handler of one feature (or of one of its Lambdas, `options.lambda`). */
export function createFeatureHandler<F extends Feature, C extends Contract<F>, L extends string = 'handler'>(
  feature: F,
  contract: C,
  impls: LambdaImplementations<F, L, C>,
  options: FeatureHandlerOptions<L> = {},
) {
  const table = options.routes ?? routeTable;
  const lambda: string = options.lambda ?? 'handler';
  const schemasOf = contract as unknown as Record<string, RouteSchemas>;
  const implOf = impls as unknown as Record<
    string,
    (input: unknown, ctx: RequestContext) => Promise<unknown>
  >;
  const base = async (event: HttpEvent, lambdaContext: Context): Promise<APIGatewayProxyResultV2> => {
    // Only CloudFront's requests (the origin secret) reach a route: ./edge.ts.
    await assertThroughEdge(event);
    const key = event.routeKey;
    const route = routeByKey(key, table);
    const schemas = Object.hasOwn(schemasOf, key) ? schemasOf[key] : undefined;
    const impl = Object.hasOwn(implOf, key) ? implOf[key] : undefined;
    if (!route || route.feature !== feature || route.lambda !== lambda || !schemas || !impl)
      throw new NotFound(`No route ${key} in ${feature} (${lambda})`);
    annotateRequest({
      routeKey: key,
      feature,
      applicationId:
        'param' in route.access || 'lodgedApplication' in route.access ? event.pathParameters?.id : undefined,
    });
    const caller = callerFor(route.access, event);
    // Access before the input: a caller without access gets the same 404 / 403 whatever they send.
    // A payer link's token is in the body (never a URL: logs keep those): its size is checked first.
    const maxBodyBytes = schemas.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const granted = await grantAccess(route.access, caller, event.pathParameters ?? {}, () => {
      assertBodyWithin(event, maxBodyBytes);
      const raw = readBody(event);
      return raw.ok ? raw.value : undefined;
    });
    assertBodyWithin(event, maxBodyBytes);
    const input = parseInput(schemas, event);
    let result: unknown;
    if (schemas.idempotent) {
      // Keys are per caller: a council client's (docs/council-api.md §3).
      const owner = caller.kind === 'council' ? caller.clientId : caller.kind === 'user' ? caller.userId : '';
      const raw = readBody(event);
      const request = idempotentRequest(event, raw.ok ? raw.value : undefined);
      const replay = async () => {
        const stored = await storedAnswer(owner, request);
        return stored && reply(stored.statusCode, stored.body, stored.headers);
      };
      result = await replay();
      if (result === undefined) {
        const idempotency = idempotencyOf(owner, request);
        try {
          result = await impl(
            { ...input, caller, ...granted, idempotency },
            { event, lambdaContext, logger },
          );
        } catch (err) {
          // A concurrent call with the same key committed first: answer what it answered.
          const winner = await replay();
          if (!winner) throw err;
          result = winner;
        }
      }
    } else {
      result = await impl({ ...input, caller, ...granted }, { event, lambdaContext, logger });
    }
    const res = toResponse(result);
    checkContract(key, schemas, res);
    return res;
  };
  // The shared chain (logger context, tracer subsegment, cold start), the council API's version
  // headers on every answer, then the error mapping.
  return portalHandler<HttpEvent, APIGatewayProxyResultV2>(base)
    .use(councilVersionHeaders(table))
    .use(httpErrorsAndAccessLog(feature));
}
