import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { MiddlewareObj, MiddyfiedHandler } from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '../logger.js';
import { DomainError } from '../errors.js';
import type { DomainErrorKind } from '../errors.js';
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
const serverKinds = new Set<DomainErrorKind>(['upstream', 'unavailable', 'internal']);

class PortalTracer extends Tracer {
  /** Never: responses carry personal data. */
  public override addResponseAsMetadata(): void {}

  /**
   * The failure flag only, never the error's message or stack (see above): `error` for what the
   * caller did wrong (a domain error answered with a 4xx), `fault` for everything else.
   */
  public override addErrorAsMetadata(error: Error): void {
    if (!this.isTracingEnabled()) return;
    const segment = this.getSegment();
    if (!segment) return;
    if (error instanceof DomainError && !serverKinds.has(error.kind)) segment.addErrorFlag();
    else segment.addFaultFlag();
  }
}

export const tracer = new PortalTracer({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'consent-portal',
  captureHTTPsRequests: false,
});

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
  if (a.routeKey) tracer.putAnnotation('routeKey', a.routeKey);
  if (a.feature) tracer.putAnnotation('feature', a.feature);
  if (typeof a.applicationId === 'string' && APPLICATION_ID.test(a.applicationId))
    tracer.putAnnotation('applicationId', a.applicationId);
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
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .use(coldStart() as MiddlewareObj<E, R, Error, Context>) as PortalHandler<E, R>;
}

/** A wrapped handler; the context may be left out (the local stack's and tests' direct calls: middy uses `{}`). */
export type PortalHandler<E, R> = MiddyfiedHandler<E, R, Error, Context> &
  ((event: E, context?: Context) => Promise<R>);
