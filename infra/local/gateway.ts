import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { PayloadTooLarge } from '../../functions/platform/errors';
import { API_GATEWAY_MAX_BODY_BYTES } from '../../functions/platform/http/body-limit';
import { mapError } from '../../functions/platform/http/errors';
import { lambdaId, matchRoute, routeKey, routes, type RouteDef } from '../../functions/routes';
import { localCouncilAuthorizer, routeScope } from './council-authorizer';
import { lambdaContext, type HandlerLoader } from './handlers';
import { HOST } from './ports';
import { closeServer, listen, sendJson, type Log } from './util';

/** The stage prefix: the deployed API's URL ends with /api as well. */
export const STAGE = 'api';

export interface LocalGateway {
  /** http://127.0.0.1:{port}/api */
  url: string;
  stop(): Promise<void>;
}

export type HttpEventV2 = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: {
      jwt: { claims: Record<string, string | number | boolean | string[]>; scopes: string[] | null };
    };
  };
};

type Handler = (
  event: HttpEventV2,
  context: unknown,
) => Promise<APIGatewayProxyStructuredResultV2 | string | object>;

const textTypes = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded)|.*\+json|.*\+xml)/i;

/** API Gateway's JWT authorizer: RS256 id token of this pool and app client. */
export function jwtAuthorizer(opts: { cognitoEndpoint: string; userPoolId: string; clientId: string }) {
  const issuer = `${opts.cognitoEndpoint}/${opts.userPoolId}`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  return async (authorization: string | undefined): Promise<JWTPayload | undefined> => {
    const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    if (!m?.[1]) return undefined;
    try {
      const { payload } = await jwtVerify(m[1], jwks, {
        issuer,
        audience: opts.clientId,
        algorithms: ['RS256'],
      });
      if (payload.token_use !== 'id') return undefined;
      return payload;
    } catch {
      return undefined;
    }
  };
}

/** Claims as the HTTP API JWT authorizer passes them: values flattened to strings/numbers. */
function toClaims(payload: JWTPayload): Record<string, string | number | boolean | string[]> {
  const out: Record<string, string | number | boolean | string[]> = {};
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    else if (Array.isArray(v)) out[k] = `[${v.join(' ')}]`;
    else out[k] = JSON.stringify(v);
  }
  return out;
}

export function buildEvent(opts: {
  req: IncomingMessage;
  body: Buffer;
  rawPath: string;
  rawQueryString: string;
  routeKey: string;
  pathParameters?: Record<string, string>;
  claims?: Record<string, string | number | boolean | string[]>;
  /** The token's scopes (a council access token), as `jwt.scopes`; null otherwise. */
  scopes?: string[];
}): HttpEventV2 {
  const { req } = opts;
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    const key = k.toLowerCase();
    if (key === 'cookie') {
      cookies.push(...String(v).split(/;\s*/).filter(Boolean));
      continue;
    }
    headers[key] = Array.isArray(v) ? v.join(',') : v;
  }
  const query = new URLSearchParams(opts.rawQueryString);
  const queryStringParameters: Record<string, string> = {};
  for (const key of new Set(query.keys())) queryStringParameters[key] = query.getAll(key).join(',');
  const contentType = headers['content-type'] ?? '';
  const hasBody = opts.body.length > 0;
  const isText = !contentType || textTypes.test(contentType);
  const now = new Date();
  const method = (req.method ?? 'GET').toUpperCase();
  const event: HttpEventV2 = {
    version: '2.0',
    routeKey: opts.routeKey,
    rawPath: opts.rawPath,
    rawQueryString: opts.rawQueryString,
    headers,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? `${HOST}`,
      domainPrefix: (headers.host ?? 'local').split('.')[0] ?? 'local',
      http: {
        method,
        path: opts.rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp:
          (headers['x-forwarded-for']?.split(',')[0]?.trim() || req.socket.remoteAddress) ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: opts.routeKey,
      stage: STAGE,
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      ...(opts.claims ? { authorizer: { jwt: { claims: opts.claims, scopes: opts.scopes ?? null } } } : {}),
    },
    isBase64Encoded: hasBody && !isText,
  };
  if (cookies.length) event.cookies = cookies;
  if (opts.rawQueryString) event.queryStringParameters = queryStringParameters;
  if (opts.pathParameters && Object.keys(opts.pathParameters).length)
    event.pathParameters = opts.pathParameters;
  if (hasBody) event.body = isText ? opts.body.toString('utf8') : opts.body.toString('base64');
  return event;
}

/**
 * The request body, or undefined when it is over `limit` bytes (declared or counted): then the rest
 * is read to nowhere (nothing kept), so the client can finish sending and read the 413.
 */
