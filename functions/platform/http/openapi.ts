import * as z from 'zod';
import type { RouteDef } from '../../routes.js';
import { routeKey } from '../../routes.js';
import { ErrorBody } from '../../../shared/schemas/errors.js';
import { councilScopes, scopeClaim } from '../../../shared/schemas/council-scopes.js';
import type { RouteSchemas } from './handler.js';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema (draft 2020-12, which OpenAPI 3.1 uses), as a request or a response. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
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
  '500': 'Server error',
} as const;

/**
 * The OpenAPI 3.1 document of the API: every route of the table with its request and response
 * schemas from its feature's contract. Served at GET /public/openapi.json and written by
 * `npm run openapi` (docs/openapi.json).
 */
export function buildOpenApi(
  routes: readonly RouteDef[],
  contracts: Partial<Record<string, Readonly<Record<string, RouteSchemas>>>>,
  info: { version: string; serverUrl?: string; councilTokenUrl?: string } = { version: '0.1.0' },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const key = routeKey(route);
    const schemas = contracts[route.feature]?.[key];
    if (!schemas) throw new Error(`No contract for ${key} (${route.feature})`);
    const status = String(schemas.status ?? 200);
    const success: JsonSchema = { description: 'Success' };
    if (schemas.response)
      success.content = { 'application/json': { schema: jsonSchema(schemas.response, 'output') } };
    else if (schemas.raw)
      success.content = Object.fromEntries(
        schemas.raw.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]),
      );
    const errors = Object.fromEntries(
      Object.entries(ERROR_RESPONSES)
        .filter(([code]) => route.caller !== 'public' || (code !== '401' && code !== '403'))
        .map(([code, description]) => [code, { $ref: `#/components/responses/E${code}`, description }]),
    );
    const operation: JsonSchema = {
      operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''),
      tags: [route.feature],
      ...(schemas.summary ? { summary: schemas.summary } : {}),
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
        content: { 'application/json': { schema: jsonSchema(schemas.body, 'input') } },
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
        "The building-consent portal's HTTP API. Signed-in routes take a Cognito id token as a Bearer token; `x-access` says what the caller needs on which resource.",
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
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
      schemas: { ErrorBody: errorBody },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([code, description]) => [
          `E${code}`,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
          },
        ]),
      ),
    },
  };
}
