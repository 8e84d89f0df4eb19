import { describe, expect, it, vi } from 'vitest';
import { handler } from '../../../../functions/reference/handler.js';
import { matchRoute } from '../../../../functions/routes.js';
import { FormioDefinitionResponse, formioNames } from '../../../../shared/schemas/formio.js';
import { httpEvent, lambdaContext, parseResponse } from '../helpers.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

const get = async (name: string) =>
  parseResponse(
    await handler(httpEvent('GET /public/formio/{name}', { pathParameters: { name } }), lambdaContext),
  );

describe('GET /public/formio/{name}', () => {
  it('is a public route of the reference resource', () => {
    expect(matchRoute('GET', '/public/formio/bc-project')).toEqual({
      route: {
        method: 'GET',
        path: '/public/formio/{name}',
        feature: 'reference',
        access: { caller: 'public' },
        caller: 'public',
        lambda: 'handler',
      },
      pathParameters: { name: 'bc-project' },
    });
  });

  for (const name of formioNames) {
    it(`${name}: 200 { formJson } with the definition, cacheable for 5 minutes`, async () => {
      const res = await get(name);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = FormioDefinitionResponse.parse(res.body);
      expect(body.formJson.name).toBe(name);
    });
  }

  it('404 ResourceNotFound for an unknown name (also one that only looks like a file path)', async () => {
    for (const name of ['bc-unknown', '../countries', 'constructor', '__proto__']) {
      const res = await get(name);
      expect(res.statusCode, name).toBe(404);
      expect(res.body).toEqual({
        code: 'ResourceNotFound',
        message: 'Resource not found',
        description: `No Form.io definition ${name}`,
      });
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it('400 for a name over 100 characters', async () => {
    const res = await get('x'.repeat(101));
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'ClientError', details: [{ field: 'path.name' }] });
  });
});
