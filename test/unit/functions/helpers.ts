import type { Context } from 'aws-lambda';
import type { HttpEvent } from '../../../functions/platform/http/handler.js';

export const lambdaContext = {
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'test-fn',
  functionVersion: '1',
  invokedFunctionArn: 'arn:aws:lambda:ap-southeast-2:123456789012:function:test-fn',
  memoryLimitInMB: '256',
  awsRequestId: 'req-1',
  logGroupName: '/aws/lambda/test-fn',
  logStreamName: 's',
  getRemainingTimeInMillis: () => 30_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
} as Context;

export interface EventOptions {
  pathParameters?: Record<string, string>;
  queryStringParameters?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  claims?: Record<string, string>;
}

/** An HTTP API v2 event for a routeKey like `GET /user/applications/{id}`. */
export function httpEvent(routeKey: string, opts: EventOptions = {}): HttpEvent {
  const [method = 'GET', path = '/'] = routeKey.split(' ');
  const event: HttpEvent = {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'example.test',
      domainPrefix: 'example',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'r1',
      routeKey,
      stage: '$default',
      time: '01/Jan/2025:00:00:00 +0000',
      timeEpoch: 0,
      ...(opts.claims ? { authorizer: { jwt: { claims: opts.claims, scopes: null } } } : {}),
    },
  };
  if (opts.pathParameters) event.pathParameters = opts.pathParameters;
  if (opts.queryStringParameters) event.queryStringParameters = opts.queryStringParameters;
  if (opts.rawBody !== undefined) event.body = opts.rawBody;
  else if (opts.body !== undefined) event.body = JSON.stringify(opts.body);
  return event;
}

export const userClaims = (sub = 'user-1') => ({
  sub,
  email: 'ana@example.nz',
  'cognito:username': sub,
  token_use: 'id',
});

/** Narrows a handler result to the structured shape and parses its JSON body. */
export function parseResponse(res: unknown): {
  statusCode: number;
  headers: Record<string, unknown>;
  body: unknown;
} {
  const r = res as { statusCode: number; headers?: Record<string, unknown>; body?: string };
  return {
    statusCode: r.statusCode,
    headers: r.headers ?? {},
    body: r.body === undefined ? undefined : (JSON.parse(r.body) as unknown),
  };
}
