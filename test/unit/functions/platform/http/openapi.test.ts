import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contracts } from '../../../../../functions/contracts.js';
import {
  buildOpenApi,
  councilExamples,
  errorStatusesOf,
} from '../../../../../functions/platform/http/openapi.js';
import { routeKey, routes } from '../../../../../functions/routes.js';

type Response = {
  content?: Record<string, { schema: unknown }>;
  $ref?: string;
  headers?: Record<string, unknown>;
};
type Operation = {
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, Response>;
  'x-access': unknown;
};
const doc = buildOpenApi(routes, contracts, { version: '0.1.0' }) as {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
};
const operationOf = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return doc.paths[path]![method.toLowerCase()]!;
};
/** A response, its `#/components/responses/…` reference followed. */
const resolved = (r: Response): Response =>
  r.$ref ? doc.components.responses[r.$ref.replace('#/components/responses/', '')]! : r;

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists exactly the routes of the table', () => {
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(routes.map((r) => routeKey(r)).sort());
  });

  it('every route has its path parameters, its declared access, and a success response', () => {
    for (const r of routes) {
      const op = doc.paths[r.path]![r.method.toLowerCase()]!;
      const pathParams = [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(
        op.parameters
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort(),
        routeKey(r),
      ).toEqual(pathParams.sort());
      expect(op['x-access'], routeKey(r)).toEqual(r.access);
      const successes = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      expect(successes, routeKey(r)).toHaveLength(1);
    }
  });

  it('a route with a body schema has a request body; a JSON response has its schema', () => {
    const post = doc.paths['/user/applications']!.post!;
    expect(post.requestBody?.content['application/json']?.schema).toMatchObject({
      oneOf: expect.any(Array),
    });
    const get = doc.paths['/user/applications/{id}']!.get!;
    expect(get.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { application: expect.any(Object), requiredDocuments: expect.any(Object) },
    });
    expect(get.responses['404']?.$ref).toBe('#/components/responses/E404');
  });

  it('docs/openapi.json is the generated document (run `npm run openapi` after changing a contract)', () => {
    const file = JSON.parse(
      readFileSync(new URL('../../../../../docs/openapi.json', import.meta.url), 'utf8'),
    );
    expect(file).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it("each operation's error statuses come from its declaration, not a list per route", () => {
    for (const r of routes) {
      const declared = errorStatusesOf(r, contracts[r.feature]![routeKey(r)]!);
      const listed = Object.keys(operationOf(routeKey(r)).responses).filter((s) => Number(s) >= 400);
      expect(listed.sort(), routeKey(r)).toEqual([...declared].sort());
    }
    // Public, no input: a read of something that may be missing, and the server's own failure.
    expect(Object.keys(operationOf('GET /public/health').responses).sort()).toEqual(['200', '404', '500']);
    // Signed in, no input: who may call, a resource of theirs that may not exist, the server.
    expect(Object.keys(operationOf('GET /council/webhook').responses).sort()).toEqual([
      '200',
      '401',
      '403',
      '404',
      '429',
      '500',
    ]);
    // Public, a body, a named limit: no 401/403; 400, 404, 409, 413, 429 (with Retry-After).
    const register = operationOf('POST /public/user/registration');
    expect(
      Object.keys(register.responses)
        .filter((s) => s >= '400')
        .sort(),
    ).toEqual(['400', '404', '409', '413', '429', '500']);
    expect(resolved(register.responses['429']!).headers).toHaveProperty('Retry-After');
    // Ids in the path, a read: 400 (bad ids) and 404, never 409, 413 or 429.
    expect(Object.keys(operationOf('GET /user/applications/{id}').responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '500',
    ]);
    // Every council route answers 429 (the client's token bucket).
    for (const r of routes.filter((r) => 'scope' in r.access))
      expect(operationOf(routeKey(r)).responses, routeKey(r)).toHaveProperty('429');
  });

  it('every error status a council test recorded is one its operation declares', () => {
    for (const [key, ex] of Object.entries(councilExamples))
      for (const status of Object.keys(ex.responses))
        expect(Object.keys(operationOf(key).responses), `${key} ${status}`).toContain(status);
  });
});
