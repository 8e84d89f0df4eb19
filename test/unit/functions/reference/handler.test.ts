import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { handler as publicHandler, service } from '../../../../functions/reference/handler.js';
import { handler as accountsHandler } from '../../../../functions/accounts/handler.js';
import { entities } from '../../../../functions/platform/data/service.js';
import { seedReferenceData } from '../../../../infra/seed/seed-reference.js';
import { emailGrantUserId } from '../../../../functions/reference/repository/reference.js';
import type { JurisdictionDto } from '../../../../shared/schemas/reference.js';
import { httpEvent, lambdaContext, parseResponse, userClaims } from '../helpers.js';
import { fakeTable } from '../reference-table.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

const ddb = mockClient(DynamoDBDocumentClient);
let table: ReturnType<typeof fakeTable>;

const call = async (
  h: typeof publicHandler,
  routeKey: string,
  opts: Parameters<typeof httpEvent>[1] & { headers?: Record<string, string> } = {},
) => {
  const event = httpEvent(routeKey, opts);
  Object.assign(event.headers, opts.headers ?? {});
  return h(event, lambdaContext);
};
const pub = async (...args: Parameters<typeof call> extends [unknown, ...infer R] ? R : never) =>
  parseResponse(await call(publicHandler, ...args));
const usr = async (...args: Parameters<typeof call> extends [unknown, ...infer R] ? R : never) =>
  parseResponse(await call(publicHandler, ...args));
const account = async (...args: Parameters<typeof call> extends [unknown, ...infer R] ? R : never) =>
  parseResponse(await call(accountsHandler, ...args));

const storedUser = (userId: string, email: string) =>
  entities.user.put({ userId, username: userId, email }).params<{ Item: Record<string, unknown> }>().Item;

beforeEach(async () => {
  ddb.reset();
  table = fakeTable(ddb);
  service.clearJurisdictionCache();
  service.setJurisdictionCacheTtl(0);
  await seedReferenceData();
});

describe('the loader', () => {
  it('writes every reference entity and the demo grant; a re-run writes the same items', async () => {
    const before = new Map(table.items);
    const kinds = new Set([...before.values()].map((i) => i.__edb_e__));
    for (const k of [
      'country',
      'jurisdiction',
      'authority',
      'form',
      'breadcrumb',
      'step',
      'participantType',
      'qualificationType',
      'documentCategory',
      'documentContainer',
      'documentTag',
      'documentType',
      'userAuthority',
    ])
      expect(kinds.has(k), k).toBe(true);
    await seedReferenceData();
    expect(table.items.size).toBe(before.size);
    const strip = (i: Record<string, unknown>) => ({ ...i, createdAt: undefined, updatedAt: undefined });
    for (const [k, v] of before) expect(strip(table.items.get(k)!), k).toEqual(strip(v));
  });

  it('prunes items no longer in the data (a type, a step, a form with its breadcrumbs); keeps the rest', async () => {
    const item = (p: { params: <T>() => T }) => p.params<{ Item: Record<string, unknown> }>().Item;
    const before = new Set(table.items.keys());
    table.put(
      item(entities.participantType.put({ participantTypeId: 'gone', name: 'Gone', displayName: 'Gone' })),
    );
    table.put(
      item(
        entities.step.put({
          formId: 'bc',
          breadcrumbId: 'bc-project',
          stepId: 'bc-gone',
          name: 'Gone',
          displayName: 'Gone',
          displayOrder: 9,
          type: 'Formio',
        }),
      ),
    );
    table.put(
      item(entities.form.put({ jurisdictionId: 'nz', formId: 'old', name: 'Old', displayName: 'Old' })),
    );
    table.put(
      item(
        entities.breadcrumb.put({
          formId: 'old',
          breadcrumbId: 'old-a',
          name: 'A',
          displayName: 'A',
          displayOrder: 1,
        }),
      ),
    );
    table.put(
      item(entities.documentTag.put({ userId: '0', documentTagId: 'gone', name: 'G', displayName: 'G' })),
    );
    table.put(
      item(entities.documentTag.put({ userId: 'u1', documentTagId: 'own', name: 'O', displayName: 'O' })),
    );
    const summary = await seedReferenceData();
    expect(summary.pruned).toBe(5);
    const left = new Set(table.items.keys());
    expect([...left].filter((k) => !before.has(k))).toHaveLength(1); // the user's own tag
    expect([...before].filter((k) => !left.has(k))).toEqual([]);
  });

  it('keeps the serviceable that onboarding or revocation stored on a row; a new row takes the JSON value', async () => {
    const rowKey = (id: string) =>
      [...table.items].find(([, i]) => i.__edb_e__ === 'authority' && i.authorityId === id)![0];
    const row = (id: string) => table.items.get(rowKey(id))!;
    const before = await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'nz' } });
    // The operator onboarded Gore and revoked Auckland; Kaikoura has no row yet (newly in the data).
    table.put({ ...row('gore'), serviceable: true });
    table.put({ ...row('akl'), serviceable: false });
    table.items.delete(rowKey('kaikoura'));
    await seedReferenceData();
    expect([row('gore').serviceable, row('akl').serviceable, row('kaikoura').serviceable]).toEqual([
      true,
      false,
      false,
    ]);
    // The jurisdiction shows the stored values, under an etag of what it shows.
    const after = await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'nz' } });
    const shown = (after.body as JurisdictionDto).authorities;
    expect(shown.find((a) => a.id === 'gore')?.serviceable).toBe(true);
    expect(shown.find((a) => a.id === 'akl')?.serviceable).toBe(false);
    expect((after.body as JurisdictionDto).etag).not.toBe((before.body as JurisdictionDto).etag);
  });

  it('links the grant to an existing account with that e-mail as well', async () => {
    table.put(storedUser('sub-applicant', 'applicant@demo.consent.nz'));
    await seedReferenceData();
    const rel = [...table.items.values()].filter((i) => i.__edb_e__ === 'userAuthority');
    expect(rel.map((r) => r.userId).sort()).toEqual([
      emailGrantUserId('applicant@demo.consent.nz'),
      'sub-applicant',
    ]);
  });
});

