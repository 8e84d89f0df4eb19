import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createConfig, lint } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { contracts } from '../../../../../functions/contracts.js';
import type { RouteSchemas } from '../../../../../functions/platform/http/handler.js';
import { councilExamples, operationIdOf } from '../../../../../functions/platform/http/openapi.js';
import { ErrorBody } from '../../../../../shared/schemas/errors.js';
import { routeKey, routes } from '../../../../../functions/routes.js';
import { councilApiTypes } from '../../../../../infra/council/api-types-generate.js';

const document = fileURLToPath(new URL('../../../../../docs/openapi.json', import.meta.url));

describe('docs/openapi.json as standard tools read it', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lint({ ref: document, config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(found).toEqual([]);
  });

  it('operation ids come from a one-to-one rule: no two routes share one, every id is URL-safe', () => {
    for (const r of routes)
      expect(r.path, `${routeKey(r)} uses only the characters the id rule maps one-to-one`).toMatch(
        /^[A-Za-z0-9./{}-]+$/,
      );
    const ids = routes.map(operationIdOf);
    expect(new Set(ids).size).toBe(routes.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9._~-]+$/);
    expect(operationIdOf({ method: 'GET', path: '/user/organisation-invitations/{id}' })).not.toBe(
      operationIdOf({ method: 'GET', path: '/user/organisation/invitations/{id}' }),
    );
  });
});

describe('the error body in the contract', () => {
  type Response = { $ref?: string; content?: Record<string, { schema?: unknown }> };
  const doc = JSON.parse(readFileSync(document, 'utf8')) as {
    paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
    components: {
      schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
      responses: Record<string, Response>;
    };
  };
  const resolve = (r: Response): Response =>
    r.$ref ? doc.components.responses[r.$ref.replace('#/components/responses/', '')]! : r;
  const operations = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.responses)
      .map(([method, op]) => [`${method.toUpperCase()} ${p}`, op.responses!] as const),
  );

  it('ErrorBody is the one body of shared/schemas/errors.ts: {code, message, details}', () => {
    const body = doc.components.schemas.ErrorBody!;
    expect(Object.keys(body.properties ?? {}).sort()).toEqual(Object.keys(ErrorBody.shape).sort());
    expect(Object.keys(body.properties ?? {})).toEqual(
      expect.arrayContaining(['code', 'message', 'details']),
    );
    expect(body.required).toEqual(expect.arrayContaining(['code', 'message']));
  });

  it('every 4xx and 5xx response of every operation names ErrorBody as its JSON schema', () => {
    expect(operations.length).toBe(routes.length);
    const without: string[] = [];
    for (const [op, responses] of operations) {
      const errors = Object.entries(responses).filter(([code]) => /^[45]/.test(code));
      // Every operation says what its failures look like: at least one 4xx and the 500.
      if (!errors.some(([c]) => c.startsWith('4')) || !errors.some(([c]) => c === '500'))
        without.push(`${op}: no 4xx or no 500`);
      for (const [code, response] of errors) {
        const schema = JSON.stringify(resolve(response).content?.['application/json']?.schema ?? null);
        if (!schema.includes('"#/components/schemas/ErrorBody"')) without.push(`${op} ${code}`);
      }
    }
    expect(without).toEqual([]);
  });
});

describe('the council client generated from the document', () => {
  it('infra/council/api-types.ts is what openapi-typescript makes of docs/openapi.json (run `npm run openapi`)', async () => {
    const doc = JSON.parse(readFileSync(document, 'utf8')) as Record<string, unknown>;
    const committed = readFileSync(
      new URL('../../../../../infra/council/api-types.ts', import.meta.url),
      'utf8',
    );
    expect(committed).toBe(await councilApiTypes(doc));
  });
});

describe('the council operations’ examples (recorded by `npm run council-examples`)', () => {
  const councilRoutes = routes.filter((r) => 'scope' in r.access);
  const schemasOf = (r: (typeof routes)[number]) =>
    (contracts as Record<string, Record<string, RouteSchemas>>)[r.feature]![routeKey(r)]!;
  const GatewayError = z.object({ message: z.string() });

  it('every council operation has a request example (when it takes a body) and a success example', () => {
    for (const r of councilRoutes) {
      const key = routeKey(r);
      const ex = councilExamples[key];
      expect(ex, `${key}: no examples — run npm run council-examples`).toBeDefined();
      const s = schemasOf(r);
      if (s.body) expect(ex!.request, `${key}: request example`).toBeDefined();
      expect(ex!.responses[String(s.status ?? 200)], `${key}: success example`).not.toBeUndefined();
    }
  });

  it('each example still parses by its operation’s schemas: a contract change asks for a new recording', () => {
    for (const r of councilRoutes) {
      const key = routeKey(r);
      const ex = councilExamples[key]!;
      const s = schemasOf(r);
      if (s.body) expect(s.body.safeParse(ex.request).error?.issues, `${key} request`).toBeUndefined();
      for (const [status, body] of Object.entries(ex.responses)) {
        const schema =
          Number(status) < 300
            ? s.response
            : status === '401' || status === '403'
              ? ErrorBody.or(GatewayError)
              : ErrorBody;
        if (schema) expect(schema.safeParse(body).error?.issues, `${key} ${status}`).toBeUndefined();
      }
    }
  });

  it('the document carries them, and every error status it describes has an example', () => {
    const doc = JSON.parse(readFileSync(document, 'utf8')) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>
      >;
      components: { responses: Record<string, { content: Record<string, { example?: unknown }> }> };
    };
    const accept = doc.paths['/council/applications/{id}/lodgement']!.post!;
    expect(accept.responses['200']!.content!['application/json']!.example).toMatchObject({
      id: expect.any(String),
    });
    for (const [name, response] of Object.entries(doc.components.responses))
      expect(response.content['application/json']!.example, name).toBeDefined();
  });
});
