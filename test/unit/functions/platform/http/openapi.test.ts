import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contracts } from '../../../../../functions/contracts.js';
import { buildOpenApi } from '../../../../../functions/platform/http/openapi.js';
import { routeKey, routes } from '../../../../../functions/routes.js';

type Operation = {
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }>; $ref?: string }>;
  'x-access': unknown;
};
const doc = buildOpenApi(routes, contracts, { version: '0.1.0' }) as {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
};

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
});