export function readBodyWithin(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    let over = Number.isFinite(declared) && declared > limit;
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** API Gateway's answer to a body over its 10 MB limit, in the portal's one error body. */
function sendTooLarge(res: ServerResponse, headers: Record<string, string>): void {
  const { statusCode, body } = mapError(new PayloadTooLarge(API_GATEWAY_MAX_BODY_BYTES));
  sendJson(res, statusCode, body, { ...headers, connection: 'close' });
}

/** Writes a Lambda proxy result back the way HTTP API (payload format 2.0) does. */
function writeResult(res: ServerResponse, result: unknown, extraHeaders: Record<string, string>): void {
  if (
    typeof result === 'string' ||
    result === null ||
    result === undefined ||
    typeof result !== 'object' ||
    !('statusCode' in result)
  ) {
    // Format 2.0 infers a 200 JSON response from a result without statusCode.
    const text = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    res.writeHead(200, { 'content-type': 'application/json', ...extraHeaders });
    res.end(text);
    return;
  }
  const r = result as APIGatewayProxyStructuredResultV2;
  const headers: Record<string, string | string[]> = { ...extraHeaders };
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (r.cookies?.length) headers['set-cookie'] = r.cookies;
  const body =
    r.body === undefined
      ? Buffer.alloc(0)
      : r.isBase64Encoded
        ? Buffer.from(r.body, 'base64')
        : Buffer.from(r.body);
  if (!headers['content-type'] && body.length) headers['content-type'] = 'application/json';
  res.writeHead(r.statusCode ?? 200, headers);
  res.end(body);
}

export async function startGateway(opts: {
  port: number;
  corsOrigins: string[];
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  /** The council pool: council routes verify its access tokens (without it they answer 401). */
  council?: { userPoolId: string; listClientIds: () => Promise<string[]> };
  /** The route table (default functions/routes.ts; tests serve their own). */
  routes?: readonly RouteDef[];
  handlers: HandlerLoader;
  log: Log;
  /** Called after every handler invocation (the stream poller polls at once: events may be written). */
  afterInvoke?: () => void;
}): Promise<LocalGateway> {
  const authorize = jwtAuthorizer(opts);
  const table: readonly RouteDef[] = opts.routes ?? routes;
  const authorizeCouncil = opts.council
    ? localCouncilAuthorizer({
        cognitoEndpoint: opts.cognitoEndpoint,
        councilUserPoolId: opts.council.userPoolId,
        listClientIds: opts.council.listClientIds,
      })
    : undefined;
  if (!authorizeCouncil) {
    for (const r of table.filter((rt) => rt.caller === 'council')) {
      opts.log(`${routeKey(r)}: no council pool given; the route answers 401`);
    }
  }
  const cors = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (!origin || !opts.corsOrigins.includes(origin)) return {};
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'etag, x-amzn-requestid',
      vary: 'origin',
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const apigwId = randomUUID();
    const baseHeaders = { ...cors(req), 'apigw-requestid': apigwId };

    // CORS preflight, answered by the gateway as HTTP API does when CORS is configured.
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(204, {
        ...cors(req),
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
        'access-control-allow-headers':
          'authorization, content-type, if-match, if-none-match, x-requested-with',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }

    // A body over API Gateway's limit is refused before routing or authorizing, as the deployed
    // gateway does (there with its own body; here with the portal's, which the web reads).
    if (Number(req.headers['content-length']) > API_GATEWAY_MAX_BODY_BYTES) {
      await readBodyWithin(req, 0);
      sendTooLarge(res, baseHeaders);
      return;
    }

    const prefix = `/${STAGE}`;
    if (url.pathname !== prefix && !url.pathname.startsWith(prefix + '/')) {
      sendJson(res, 404, { message: 'Not Found' }, baseHeaders);
      return;
    }
    const rawPath = url.pathname.slice(prefix.length) || '/';
    const match = matchRoute(method, rawPath, table);
    if (!match) {
      sendJson(res, 404, { message: 'Not Found' }, baseHeaders);
      return;
    }
    const { route, pathParameters } = match;
    let claims: Record<string, string | number | boolean | string[]> | undefined;
    let scopes: string[] | undefined;
    if (route.caller === 'council') {
      // The council pool's JWT authorizer (infra/local/council-authorizer.ts); without it, closed.
      const verdict = authorizeCouncil
        ? await authorizeCouncil(req.headers.authorization, routeScope(route))
        : undefined;
      if (!verdict?.ok) {
        const refusal = verdict ?? { status: 401, headers: {}, body: { message: 'Unauthorized' } };
        sendJson(res, refusal.status, refusal.body, { ...baseHeaders, ...refusal.headers });
        return;
      }
      claims = verdict.claims;
      scopes = verdict.scopes;
    }
    if (route.caller === 'user') {
      const payload = await authorize(req.headers.authorization);
      if (!payload) {
        sendJson(res, 401, { message: 'Unauthorized' }, { ...baseHeaders, 'www-authenticate': 'Bearer' });
        return;
      }
      claims = toClaims(payload);
    }
    const body = await readBodyWithin(req, API_GATEWAY_MAX_BODY_BYTES);
    if (body === undefined) {
      sendTooLarge(res, baseHeaders);
      return;
    }
    const rawQueryString = url.search.startsWith('?') ? url.search.slice(1) : url.search;
    const event = buildEvent({
      req,
      body,
      rawPath,
      rawQueryString,
      routeKey: routeKey(route),
      pathParameters,
      claims,
      scopes,
    });
    let result: unknown;
    try {
      const handler = await opts.handlers.load<Handler>(`${route.feature}/${route.lambda}`);
      result = await handler(
        event,
        lambdaContext(`consent-portal-${lambdaId(route)}`, event.requestContext.requestId),
      );
    } catch (err) {
      // An uncaught error in a Lambda: HTTP API answers 500 Internal Server Error.
      opts.log(`${routeKey(route)} failed: ${String((err as Error)?.stack ?? err)}`);
      sendJson(res, 500, { message: 'Internal Server Error' }, baseHeaders);
      return;
    } finally {
      opts.afterInvoke?.();
    }
    writeResult(res, result, baseHeaders);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      opts.log(`gateway error: ${String((err as Error)?.stack ?? err)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    });
  });
  await listen(server, opts.port, HOST);
  // Port 0 (tests): the one the system chose.
  const { port } = server.address() as AddressInfo;
  return { url: `http://${HOST}:${port}/${STAGE}`, stop: () => closeServer(server) };
}
