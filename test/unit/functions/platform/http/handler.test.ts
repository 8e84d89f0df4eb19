import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { createFeatureHandler, reply } from '../../../../../functions/platform/http/handler.js';
import type { RouteSchemas } from '../../../../../functions/platform/http/handler.js';
import { anyone, defineRoute, onApplication, signedIn } from '../../../../../functions/routes.js';
import { Conflict } from '../../../../../functions/platform/errors.js';
import { bodyBytes, DEFAULT_MAX_BODY_BYTES } from '../../../../../functions/platform/http/body-limit.js';
import { httpEvent, lambdaContext, parseResponse, userClaims } from '../../helpers.js';
import { seedApplicationAccess } from './access-fixture.js';

const getThing = vi.fn(async (input: { params: { id: string }; query: { pageSize: number } }) => ({
  id: input.params.id,
  pageSize: input.query.pageSize,
}));
const createThing = vi.fn(async (input: { body: { email: string; address: { city: string } } }) =>
  reply(201, input.body),
);

/** A route table and contract of their own (the plumbing is what is tested, not the portal's routes). */
const table = [
  defineRoute('GET', '/things/{id}', 'applications', signedIn),
  defineRoute('POST', '/things', 'applications', signedIn),
  defineRoute('GET', '/public/things', 'applications', anyone),
  defineRoute('DELETE', '/things/{id}', 'applications', signedIn),
  defineRoute('GET', '/boom', 'applications', anyone),
  defineRoute('GET', '/conflict', 'applications', anyone),
  defineRoute('GET', '/apps/{id}', 'applications', onApplication('Edit')),
  defineRoute('GET', '/shape', 'applications', anyone),
  defineRoute('GET', '/other-feature', 'documents', anyone),
  defineRoute('GET', '/heavy', 'applications', anyone, { lambda: 'worker' }),
  defineRoute('POST', '/big', 'applications', signedIn),
];
const contract: Record<string, RouteSchemas> = {
  'GET /things/{id}': {
    params: z.object({ id: z.string().regex(/^\d+$/, 'Must be numeric') }),
    query: z.object({ pageSize: z.coerce.number().int().min(1).max(100).default(10) }),
  },
  'POST /things': {
    body: z.object({
      email: z.email('Invalid email format'),
      address: z.object({ city: z.string().min(1, 'Required') }),
    }),
  },
  'GET /public/things': {},
  'DELETE /things/{id}': {},
  'GET /boom': {},
  'GET /conflict': {},
  'GET /apps/{id}': { params: z.object({ id: z.string() }), response: z.object({ level: z.string() }) },
  'GET /shape': { response: z.object({ a: z.string(), nested: z.object({ b: z.number() }) }) },
  'GET /other-feature': {},
  'GET /heavy': {},
  'POST /big': { body: z.object({ text: z.string() }), maxBodyBytes: 200 * 1024 },
};
let shape: unknown = { a: 'x', nested: { b: 1 } };
const impls = {
  'GET /things/{id}': (input: Parameters<typeof getThing>[0]) => getThing(input),
  'POST /things': (input: Parameters<typeof createThing>[0]) => createThing(input),
  'GET /public/things': async ({ caller }: { caller: unknown }) => ({ caller }),
  'DELETE /things/{id}': async () => undefined,
  'GET /boom': async () => {
    throw new Error('database password is hunter2');
  },
  'GET /conflict': async () => {
    throw new Conflict('Access request already granted', 'ACCESS.REQUEST.ALREADY.GRANTED');
  },
  'GET /apps/{id}': async ({ access }: { access: { accessLevel: string } }) => ({
    level: access.accessLevel,
  }),
  'GET /shape': async () => shape,
  'GET /other-feature': async () => ({}),
  'GET /heavy': async () => ({ served: 'worker' }),
  'POST /big': async ({ body }: { body: { text: string } }) => ({ length: body.text.length }),
};
const handler = createFeatureHandler('applications', contract as never, impls as never, { routes: table });
const call = async (...args: Parameters<typeof httpEvent>) =>
  parseResponse(await handler(httpEvent(...args), lambdaContext));

