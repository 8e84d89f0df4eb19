import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { MiddlewareObj, MiddyfiedHandler } from '@middy/core';
import type { Context } from 'aws-lambda';
import { createRequire } from 'node:module';
import { DomainError, type DomainErrorKind } from '../errors.js';
import { logger } from '../logger.js';
import { countColdStart } from './metrics.js';

/**
 * The one Powertools Tracer of a Lambda (module scope; docs/tracing.md). Active X-Ray
 * tracing is on for every deployed function (infra/constructs/portal-function.ts); the tracer
 * switches itself off outside Lambda (no AWS_EXECUTION_ENV: the local stack, tests), silently.
 *
 * What a trace may hold — never personal data:
 * - annotations: the route key, the feature and a numeric application id (`annotateRequest`), plus
 *   Powertools' own ColdStart and Service. Nothing else is annotated.
 * - no responses: answers carry names and emails. The handler middleware is told not to capture
 *   them, and `addResponseAsMetadata` is a no-op here, whatever the environment says.
 * - errors as a flag only: an error's message can quote its input (SES names the address it
 *   refused, a parser the text it choked on), so `addErrorAsMetadata` marks the segment as failed
 *   and adds nothing; the error itself is in the structured log, which carries the trace id.
 * - no outgoing-HTTP capture: a subsegment of a `fetch` or `https` call records its full URL (a
 *   council's webhook URL, the card gateway's session URLs, a token in a query string), so the
 *   global http/https/fetch patch is off. AWS SDK calls are captured (`captureAWSv3Client` in
 *   functions/platform/adapters/aws/*.ts): X-Ray keeps the operation, region and request id, plus
 *   its allow-listed parameters (DynamoDB table names, S3 bucket and key — our keys are generated
 *   ids — Lambda function names), never an item, a message or an email body.
 */
type PortalTracer = import('./xray-tracer.js').PortalTracer;

let loaded: PortalTracer | undefined;
let loading: Promise<PortalTracer> | undefined;

const serverKinds = new Set<DomainErrorKind>(['upstream', 'unavailable', 'internal']);

/** A domain error answered with a 4xx: the caller's (X-Ray's `error` flag, not `fault`). */
const isCallerError = (error: Error) => error instanceof DomainError && !serverKinds.has(error.kind);

/**
 * The tracer's module. In a bundle (index.mjs) it is xray-tracer.js beside it, CommonJS, not part of
 * it (infra/constructs/tracer-bundle.ts; esbuild keeps the import below external): required, which
 * costs about a third of what an `import()` of the same file does (≈ 35 against ≈ 100 ms CPU,
 * docs/tracing.md "Cold-start cost"). From the TypeScript source (local stack, tests), imported.
 */
function tracerModule(): Promise<typeof import('./xray-tracer.js')> {
  if (import.meta.url.endsWith('.mjs'))
    return Promise.resolve().then(
      () => createRequire(import.meta.url)('./xray-tracer.js') as typeof import('./xray-tracer.js'),
    );
  return import('./xray-tracer.js');
}

/**
 * Loads the tracer (and the X-Ray SDK) once. The SDK's import and its async hooks cost about 40 ms
 * of CPU and slow every module evaluated after them, so it is not part of module init: the handler
 * wrapper loads it before the first invocation runs, in a Lambda with tracing on only (Powertools'
 * own rule: AWS_EXECUTION_ENV set, not SAM, POWERTOOLS_TRACE_ENABLED not false). Tests load it
 * themselves. AWS SDK clients are created on first use, inside an invocation, so they are captured.
 */
export function loadTracer(): Promise<PortalTracer> {
  return (loading ??= tracerModule().then((m) => (loaded = m.createTracer({ isCallerError }))));
}

const tracingWanted = () =>
  !!process.env.AWS_EXECUTION_ENV &&
  !process.env.AWS_SAM_LOCAL &&
  process.env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false';

/** What the adapters use: an AWS SDK v3 client captured once the tracer is loaded (as it is in an invocation). */
export const tracer = {
  captureAWSv3Client<T>(client: T): T {
    return loaded ? loaded.captureAWSv3Client(client) : client;
  },
};

/** The annotation keys a request may set (a test pins that nothing else is put on a trace). */
export const requestAnnotationKeys = ['routeKey', 'feature', 'applicationId'] as const;

/** Application ids are numeric (shared/schemas/common.ts `Id`); anything else is not annotated. */
const APPLICATION_ID = /^\d{1,15}$/;

/**
 * Annotates the current trace with what a request is about: its route key and feature and, when
 * the route names an application, its id (only when numeric, so no free text from a URL can land
 * on a trace).
 */
export function annotateRequest(a: { routeKey?: string; feature?: string; applicationId?: unknown }) {
  if (!loaded) return;
  if (a.routeKey) loaded.putAnnotation('routeKey', a.routeKey);
  if (a.feature) loaded.putAnnotation('feature', a.feature);
  if (typeof a.applicationId === 'string' && APPLICATION_ID.test(a.applicationId))
    loaded.putAnnotation('applicationId', a.applicationId);
}

/** Powertools' handler subsegment (no response capture), once the tracer is loaded. */
function tracing(): MiddlewareObj<unknown, unknown, Error, Context> {
  let mw: MiddlewareObj<unknown, unknown, Error, Context> | undefined;
  const capture = () =>
    loaded && (mw ??= captureLambdaHandler(loaded, { captureResponse: false }) as unknown as typeof mw);
  return {
    before: async (request) => {
      if (!loaded && tracingWanted()) await loadTracer();
      await capture()?.before?.(request);
    },
    after: async (request) => {
      await capture()?.after?.(request);
    },
    onError: async (request) => {
      await capture()?.onError?.(request);
    },
  };
}

/** Counts the function's cold start (Powertools' ColdStart metric), once per execution environment. */
function coldStart(): MiddlewareObj<unknown, unknown, Error, Context> {
  return {
    before: (request) => countColdStart(request.context?.functionName),
  };
}

/**
 * Every Lambda's middy chain in one place: the logger's Lambda context (keys reset per
 * invocation), the tracer's handler subsegment (no response capture), the cold-start count. HTTP
 * handlers (../http/handler.ts) add their error mapping on top; every other handler (stream,
 * Cognito triggers, S3, Step Functions tasks, schedules) is `portalHandler(fn)`.
 */
export function portalHandler<E, R>(fn: (event: E, context: Context) => Promise<R>): PortalHandler<E, R> {
  return middy<E, R, Error, Context>(fn)
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(tracing() as MiddlewareObj<E, R, Error, Context>)
    .use(coldStart() as MiddlewareObj<E, R, Error, Context>) as PortalHandler<E, R>;
}

/** A wrapped handler; the context may be left out (the local stack's and tests' direct calls: middy uses `{}`). */
export type PortalHandler<E, R> = MiddyfiedHandler<E, R, Error, Context> &
  ((event: E, context?: Context) => Promise<R>);
