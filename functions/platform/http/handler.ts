import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { z } from 'zod';
import type { Resource } from '../../routes.js';
import type { FieldIssue } from '../../../shared/schemas/errors.js';
import { logger } from '../logger.js';
import { messages } from '../../../shared/domain/validation.js';
import { BadRequest, mapError, NotFound, Unauthorized } from '../errors.js';

/** The signed-in caller, from the JWT authorizer's claims. */
export interface Caller {
  userId: string;
  email?: string;
  username?: string;
}

export type CallerKind = 'public' | 'user';

/** An HTTP API v2 event, with the claims the JWT authorizer adds on protected routes. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: {
      jwt?: { claims?: Record<string, string | number | boolean | string[]>; scopes?: string[] | null };
    };
  };
};

export interface RequestContext {
  event: HttpEvent;
  lambdaContext: Context;
  logger: typeof logger;
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<K extends CallerKind, P, Q, B> {
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  caller: K extends 'user' ? Caller : Caller | undefined;
}

/** A non-200 success, e.g. `reply(201, dto)` or `reply(204)`. */
export class Reply {
  constructor(
    readonly statusCode: number,
    readonly body?: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
export const reply = (statusCode: number, body?: unknown, headers?: Record<string, string>) =>
  new Reply(statusCode, body, headers);

/** A non-JSON success (images): the body as given, base64-encoded bytes when `isBase64Encoded`. */
export class RawReply {
  constructor(
    readonly statusCode: number,
    readonly body: string,
    readonly headers: Record<string, string>,
    readonly isBase64Encoded: boolean,
  ) {}
}

/**
 * One route's implementation. `handle` returns the DTO (sent as 200 JSON) or a `Reply`.
 * Input that fails a schema never reaches `handle`.
 */
export interface RouteSpec<
  K extends CallerKind,
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
> {
  caller: K;
  params?: P;
  query?: Q;
  body?: B;
  handle(input: RouteInput<K, P, Q, B>, ctx: RequestContext): Promise<unknown>;
}

/** The erased form kept in a resource's impl map. */
export interface RouteImpl {
  caller: CallerKind;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  handle(input: ErasedInput, ctx: RequestContext): Promise<unknown>;
}

interface ErasedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  caller: Caller | undefined;
}

/** Declares a route implementation with its input types inferred from the schemas. */
export function route<
  K extends CallerKind,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<K, P, Q, B>): RouteImpl {
  return spec as unknown as RouteImpl;
}

/** routeKey → implementation, e.g. `{ 'GET /user': route({...}) }`. */
export type RouteImpls = Readonly<Record<string, RouteImpl>>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** Claims → caller; undefined when there is no subject. */
export function callerFromEvent(event: HttpEvent): Caller | undefined {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub.length === 0) return undefined;
  const caller: Caller = { userId: sub };
  if (typeof claims?.email === 'string') caller.email = claims.email;
  const username = claims?.['cognito:username'];
  if (typeof username === 'string') caller.username = username;
  return caller;
}

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
function parseInput(impl: RouteImpl, event: HttpEvent): { params: unknown; query: unknown; body: unknown } {
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
  if (issues.length > 0) throw new BadRequest(issues);
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

/** Maps any error to the one error body, logs 5xx with the stack, and logs routeKey and status. */
function httpErrorsAndAccessLog(): MiddlewareObj<HttpEvent, APIGatewayProxyResultV2> {
  return {
    after: (request) => {
      const res = request.response as APIGatewayProxyStructuredResultV2 | undefined;
      logger.info('request', { routeKey: request.event.routeKey, statusCode: res?.statusCode });
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
      request.response = {
        statusCode: mapped.statusCode,
        headers: JSON_HEADERS,
        body: JSON.stringify(mapped.body),
      };
    },
  };
}

/**
 * The Lambda handler of one resource module: logger context → dispatch on `routeKey` → caller from
 * the JWT claims (401 on a user route without them) → zod parsing of path, query and body (400 with
 * field issues) → the route's `handle` → JSON response. Every error becomes the one error body.
 */
export function createResourceHandler(resource: Resource, impls: RouteImpls) {
  const base = async (event: HttpEvent, lambdaContext: Context): Promise<APIGatewayProxyResultV2> => {
    const impl = Object.hasOwn(impls, event.routeKey) ? impls[event.routeKey] : undefined;
    if (!impl) throw new NotFound(`No route ${event.routeKey} in ${resource}`);
    const caller = callerFromEvent(event);
    if (impl.caller === 'user' && !caller) throw new Unauthorized();
    const input = parseInput(impl, event);
    const result = await impl.handle({ ...input, caller }, { event, lambdaContext, logger });
    return toResponse(result);
  };
  return middy<HttpEvent, APIGatewayProxyResultV2>(base)
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(httpErrorsAndAccessLog());
}