describe('GET /public/jurisdictions/{id}', () => {
  it('by id and by name: forms with breadcrumbs and steps, public authorities, categories, etag body and header', async () => {
    const res = await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'nz' } });
    expect(res.statusCode).toBe(200);
    const dto = res.body as JurisdictionDto;
    expect(dto).toMatchObject({ id: 'nz', name: 'NewZealand' });
    expect(dto.forms).toHaveLength(8);
    expect(dto.forms[0]!.breadcrumbs[0]!.steps[0]).toMatchObject({
      type: 'Formio',
      formioName: 'bc-project',
    });
    // Every territorial authority, by display name; not the independent one.
    expect(dto.authorities).toHaveLength(67);
    expect(dto.authorities.map((a) => a.id)).toEqual(expect.arrayContaining(['akl', 'ccc', 'dcc', 'wcc']));
    expect(dto.authorities.map((a) => a.id)).not.toContain('demo-ibca');
    expect(dto.documentCategories.length).toBeGreaterThan(0);
    expect(res.headers.etag).toBe(`"${dto.etag}"`);
    const byName = await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'NewZealand' } });
    expect(byName.body).toEqual(dto);
  });

  it('If-None-Match with the etag → 304 without a body; another etag → 200', async () => {
    const first = await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'nz' } });
    const etag = String(first.headers.etag);
    const res = await call(publicHandler, 'GET /public/jurisdictions/{id}', {
      pathParameters: { id: 'nz' },
      headers: { 'if-none-match': etag },
    });
    expect(res).toMatchObject({ statusCode: 304, headers: { etag } });
    expect((res as { body?: string }).body).toBeUndefined();
    const other = await pub('GET /public/jurisdictions/{id}', {
      pathParameters: { id: 'nz' },
      headers: { 'if-none-match': '"old"' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('warm: one item read while the stored etag is unchanged; a new etag reloads', async () => {
    await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'nz' } });
    const queries = ddb.commandCalls(QueryCommand).length;
    const gets = ddb.commandCalls(GetCommand).length;
    await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'nz' } });
    expect(ddb.commandCalls(QueryCommand).length).toBe(queries);
    expect(ddb.commandCalls(GetCommand).length).toBe(gets + 1);
    const jKey = [...table.items.keys()].find((k) => table.items.get(k)!.__edb_e__ === 'jurisdiction')!;
    table.items.get(jKey)!.etag = 'changed';
    const res = await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'nz' } });
    expect((res.body as JurisdictionDto).etag).toBe('changed');
    expect(ddb.commandCalls(QueryCommand).length).toBeGreaterThan(queries);
  });

  it('within the cache TTL a warm request reads nothing; by name too', async () => {
    service.setJurisdictionCacheTtl(60_000);
    const first = await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'NewZealand' } });
    const reads = ddb.calls().length;
    const again = await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'NewZealand' } });
    expect(again.body).toEqual(first.body);
    expect(ddb.calls().length).toBe(reads);
  });

  it('unknown or hidden → 404 ResourceNotFound', async () => {
    const res = await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'atlantis' } });
    expect(res).toMatchObject({ statusCode: 404, body: { code: 'ResourceNotFound' } });
    const jKey = [...table.items.keys()].find((k) => table.items.get(k)!.__edb_e__ === 'jurisdiction')!;
    table.items.get(jKey)!.isHidden = true;
    expect((await pub('GET /public/jurisdictions/{id}', { pathParameters: { id: 'nz' } })).statusCode).toBe(
      404,
    );
  });
});

