/**
 * The malformed requests of the fuzz pass (test/support/fuzz.ts): the operations of the OpenAPI
 * document and, for each, fast-check arbitraries of requests its schemas refuse.
 */
import fc from 'fast-check';
import * as z from 'zod';
import { contracts } from '../../functions/contracts';
import { buildOpenApi } from '../../functions/platform/http/openapi';
import type { RouteSchemas } from '../../functions/platform/http/handler';
import { routeKey, routes, type RouteDef } from '../../functions/routes';

type Json = Record<string, unknown>;

export interface FuzzOperation {
  route: RouteDef;
  key: string;
  /** The OpenAPI operation object (parameters, requestBody). */
  operation: Json;
  schemas: RouteSchemas;
}

export interface FuzzRequest {
  method: string;
  /** The path below the API URL, parameters already encoded. */
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  body?: string;
  /** What is broken, e.g. `body:wrong-type:name`, `path:junk`. */
  kind: string;
}

/** Every operation of the OpenAPI document, with its route and its contract's zod schemas. */
export function fuzzOperations(): FuzzOperation[] {
  const doc = buildOpenApi(routes, contracts as never) as { paths: Record<string, Record<string, Json>> };
  return (routes as readonly RouteDef[]).map((route) => {
    const key = routeKey(route);
    const schemas = (contracts as Record<string, Record<string, RouteSchemas>>)[route.feature]![key]!;
    const operation = doc.paths[route.path]![route.method.toLowerCase()]!;
    return { route, key, operation, schemas };
  });
}

// ---------------------------------------------------------------------------------------------
// Values

/** Path segments that name nothing, each a classic of path handling. */
const JUNK_SEGMENTS = [
  '%00',
  '..',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%2F',
  'null',
  'undefined',
  '-1',
  '0',
  '%',
  '%ZZ',
  'a'.repeat(2048),
  '%F0%9F%98%80',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  "'%20OR%201%3D1%20--",
  '%24%7Bjndi%3Aldap%3A%2F%2Fx%7D',
  '%0d%0aSet-Cookie%3A%20x%3D1',
  '%E0%A4%A',
  '%C0%AF',
];

const junkSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...JUNK_SEGMENTS),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s)),
  fc.uuid(),
  fc.integer({ min: -1e9, max: 1e12 }).map(String),
);

/** Values of every JSON type; each property gets one its schema refuses (the zod filter keeps those). */
const WRONG_VALUES: unknown[] = [
  12345,
  -1,
  1.5,
  1e308,
  true,
  null,
  'wrong',
  '',
  [],
  [1, 'two', null],
  {},
  { nested: { deeper: [] } },
  'x'.repeat(20_000),
  '\u0000\ud800\uffff',
  '2026-13-45T99:99:99Z',
];

/** Query values that are the wrong type or range for most parameters. */
const JUNK_QUERY = [
  'abc',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(40),
  '',
  'true',
  'Nope',
  '%00',
  'x'.repeat(3000),
  '[]',
  '{"a":1}',
  '😀',
];

function propertiesOf(schema: Json | undefined): { props: Record<string, Json>; required: string[] } {
  if (!schema) return { props: {}, required: [] };
  const props: Record<string, Json> = { ...((schema.properties as Record<string, Json>) ?? {}) };
  const required = [...((schema.required as string[]) ?? [])];
  for (const part of (schema.allOf as Json[] | undefined) ?? []) {
    const inner = propertiesOf(part);
    Object.assign(props, inner.props);
    required.push(...inner.required);
  }
  return { props, required };
}

/** A value of the property's own type (the base a single fault is put into). */
function plausible(schema: Json): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return typeof schema.minLength === 'number' ? 'x'.repeat(schema.minLength as number) : 'x';
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'null':
      return null;
    default:
      return 'x';
  }
}

const NOT_JSON = [
  '{',
  '{"a":',
  "{'single':'quotes'}",
  '[1,2',
  'NaN',
  '<xml/>',
  'null,',
  '\u0000',
  '{"a":1}}',
  '',
];

/** A JSON text nested `depth` deep under the body's first property (or at its root). */
const nested = (depth: number, key?: string) =>
  key === undefined
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `{${JSON.stringify(key)}:${'['.repeat(depth)}${']'.repeat(depth)}}`;

interface BodyCase {
  kind: string;
  text: string;
}