describe('createFeatureHandler', () => {
  it('takes only id tokens as a person: an access token (or a token without token_use) is 401 (docs/architecture.md)', async () => {
    for (const token_use of ['access', undefined]) {
      const { token_use: _id, ...rest } = userClaims('sub-9');
      const claims = token_use ? { ...rest, token_use } : rest;
      const res = await call('GET /things/{id}', { pathParameters: { id: '42' }, claims });
      expect(res.statusCode, String(token_use)).toBe(401);
    }
  });

  it('dispatches on routeKey, passes parsed input and the caller, returns JSON 200', async () => {
    getThing.mockClear();
    const res = await call('GET /things/{id}', {
      pathParameters: { id: '42' },
      queryStringParameters: { pageSize: '25' },
      claims: userClaims('sub-9'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ id: '42', pageSize: 25 });
    expect(getThing).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { id: '42' },
        query: { pageSize: 25 },
        caller: { kind: 'user', userId: 'sub-9', email: 'ana@example.nz', username: 'sub-9' },
      }),
    );
  });

  it('applies schema defaults to absent query parameters', async () => {
    const res = await call('GET /things/{id}', { pathParameters: { id: '1' }, claims: userClaims() });
    expect(res.body).toEqual({ id: '1', pageSize: 10 });
  });

  it('bad path parameter → 400 with path.<name> and the reason; handler not called', async () => {
    getThing.mockClear();
    const res = await call('GET /things/{id}', { pathParameters: { id: 'abc' }, claims: userClaims() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      code: 'ClientError',
      message: 'Invalid request',
      details: [{ field: 'path.id', reason: 'Must be numeric' }],
    });
    expect(getThing).not.toHaveBeenCalled();
  });

  it('bad query parameter → 400 with query.<name>; handler not called', async () => {
    getThing.mockClear();
    const res = await call('GET /things/{id}', {
      pathParameters: { id: '1' },
      queryStringParameters: { pageSize: '1000' },
      claims: userClaims(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'ClientError', details: [{ field: 'query.pageSize' }] });
    expect((res.body as { details: { reason: string }[] }).details[0]?.reason).toMatch(/100/);
    expect(getThing).not.toHaveBeenCalled();
  });

  it('bad body → 400 with dotted body paths for every issue; handler not called', async () => {
    createThing.mockClear();
    const res = await call('POST /things', {
      body: { email: 'nope', address: { city: '' } },
      claims: userClaims(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      code: 'ClientError',
      message: 'Invalid request',
      details: [
        { field: 'body.email', reason: 'Invalid email format' },
        { field: 'body.address.city', reason: 'Required' },
      ],
    });
    expect(createThing).not.toHaveBeenCalled();
  });

  it('body that is not JSON → 400 field body', async () => {
    const res = await call('POST /things', { rawBody: '{"email":', claims: userClaims() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ details: [{ field: 'body', reason: 'Body is not valid JSON' }] });
  });

  it('missing body when one is required → 400 field body', async () => {
    const res = await call('POST /things', { claims: userClaims() });
    expect(res.statusCode).toBe(400);
    expect((res.body as { details: { field: string }[] }).details[0]?.field).toBe('body');
  });

  it('base64 bodies are decoded', async () => {
    const event = httpEvent('POST /things', { claims: userClaims() });
    event.body = Buffer.from(JSON.stringify({ email: 'a@b.nz', address: { city: 'Wellington' } })).toString(
      'base64',
    );
    event.isBase64Encoded = true;
    const res = parseResponse(await handler(event, lambdaContext));
    expect(res.statusCode).toBe(201);
    expect(res.body).toEqual({ email: 'a@b.nz', address: { city: 'Wellington' } });
  });

  describe('body caps (before any parsing)', () => {
    const over = DEFAULT_MAX_BODY_BYTES + 1;

    it('a body over the default cap → 413 with the one error body; never parsed, handler not called', async () => {
      createThing.mockClear();
      // Not even JSON: a 400 would mean it was parsed.
      const res = await call('POST /things', { rawBody: '<!'.repeat(over / 2 + 1), claims: userClaims() });
      expect(res.statusCode).toBe(413);
      expect(res.body).toEqual({
        code: 'ClientError',
        message: 'Request body is too large',
        details: [{ field: 'body', reason: `Must be at most ${DEFAULT_MAX_BODY_BYTES} bytes` }],
      });
      expect(createThing).not.toHaveBeenCalled();
    });

    it('counts UTF-8 bytes, not characters', async () => {
      const text = 'ā'.repeat(DEFAULT_MAX_BODY_BYTES / 2);
      const res = await call('POST /things', {
        rawBody: JSON.stringify({ email: text }),
        claims: userClaims(),
      });
      expect(res.statusCode).toBe(413);
    });

    it('a base64 body counts its decoded bytes', async () => {
      const event = httpEvent('POST /things', { claims: userClaims() });
      event.body = Buffer.alloc(over, 0x20).toString('base64');
      event.isBase64Encoded = true;
      expect(parseResponse(await handler(event, lambdaContext)).statusCode).toBe(413);
      expect(bodyBytes({ body: Buffer.alloc(1000).toString('base64'), isBase64Encoded: true })).toBe(1000);
      expect(bodyBytes({ body: Buffer.alloc(1001).toString('base64'), isBase64Encoded: true })).toBe(1001);
    });

    it('a body under the cap is parsed as before', async () => {
      const res = await call('POST /things', { rawBody: '{"email":', claims: userClaims() });
      expect(res.statusCode).toBe(400);
    });

    it('a route may take more (maxBodyBytes), and no more than that', async () => {
      const ok = await call('POST /big', { body: { text: 'x'.repeat(150 * 1024) }, claims: userClaims() });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toEqual({ length: 150 * 1024 });
      const tooBig = await call('POST /big', {
        body: { text: 'x'.repeat(201 * 1024) },
        claims: userClaims(),
      });
      expect(tooBig.statusCode).toBe(413);
    });

    it('a route without a body schema is capped too', async () => {
      const res = await call('GET /public/things', { rawBody: 'x'.repeat(over) });
      expect(res.statusCode).toBe(413);
    });
  });

  it('a user route without claims → 401 ClientError; handler not called', async () => {
    getThing.mockClear();
    const res = await call('GET /things/{id}', { pathParameters: { id: '1' } });
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ code: 'ClientError', message: 'Unauthorized' });
    expect(getThing).not.toHaveBeenCalled();
  });

  it('a public route runs without claims (the public caller)', async () => {
    const res = await call('GET /public/things');
    expect(res).toMatchObject({ statusCode: 200, body: { caller: { kind: 'public' } } });
  });

  it("a route of another feature's table entry is not served here → 404", async () => {
    const res = await call('GET /other-feature');
    expect(res.statusCode).toBe(404);
  });

  it("a route of the feature's other Lambda is served by that Lambda only", async () => {
    expect((await call('GET /heavy')).statusCode).toBe(404);
    const worker = createFeatureHandler('applications', contract as never, impls as never, {
      routes: table,
      lambda: 'worker',
    });
    expect(parseResponse(await worker(httpEvent('GET /heavy'), lambdaContext))).toMatchObject({
      statusCode: 200,
      body: { served: 'worker' },
    });
    expect(parseResponse(await worker(httpEvent('GET /boom'), lambdaContext)).statusCode).toBe(404);
  });

  it('undefined result → 204 without body', async () => {
    const res = await call('DELETE /things/{id}', { pathParameters: { id: '1' }, claims: userClaims() });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBeUndefined();
  });

  it('an unknown routeKey → 404 ResourceNotFound', async () => {
    const res = await call('GET /nothing');
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatchObject({ code: 'ResourceNotFound', message: 'Resource not found' });
  });

  it('a thrown unknown error → 500 ServerError without internals', async () => {
    const res = await call('GET /boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ code: 'ServerError', message: 'Error' });
  });

  it('a thrown domain error keeps its code', async () => {
    const res = await call('GET /conflict');
    expect(res).toMatchObject({
      statusCode: 409,
      body: { code: 'ACCESS.REQUEST.ALREADY.GRANTED', message: 'Access request already granted' },
    });
  });
});