describe('document types', () => {
  it('of the jurisdiction: Amendment and Supporting, without scope', async () => {
    const res = await pub('GET /public/jurisdictions/{id}/document-types', { pathParameters: { id: 'nz' } });
    expect(res.body).toEqual([
      expect.objectContaining({ id: 'amendment', name: 'Amendment', displayOrder: 1 }),
      expect.objectContaining({ id: 'supporting', name: 'Supporting', displayOrder: 2 }),
    ]);
    expect((res.body as object[])[0]).not.toHaveProperty('scope');
  });

  it("of a form: the form's own types, else the jurisdiction's; an unknown form → 404", async () => {
    const own = await pub('GET /public/jurisdictions/{id}/forms/{formId}/document-types', {
      pathParameters: { id: 'nz', formId: 'amendment' },
    });
    expect((own.body as { id: string }[]).map((t) => t.id)).toEqual([
      'amendment-form-amendment',
      'amendment-form-supporting',
    ]);
    const fallback = await pub('GET /public/jurisdictions/{id}/forms/{formId}/document-types', {
      pathParameters: { id: 'nz', formId: 'bc' },
    });
    expect((fallback.body as { id: string }[]).map((t) => t.id)).toEqual(['amendment', 'supporting']);
    const missing = await pub('GET /public/jurisdictions/{id}/forms/{formId}/document-types', {
      pathParameters: { id: 'nz', formId: 'nope' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /public/images/{id}', () => {
  it('PNG bytes base64 with content type and caching; SVG too; unknown → 404', async () => {
    const png = await call(publicHandler, 'GET /public/images/{id}', { pathParameters: { id: 'form-cpu' } });
    expect(png).toMatchObject({
      statusCode: 200,
      isBase64Encoded: true,
      headers: { 'content-type': 'image/png', 'cache-control': expect.stringContaining('max-age=86400') },
    });
    const bytes = Buffer.from((png as { body: string }).body, 'base64');
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const svg = await call(publicHandler, 'GET /public/images/{id}', { pathParameters: { id: 'akl-logo' } });
    expect(svg).toMatchObject({ headers: { 'content-type': 'image/svg+xml' } });
    expect(Buffer.from((svg as { body: string }).body, 'base64').toString()).toContain('AKL');
    const missing = await pub('GET /public/images/{id}', { pathParameters: { id: 'nope' } });
    expect(missing).toMatchObject({ statusCode: 404, body: { code: 'ResourceNotFound' } });
    const proto = await pub('GET /public/images/{id}', { pathParameters: { id: 'constructor' } });
    expect(proto.statusCode).toBe(404);
  });
});

describe('GET /public/authorities/detection', () => {
  it('→ {authorityId} of the first match; 404 when none; 400 without anything to match', async () => {
    const hit = await pub('GET /public/authorities/detection', {
      queryStringParameters: {
        city: 'Christchurch',
        postcode: '8011',
        latitude: '-43.53',
        longitude: '172.63',
      },
    });
    expect(hit).toMatchObject({ statusCode: 200, body: { authorityId: 'ccc' } });
    const byTa = await pub('GET /public/authorities/detection', {
      queryStringParameters: { territorialAuthority: 'Auckland', city: 'Wellington' },
    });
    expect(byTa.body).toEqual({ authorityId: 'akl' });
    // No New Zealand postcode starts 00.
    const miss = await pub('GET /public/authorities/detection', {
      queryStringParameters: { postcode: '0000' },
    });
    expect(miss).toMatchObject({ statusCode: 404, body: { code: 'ResourceNotFound' } });
    const bad = await pub('GET /public/authorities/detection', { queryStringParameters: {} });
    expect(bad).toMatchObject({ statusCode: 400, body: { code: 'ClientError' } });
  });
});

describe('user-scoped reference', () => {
  const claims = userClaims('sub-1');

  it('GET /user/qualification-types: LBP, LDGP, Other with classes in order', async () => {
    const res = await usr('GET /user/qualification-types', { claims });
    const list = res.body as { name: string; classes: { displayOrder: number }[]; regex?: string }[];
    expect(list.map((q) => q.name)).toEqual(['LBP', 'LDGP', 'Other']);
    expect(list[0]!.classes).toHaveLength(11);
    expect(list[0]!.regex).toBe('^BP\\d{6}$');
  });

  it("GET /user/documenttags: system tags (userId 0) then the user's own; not another user's", async () => {
    table.put(
      entities.documentTag
        .put({ userId: 'sub-1', documentTagId: 'mine', name: 'Mine', displayName: 'Mine', displayOrder: 1 })
        .params<{ Item: Record<string, unknown> }>().Item,
    );
    table.put(
      entities.documentTag
        .put({ userId: 'sub-2', documentTagId: 'theirs', name: 'T', displayName: 'T', displayOrder: 1 })
        .params<{ Item: Record<string, unknown> }>().Item,
    );
    const res = await usr('GET /user/documenttags', { claims });
    const tags = res.body as { id: string; userId: string }[];
    expect(tags.at(-1)).toMatchObject({ id: 'mine', userId: 'sub-1' });
    expect(tags.slice(0, -1).every((t) => t.userId === '0')).toBe(true);
    expect(tags.map((t) => t.id)).not.toContain('theirs');
  });

  it('GET /user/countries: New Zealand first with +64', async () => {
    const res = await usr('GET /user/countries', { claims });
    expect((res.body as { abbreviatedName: string; phoneCountryCode: string }[])[0]).toMatchObject({
      abbreviatedName: 'NZ',
      phoneCountryCode: '+64',
    });
  });

  it("GET /user/properties: empty until there are some, then the user's own only", async () => {
    expect((await usr('GET /user/properties', { claims })).body).toEqual([]);
    table.put(
      entities.userProperty
        .put({
          userId: 'sub-1',
          propertyId: 'p1',
          postcode: '6011',
          parcelId: '123',
          legalDescription: 'Lot 1 DP 1',
        })
        .params<{ Item: Record<string, unknown> }>().Item,
    );
    table.put(
      entities.userProperty
        .put({ userId: 'sub-2', propertyId: 'p2' })
        .params<{ Item: Record<string, unknown> }>().Item,
    );
    expect((await usr('GET /user/properties', { claims })).body).toEqual([
      { id: 'p1', postcode: '6011', parcelId: '123', legalDescription: 'Lot 1 DP 1' },
    ]);
  });

  it('GET /user: independentAuthorities from the e-mail grant; others see none', async () => {
    table.put(storedUser('sub-1', 'applicant@demo.consent.nz'));
    table.put(storedUser('sub-2', 'agent@demo.consent.nz'));
    const mine = await account('GET /user', { claims });
    expect(mine.body).toMatchObject({
      independentAuthorities: [{ id: 'demo-ibca', isIndependent: true, defaultIndependent: true }],
    });
    const theirs = await account('GET /user', { claims: userClaims('sub-2') });
    expect(theirs.body).toMatchObject({ independentAuthorities: [] });
  });

  it('GET /user: a relation to a council (not independent) or a hidden authority is not shown', async () => {
    table.put(storedUser('sub-1', 'someone@example.nz'));
    table.put(
      entities.userAuthority
        .put({ userId: 'sub-1', authorityId: 'akl' })
        .params<{ Item: Record<string, unknown> }>().Item,
    );
    expect((await account('GET /user', { claims })).body).toMatchObject({ independentAuthorities: [] });
  });

  it('user routes need a signed-in caller', async () => {
    expect((await usr('GET /user/qualification-types')).statusCode).toBe(401);
  });
});