/** Bodies the route's body schema refuses (every case is checked against the zod schema). */
function malformedBody(op: FuzzOperation): fc.Arbitrary<BodyCase> {
  const schema = op.schemas.body!;
  const json = (op.operation.requestBody as Json | undefined)?.content as Json | undefined;
  const bodySchema = (json?.['application/json'] as Json | undefined)?.schema as Json | undefined;
  const { props, required } = propertiesOf(bodySchema);
  const keys = Object.keys(props);
  const base = () => Object.fromEntries(keys.map((k) => [k, plausible(props[k]!)]));
  const cases: fc.Arbitrary<BodyCase>[] = [
    fc.constantFrom(...NOT_JSON).map((text) => ({ kind: 'body:not-json', text })),
    fc
      .constantFrom('[]', '0', '"text"', 'true', 'null', '[{}]', '1e400')
      .map((text) => ({ kind: 'body:wrong-root', text })),
    fc
      .integer({ min: 500, max: 20_000 })
      .map((depth) => ({ kind: 'body:deep', text: nested(depth, keys[0]) })),
    fc
      .jsonValue({ maxDepth: 4 })
      .map((v) => ({ kind: 'body:random-json', text: JSON.stringify(v) ?? 'null' })),
  ];
  if (required.length > 0)
    cases.push(
      fc.constantFrom(...required).map((k) => {
        const b = base();
        delete b[k];
        return { kind: `body:missing:${k}`, text: JSON.stringify(b) };
      }),
    );
  if (keys.length > 0) {
    cases.push(
      fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...WRONG_VALUES)).map(([k, v]) => ({
        kind: `body:wrong-type:${k}`,
        text: JSON.stringify({ ...base(), [k]: v }),
      })),
      fc
        .tuple(
          fc.constantFrom(...keys),
          fc.constantFrom(...WRONG_VALUES),
          fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
        )
        .map(([k, v, extra]) => ({
          kind: `body:extra+wrong:${k}`,
          text: JSON.stringify({ ...extra, ...base(), [k]: v }),
        })),
      fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...WRONG_VALUES)).map(([k, v]) => ({
        kind: `body:proto:${k}`,
        // `__proto__` as an own key (JSON.stringify of an object literal would drop it).
        text: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}},${JSON.stringify({
          ...base(),
          [k]: v,
        }).slice(1)}`,
      })),
    );
    const long = keys.filter((k) => typeof props[k]!.maxLength === 'number');
    if (long.length > 0)
      cases.push(
        fc.tuple(fc.constantFrom(...long), fc.integer({ min: 1, max: 2000 })).map(([k, extra]) => ({
          kind: `body:too-long:${k}`,
          text: JSON.stringify({ ...base(), [k]: 'y'.repeat((props[k]!.maxLength as number) + extra) }),
        })),
      );
  }
  return fc.oneof(...cases).filter((c) => refused(schema, c.text));
}

/** True when the text is not JSON or the schema refuses what it parses to. */
function refused(schema: z.ZodType, text: string): boolean {
  let value: unknown;
  try {
    value = text === '' ? undefined : JSON.parse(text);
  } catch {
    return true;
  }
  return !schema.safeParse(value).success;
}

function malformedQuery(op: FuzzOperation): fc.Arbitrary<[string, string][]> {
  const params = ((op.operation.parameters as Json[] | undefined) ?? []).filter((p) => p.in === 'query');
  const names = params.map((p) => String(p.name));
  const junkName = fc.constantFrom('__proto__', 'constructor', 'x'.repeat(300), '', '%00', 'page[size]');
  const pair = fc.tuple(
    names.length > 0 ? fc.oneof(fc.constantFrom(...names), junkName) : junkName,
    fc.oneof(fc.constantFrom(...JUNK_QUERY), fc.string({ unit: 'binary', maxLength: 30 })),
  );
  return fc.array(pair, { minLength: 1, maxLength: 5 });
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
);

export interface FuzzContext {
  /** An application the token's user manages (real ids reach the body checks). */
  applicationId: string;
  /** A valid id token of that user. */
  token: string;
  /** For council routes: a council's token (every scope) and an application lodged with it. */
  council?: { token: string; applicationId: string };
}

/** Idempotency-Key values a council write may get wrong (missing: no header at all). */
const JUNK_IDEMPOTENCY_KEYS = ['', 'a b', 'x'.repeat(256), '{}\t[]'];

/** Malformed requests for one operation. */
export function malformedRequests(op: FuzzOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const names = [...op.route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const changes = op.route.method !== 'GET';
  const withBody = op.schemas.body !== undefined;
  // Council routes are called as a council, on an application lodged with it.
  const council = op.route.access.caller === 'council' ? ctx.council : undefined;
  const token = council?.token ?? ctx.token;
  const applicationId = council?.applicationId ?? ctx.applicationId;
  const auth = fc.oneof(
    { weight: 9, arbitrary: fc.constant(`Bearer ${token}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer x.y.z',
        `Basic ${Buffer.from('a:b').toString('base64')}`,
        `Bearer ${token}x`,
        `bearer  ${token}`,
      ),
    },
  );
  // Real ids (the managed application; otherwise junk) only where the request is refused anyway:
  // a GET, or a change whose body the schema refuses.
  const realIds = !changes || withBody;
  const segments = fc.tuple(
    ...names.map((name) =>
      name === 'id' && realIds
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constant(applicationId) },
            { weight: 1, arbitrary: junkSegment },
          )
        : junkSegment,
    ),
  );
  const body: fc.Arbitrary<BodyCase | undefined> = withBody
    ? malformedBody(op)
    : fc.option(fc.constantFrom<BodyCase>({ kind: 'body:unexpected', text: '{"unexpected":true}' }), {
        nil: undefined,
      });
  const query = op.schemas.query || !changes ? malformedQuery(op) : fc.constant<[string, string][]>([]);
  // A council write with a body the schema refuses gets a valid key (the body is what is wrong);
  // one without a body gets none or a malformed one, so that nothing it names can change.
  const key: fc.Arbitrary<string | undefined> =
    council && changes
      ? withBody
        ? fc.uuid()
        : fc.option(fc.constantFrom(...JUNK_IDEMPOTENCY_KEYS), { nil: undefined })
      : fc.constant(undefined);
  return fc
    .tuple(segments, body, query, auth, contentTypes, key)
    .map(([values, b, q, authorization, type, k]) => {
      let i = 0;
      const path = op.route.path.replace(/\{\w+\}/g, () => values[i++]!);
      const headers: Record<string, string> = { 'content-type': type };
      if (op.route.access.caller !== 'public') headers.authorization = authorization;
      if (k !== undefined) headers['idempotency-key'] = k;
      const kinds = [
        b?.kind,
        q.length > 0 ? 'query:junk' : undefined,
        values.some((v) => v !== applicationId) ? 'path:junk' : undefined,
        council && changes && !withBody ? 'header:idempotency-key' : undefined,
      ].filter(Boolean);
      return {
        method: op.route.method,
        path,
        query: q,
        headers,
        body: b?.text,
        kind: kinds.join(' ') || 'headers',
      };
    });
}
