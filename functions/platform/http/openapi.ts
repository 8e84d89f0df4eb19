import * as z from 'zod';
import type { RouteDef } from '../../routes.js';
import { routeKey } from '../../routes.js';
import { ErrorBody, errorMessages } from '../../../shared/schemas/errors.js';
import { councilScopes, scopeClaim } from '../../../shared/schemas/council-scopes.js';
import type { RouteSchemas } from './handler.js';
import recordedExamples from './openapi-examples.json' with { type: 'json' };
import { COUNCIL_API_VERSION, councilDeprecations } from './versioning.js';
import { councilClientRate } from '../token-bucket.js';
import { rateLimitedRoutes } from '../rate-limit-settings.js';

type JsonSchema = Record<string, unknown>;

/**
 * The definitions that recursive schemas (the Form.io component tree) refer to, gathered from every
 * schema of the document into `components/schemas` (zod puts them in a schema-local `$defs` whose
 * `#/$defs/…` references resolve nowhere in an OpenAPI document).
 */
type Definitions = Map<string, JsonSchema>;

/** Rewrites `#/$defs/<name>` references to their component (`renamed` maps a local name to it). */
function relink(value: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => relink(v, renamed));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
        const local = v.slice('#/$defs/'.length);
        return [k, `#/components/schemas/${renamed.get(local) ?? local}`];
      }
      return [k, relink(v, renamed)];
    }),
  );
}

/**
 * A zod schema as JSON Schema (draft 2020-12, which OpenAPI 3.1 uses), as a request or a response.
 * Its `$defs` move to `definitions` under their names (a recursive schema names itself with
 * `meta({ id })`, e.g. `FormioComponent`); a different definition under a taken name gets a
 * numbered one.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', definitions?: Definitions): JsonSchema {
  const {
    $schema: _drop,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  if (!$defs || !definitions) return rest;
  const renamed = new Map<string, string>();
  for (const [local, def] of Object.entries($defs as Record<string, JsonSchema>)) {
    const text = JSON.stringify(def);
    let name = local.replace(/[^A-Za-z0-9._-]/g, '');
    for (let n = 2; definitions.has(name) && JSON.stringify(definitions.get(name)) !== text; n++)
      name = `${local}${n}`;
    renamed.set(local, name);
  }
  for (const [local, def] of Object.entries($defs as Record<string, JsonSchema>)) {
    const name = renamed.get(local)!;
    if (!definitions.has(name)) definitions.set(name, relink(def, renamed) as JsonSchema);
  }
  return relink(rest, renamed) as JsonSchema;
}

/**
 * A route's operation id: the method, then the path with `/` as `_` and each brace as `~`
 * (`GET /user/applications/{id}` → `get_user_applications_~id~`). Paths use only letters, digits,
 * `-`, `.`, `/` and braces (a unit test holds them to it), so the mapping is one-to-one: two routes
 * can never share an id, and every id is URL-safe.
 */
export function operationIdOf(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method.toLowerCase()}${route.path.replace(/\//g, '_').replace(/[{}]/g, '~')}`;
}

/** The properties of an object schema (path and query parameters). */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input');
  const props = collectProperties(json);
  return Object.entries(props.properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || props.required.includes(name),
    schema: s,
  }));
}

/** Properties of an object schema, or of each part of an intersection (allOf). */
function collectProperties(json: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  const properties: Record<string, JsonSchema> = {
    ...((json.properties as Record<string, JsonSchema>) ?? {}),
  };
  const required = [...((json.required as string[]) ?? [])];
  for (const part of (json.allOf as JsonSchema[] | undefined) ?? []) {
    const inner = collectProperties(part);
    Object.assign(properties, inner.properties);
    required.push(...inner.required);
  }
  return { properties, required };
}

/** The header every idempotent write needs (docs/council-api.md §3). */
const IDEMPOTENCY_PARAMETER: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description: 'A new key per change (a UUID); the same key with the same request replays the answer',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const ERROR_RESPONSES = {
  '400': 'Bad input: the field issues are in `details`',
  '401': 'No valid identity',
  '403': 'Not allowed',
  '404': 'Not found, or not visible to the caller',
  '409': 'Conflicts with the current state',
  '413': "The request body is over the route's cap (details: `body`)",
  '429': 'Too many requests: wait the `Retry-After` seconds, then try again',
  '500': 'Server error',
} as const;

/** 401 and 403 come from the gateway's authorizer (`{ message }`) or from the portal (the error body). */
const errorSchemaOf = (code: string): JsonSchema =>
  code === '401' || code === '403'
    ? { anyOf: [{ $ref: '#/components/schemas/ErrorBody' }, { $ref: '#/components/schemas/GatewayError' }] }
    : { $ref: '#/components/schemas/ErrorBody' };