describe('the access policy (declared per route, enforced before the handler)', () => {
  const ddb = mockClient(DynamoDBDocumentClient);
  beforeEach(() => {
    ddb.reset();
    seedApplicationAccess(ddb, { manager: 'Manage', editor: 'Edit', reader: 'ReadOnly', none: 'None' });
  });
  afterEach(() => ddb.reset());

  const asUser = (userId: string, id = '1000001') =>
    call('GET /apps/{id}', { pathParameters: { id }, claims: userClaims(userId) });

  it('at or above the level → the handler runs with the access row', async () => {
    expect(await asUser('manager')).toMatchObject({ statusCode: 200, body: { level: 'Manage' } });
    expect(await asUser('editor')).toMatchObject({ statusCode: 200, body: { level: 'Edit' } });
  });

  it('below the level → 403', async () => {
    expect((await asUser('reader')).statusCode).toBe(403);
  });

  it('no access, None, or no such application → 404 (existence never shows)', async () => {
    for (const res of [await asUser('stranger'), await asUser('none'), await asUser('manager', '999')]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toMatchObject({ code: 'ResourceNotFound', description: 'Application not found' });
    }
  });

  it('no identity → 401 before any read', async () => {
    ddb.resetHistory();
    expect((await call('GET /apps/{id}', { pathParameters: { id: '1000001' } })).statusCode).toBe(401);
    expect(ddb.calls()).toHaveLength(0);
  });
});

describe('the response contract check (CONTRACT_CHECK=strict in the test stacks)', () => {
  beforeEach(() => {
    process.env.CONTRACT_CHECK = 'strict';
  });
  afterEach(() => {
    delete process.env.CONTRACT_CHECK;
    shape = { a: 'x', nested: { b: 1 } };
  });

  it('a response matching its schema passes', async () => {
    expect(await call('GET /shape')).toMatchObject({ statusCode: 200, body: { a: 'x', nested: { b: 1 } } });
  });

  it('a field the schema lacks fails the request', async () => {
    shape = { a: 'x', nested: { b: 1, secret: 's' } };
    expect((await call('GET /shape')).statusCode).toBe(500);
  });

  it('a missing or mistyped required field fails the request', async () => {
    shape = { nested: { b: '1' } };
    expect((await call('GET /shape')).statusCode).toBe(500);
  });

  it('without the check (production) the response is sent as it is', async () => {
    delete process.env.CONTRACT_CHECK;
    shape = { a: 'x', nested: { b: 1 }, extra: true };
    expect((await call('GET /shape')).statusCode).toBe(200);
  });
});
