import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceHandler, reply, route } from '../../../../functions/platform/http/handler.js';
import { Conflict } from '../../../../functions/platform/errors.js';
import { httpEvent, lambdaContext, parseResponse, userClaims } from '../helpers.js';

const getThing = vi.fn(async (input: { params: { id: string }; query: { pageSize: number } }) => ({
  id: input.params.id,
  pageSize: input.query.pageSize,
}));
const createThing = vi.fn(async (input: { body: { email: string; address: { city: string } } }) =>
  reply(201, input.body),
);

const impls = {
  'GET /things/{id}': route({
    caller: 'user',
    params: z.object({ id: z.string().regex(/^\d+$/, 'Must be numeric') }),
    query: z.object({ pageSize: z.coerce.number().int().min(1).max(100).default(10) }),
    handle: (input) => getThing(input),
  }),
  'POST /things': route({
    caller: 'user',
    body: z.object({
      email: z.email('Invalid email format'),
      address: z.object({ city: z.string().min(1, 'Required') }),
    }),
    handle: (input) => createThing(input),
  }),
  'GET /public/things': route({
    caller: 'public',
    handle: async ({ caller }) => ({ caller: caller ?? null }),
  }),
  'DELETE /things/{id}': route({ caller: 'user', handle: async () => undefined }),
  'GET /boom': route({
    caller: 'public',
    handle: async () => {
      throw new Error('database password is hunter2');
    },
  }),
  'GET /conflict': route({
    caller: 'public',
    handle: async () => {
      throw new Conflict('Access request already granted', 'ACCESS.REQUEST.ALREADY.GRANTED');
    },
  }),
};
const handler = createResourceHandler('applications', impls);
const call = async (...args: Parameters<typeof httpEvent>) =>
  parseResponse(await handler(httpEvent(...args), lambdaContext));

describe('createResourceHandler', () => {
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
        caller: { userId: 'sub-9', email: 'ana@example.nz', username: 'sub-9' },
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

  it('a user route without claims → 401 ClientError; handler not called', async () => {
    getThing.mockClear();
    const res = await call('GET /things/{id}', { pathParameters: { id: '1' } });
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ code: 'ClientError', message: 'Unauthorized' });
    expect(getThing).not.toHaveBeenCalled();
  });

  it('a public route runs without claims (caller undefined)', async () => {
    const res = await call('GET /public/things');
    expect(res).toMatchObject({ statusCode: 200, body: { caller: null } });
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

  it('a thrown HttpError keeps its code', async () => {
    const res = await call('GET /conflict');
    expect(res).toMatchObject({
      statusCode: 409,
      body: { code: 'ACCESS.REQUEST.ALREADY.GRANTED', message: 'Access request already granted' },
    });
  });
});
