import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createConfig, lint } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { operationIdOf } from '../../../../../functions/platform/http/openapi.js';
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
