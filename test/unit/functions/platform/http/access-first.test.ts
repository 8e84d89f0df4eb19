import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { createFeatureHandler } from '../../../../../functions/platform/http/handler.js';
import type { RouteSchemas } from '../../../../../functions/platform/http/handler.js';
import { defineRoute, onApplication, organisationAdmin } from '../../../../../functions/routes.js';
import { entities } from '../../../../../functions/platform/data/service.js';
import { DEFAULT_MAX_BODY_BYTES } from '../../../../../functions/platform/http/body-limit.js';
import { httpEvent, lambdaContext, parseResponse, userClaims } from '../../helpers.js';
import type { fakeTable } from '../../reference-table.js';
import { seedApplicationAccess } from './access-fixture.js';

/**
 * The order of the plumbing (code review, docs/authorization.md cleanup): the route's declared access is
 * enforced before the input is parsed, so a caller without access gets the same 404 / 403 whatever
 * they send — a bad body, a bad query or an oversized body never tells them the route's shape.
 */
const changeApp = vi.fn(async () => ({ ok: true }));
const renameOrganisation = vi.fn(async () => ({ ok: true }));

const table = [
  defineRoute('POST', '/apps/{id}/notes', 'applications', onApplication('Edit')),
  defineRoute('PATCH', '/organisation', 'applications', organisationAdmin),
];
const contract: Record<string, RouteSchemas> = {
  'POST /apps/{id}/notes': {
    params: z.object({ id: z.string().regex(/^\d+$/), noteId: z.string().optional() }),
    query: z.object({ pageSize: z.coerce.number().int().max(100).optional() }),
    body: z.object({ text: z.string().min(1, 'Required') }),
  },
  'PATCH /organisation': { body: z.object({ name: z.string().min(1, 'Required') }) },
};
const handler = createFeatureHandler(
  'applications',
  contract as never,
  { 'POST /apps/{id}/notes': changeApp, 'PATCH /organisation': renameOrganisation } as never,
  { routes: table },
);
const call = async (...args: Parameters<typeof httpEvent>) =>
  parseResponse(await handler(httpEvent(...args), lambdaContext));

const ddb = mockClient(DynamoDBDocumentClient);
let rows: ReturnType<typeof fakeTable>;
const put = (item: { params: <T>() => T }) => rows.put(item.params<{ Item: Record<string, unknown> }>().Item);

beforeEach(() => {
  ddb.reset();
  rows = seedApplicationAccess(ddb, { editor: 'Edit', reader: 'ReadOnly' });
  changeApp.mockClear();
  renameOrganisation.mockClear();
  for (const [userId, role] of [
    ['admin', 'Admin'],
    ['member', 'Normal'],
  ] as const) {
    put(
      entities.user.put({
        userId,
        username: userId,
        email: `${userId}@example.nz`,
        organisationId: 'org-1',
      }) as never,
    );
    put(
      entities.organisationMember.put({
        organisationId: 'org-1',
        userId,
        email: `${userId}@example.nz`,
        role,
        status: 'Active',
      }) as never,
    );
  }
});
afterEach(() => ddb.reset());

/** Requests to the application route that break its input in every way the plumbing checks. */
const badInputs = (id = '1000001') => [
  { pathParameters: { id }, body: { text: '' } },
  { pathParameters: { id }, rawBody: '{"text":' },
  { pathParameters: { id } },
  { pathParameters: { id }, body: { text: 'ok' }, queryStringParameters: { pageSize: 'many' } },
  { pathParameters: { id }, rawBody: 'x'.repeat(DEFAULT_MAX_BODY_BYTES + 1) },
];

describe('access is enforced before the input is parsed', () => {
  it('a stranger gets 404 Application not found whatever they send; the handler never runs', async () => {
    for (const req of badInputs()) {
      const res = await call('POST /apps/{id}/notes', { ...req, claims: userClaims('stranger') });
      expect(res.statusCode, JSON.stringify(req).slice(0, 80)).toBe(404);
      expect(res.body).toMatchObject({ code: 'ResourceNotFound', description: 'Application not found' });
    }
    expect(changeApp).not.toHaveBeenCalled();
  });

  it('a participant below the level gets 403 whatever they send', async () => {
    for (const req of badInputs()) {
      const res = await call('POST /apps/{id}/notes', { ...req, claims: userClaims('reader') });
      expect(res.statusCode, JSON.stringify(req).slice(0, 80)).toBe(403);
    }
    expect(changeApp).not.toHaveBeenCalled();
  });

  it('a malformed application id is a 404 like any application the caller cannot see, not a 400', async () => {
    for (const id of ['abc', '1'.repeat(16), '../1000001']) {
      const res = await call('POST /apps/{id}/notes', {
        pathParameters: { id },
        body: { text: 'ok' },
        claims: userClaims('editor'),
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toMatchObject({ description: 'Application not found' });
    }
  });

  it('an id that cannot be a key (blank, longer than a key may be) is a 404 without a read', async () => {
    for (const id of ['', '   ', 'a'.repeat(2048)]) {
      ddb.resetHistory();
      const res = await call('POST /apps/{id}/notes', {
        pathParameters: { id },
        body: { text: '' },
        claims: userClaims('editor'),
      });
      expect(res.statusCode, id.slice(0, 10)).toBe(404);
      expect(ddb.calls(), id.slice(0, 10)).toHaveLength(0);
    }
  });

  it('a caller with access still gets 400 naming the field, and 413 over the cap', async () => {
    const [emptyText, , , badQuery, tooBig] = badInputs();
    const bad = await call('POST /apps/{id}/notes', { ...emptyText, claims: userClaims('editor') });
    expect(bad).toMatchObject({
      statusCode: 400,
      body: { details: [{ field: 'body.text', reason: 'Required' }] },
    });
    const query = await call('POST /apps/{id}/notes', { ...badQuery, claims: userClaims('editor') });
    expect(query).toMatchObject({ statusCode: 400, body: { details: [{ field: 'query.pageSize' }] } });
    expect(
      (await call('POST /apps/{id}/notes', { ...tooBig, claims: userClaims('editor') })).statusCode,
    ).toBe(413);
    const ok = await call('POST /apps/{id}/notes', {
      pathParameters: { id: '1000001' },
      body: { text: 'ok' },
      claims: userClaims('editor'),
    });
    expect(ok.statusCode).toBe(200);
    expect(changeApp).toHaveBeenCalledTimes(1);
  });

  it('a Normal member on an admin route gets 403 whatever body they send; the admin gets the 400', async () => {
    for (const body of [{ name: '' }, {}, 'not an object']) {
      const res = await call('PATCH /organisation', { body, claims: userClaims('member') });
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect(renameOrganisation).not.toHaveBeenCalled();
    const admin = await call('PATCH /organisation', { body: { name: '' }, claims: userClaims('admin') });
    expect(admin).toMatchObject({ statusCode: 400, body: { details: [{ field: 'body.name' }] } });
  });
});