const RETRY_AFTER_HEADER = {
  'Retry-After': { description: 'Seconds until a call may succeed', schema: { type: 'integer', minimum: 1 } },
};

type ErrorStatus = keyof typeof ERROR_RESPONSES;

/**
 * The error statuses a route can answer, from its declaration (the route table, its contract and
 * the named limits), each with the error body: 400 when it takes path parameters, a query, a body
 * or an Idempotency-Key; 401 and 403 unless it is public; 404 when it names something (path
 * parameters, a query or a body) and on every GET or DELETE (a resource that may not exist,
 * e.g. a council's webhook before one is set); 409 on a write (any method but GET); 413 when it takes a body;
 * 429 on council routes (every client's token bucket) and on routes of a named limit
 * ({@link rateLimitedRoutes}); 500 always.
 */
export function errorStatusesOf(
  route: Pick<RouteDef, 'method' | 'path' | 'caller' | 'access'>,
  schemas: Pick<RouteSchemas, 'params' | 'query' | 'body' | 'idempotent'>,
): ErrorStatus[] {
  const hasIds = /\{[^}]+\}/.test(route.path) || schemas.params !== undefined;
  const names = hasIds || schemas.query !== undefined || schemas.body !== undefined;
  // A read or a removal of a resource that may not exist (GET /council/webhook before one is set);
  // every operation answers some 4xx (Redocly's operation-4xx-response).
  const mayBeMissing = names || route.method === 'GET' || route.method === 'DELETE';
  const limited =
    'scope' in route.access ||
    Object.values(rateLimitedRoutes).some((keys) => (keys as readonly string[]).includes(routeKey(route)));
  const statuses: [ErrorStatus, boolean][] = [
    ['400', names || schemas.idempotent === true],
    ['401', route.caller !== 'public'],
    ['403', route.caller !== 'public'],
    ['404', mayBeMissing],
    ['409', route.method !== 'GET'],
    ['413', schemas.body !== undefined],
    ['429', limited],
    ['500', true],
  ];
  return statuses.filter(([, applies]) => applies).map(([code]) => code);
}

/** The header every answer to a council client carries (functions/platform/http/versioning.ts). */
const COUNCIL_VERSION_HEADER = {
  'Council-API-Version': {
    description: 'The version of the council API that answered (docs/council-api.md "Versions")',
    schema: { type: 'string', example: COUNCIL_API_VERSION },
  },
};

/** What a council developer reads first: versions and limits. */
const COUNCIL_POLICY = [
  `Council routes (\`/council/*\`) are version ${COUNCIL_API_VERSION} of the council API: every answer carries \`Council-API-Version\`. Within a version, changes are additive only; a route being retired answers \`Deprecation\` and \`Sunset\` headers at least six months ahead, and every change is in docs/council-api-changelog.md.`,
  `Each council client has a token bucket of ${councilClientRate.burst} calls refilled at ${councilClientRate.perSecond} a second; over it, 429 with \`Retry-After\` (seconds).`,
].join(' ');

/** One operation's recorded examples (functions/platform/http/openapi-examples.json, `npm run council-examples`). */
export interface OperationExamples {
  request?: unknown;
  responses: Record<string, unknown>;
}

/** The council operations' examples, as recorded from the council tests. */
export const councilExamples = recordedExamples as Record<string, OperationExamples>;

/** An error body for a status no recording answered (the mapper's own words: ./errors.ts). */
const FALLBACK_ERROR_EXAMPLES: Record<string, unknown> = {
  '500': { code: 'ServerError', message: errorMessages.ServerError },
};

/**
 * The OpenAPI 3.1 document of the API: every route of the table with its request and response
 * schemas from its feature's contract. Served at GET /public/openapi.json and written by
 * `npm run openapi` (docs/openapi.json).
 */
export function buildOpenApi(
  routes: readonly RouteDef[],
  contracts: Partial<Record<string, Readonly<Record<string, RouteSchemas>>>>,
  info: { version: string; serverUrl?: string; councilTokenUrl?: string } = { version: '0.1.0' },
  examples: Readonly<Record<string, OperationExamples>> = councilExamples,
): JsonSchema {
  // Per error status, the first recorded answer of any operation: the shared response's example.
  const errorExamples: Record<string, unknown> = { ...FALLBACK_ERROR_EXAMPLES };
  for (const [, ex] of Object.entries(examples).sort(([a], [b]) => a.localeCompare(b)))
    for (const [status, body] of Object.entries(ex.responses))
      if (Number(status) >= 400 && !(status in errorExamples)) errorExamples[status] = body;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const definitions: Definitions = new Map();
  for (const route of routes) {
    const key = routeKey(route);
    const schemas = contracts[route.feature]?.[key];
    if (!schemas) throw new Error(`No contract for ${key} (${route.feature})`);
    const status = String(schemas.status ?? 200);
    const success: JsonSchema = { description: 'Success' };
    if (schemas.response)
      success.content = {
        'application/json': { schema: jsonSchema(schemas.response, 'output', definitions) },
      };
    else if (schemas.raw)
      success.content = Object.fromEntries(
        schemas.raw.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]),
      );
    const council = 'scope' in route.access;
    const recorded = examples[key];
    if (recorded && success.content && status in recorded.responses)
      (success.content as Record<string, JsonSchema>)['application/json']!.example =
        recorded.responses[status];
    // An error this operation was seen to answer gets its own example; the others share theirs.
    const errors = Object.fromEntries(
      errorStatusesOf(route, schemas)
        .map((code) => [code, ERROR_RESPONSES[code]] as const)
        .map(([code, description]) => [
          code,
          recorded && code in recorded.responses
            ? {
                description,
                ...(code === '429' ? { headers: RETRY_AFTER_HEADER } : {}),
                content: {
                  'application/json': { schema: errorSchemaOf(code), example: recorded.responses[code] },
                },
              }
            : { $ref: `#/components/responses/E${code}`, description },
        ]),
    );
    if (council) success.headers = COUNCIL_VERSION_HEADER;
    const deprecation = councilDeprecations[key as keyof typeof councilDeprecations];
    const operation: JsonSchema = {
      operationId: operationIdOf(route),
      tags: [route.feature],
      ...(schemas.summary ? { summary: schemas.summary } : {}),
      ...(deprecation ? { deprecated: true } : {}),
      parameters: [
        ...parametersOf(schemas.params, 'path'),
        ...parametersOf(schemas.query, 'query'),
        ...(schemas.idempotent ? [IDEMPOTENCY_PARAMETER] : []),
      ],
      responses: { [status]: success, ...errors },
      ...(route.caller === 'public' ? { security: [] } : {}),
      // Council routes: a client-credentials token of the council pool with the route's scope.
      ...('scope' in route.access ? { security: [{ councilOAuth: [scopeClaim(route.access.scope)] }] } : {}),
      'x-access': route.access,
    };
    if (schemas.body)
      operation.requestBody = {
        required: true,
        content: {
          'application/json': {
            schema: jsonSchema(schemas.body, 'input', definitions),
            ...(recorded?.request !== undefined ? { example: recorded.request } : {}),
          },
        },
      };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  const errorBody = jsonSchema(ErrorBody, 'output');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Consent Portal API',
      version: info.version,
      description:
        "The building-consent portal's HTTP API. Signed-in routes take a Cognito id token as a Bearer token; `x-access` says what the caller needs on which resource. Council back offices: start with docs/council-quickstart.md. " +
        COUNCIL_POLICY,
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Consent Portal operators', email: 'api@consent-portal.example.nz' },
    },
    servers: info.serverUrl
      ? [{ url: info.serverUrl }]
      : [
          {
            url: 'https://{host}/api',
            description: 'A deployed stage: its CloudFront domain (the API is served under /api)',
            variables: { host: { default: 'consent-portal.example.nz' } },
          },
          {
            url: 'http://127.0.0.1:{port}/api',
            description: 'The local stack (`npm start`; the port is PORT_BASE, default 4000)',
            variables: { port: { default: '4000' } },
          },
        ],
    security: [{ cognito: [] }],
    paths,
    components: {
      securitySchemes: {
        cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        councilOAuth: {
          type: 'oauth2',
          description: 'A council back office: OAuth 2.0 client credentials of the council pool',
          flows: {
            clientCredentials: {
              tokenUrl: info.councilTokenUrl ?? '/oauth2/token',
              scopes: Object.fromEntries(councilScopes.map((s) => [scopeClaim(s), s])),
            },
          },
        },
      },
      schemas: {
        ErrorBody: errorBody,
        GatewayError: {
          type: 'object',
          description:
            "API Gateway's own answer when a token is missing, invalid or lacks the route's scope (before any function runs)",
          properties: { message: { type: 'string' } },
          required: ['message'],
        },
        ...Object.fromEntries(definitions),
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([code, description]) => [
          `E${code}`,
          {
            description,
            ...(code === '429' ? { headers: RETRY_AFTER_HEADER } : {}),
            content: {
              'application/json': {
                schema: errorSchemaOf(code),
                ...(code in errorExamples ? { example: errorExamples[code] } : {}),
              },
            },
          },
        ]),
      ),
    },
  };
}
