/**
 * Reference data against the local stack: what `npm start` seeded (the loader) served by the public
 * and user-scoped reference routes through the local gateway.
 */
import { describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import type { JurisdictionDto } from '../../shared/schemas/reference';

const o = readOutputs();
const demo = (email: string) => {
  const u = o.DemoUsers.find((d) => d.email === email);
  if (!u) throw new Error(`no demo user ${email}`);
  return u;
};

describe('public reference routes', () => {
  test('GET /public/jurisdictions/{id}: by id and by name, with etag; If-None-Match → 304', async () => {
    const res = await fetch(`${o.ApiUrl}/public/jurisdictions/nz`);
    expect(res.status).toBe(200);
    const dto = (await res.json()) as JurisdictionDto;
    expect(res.headers.get('etag')).toBe(`"${dto.etag}"`);
    expect(dto.forms.map((f) => f.series)).toEqual([
      'bc',
      'bc-sfh',
      'bca',
      'bca-sfh',
      'amendment',
      'ccc',
      'eot',
      'cpu',
    ]);
    expect(dto.forms[0]!.breadcrumbs.flatMap((b) => b.steps.map((s) => s.type))).toEqual([
      'Formio',
      'Formio',
      'Formio',
      'Contact',
      'DocumentUpload',
      'ApplicationReview',
      'TemplateDetails',
    ]);
    // The containers a building consent needs before it can be submitted (the review's document rule).
    expect(dto.forms[0]!.requiredDocumentContainers).toEqual([
      'plans',
      'specifications',
      'proof-of-ownership',
    ]);
    // Every territorial authority (docs/reference-data.md), by display name.
    expect(dto.authorities).toHaveLength(67);
    expect(dto.authorities.filter((a) => a.serviceable).map((a) => a.abbr)).toEqual(
      expect.arrayContaining(['AKL', 'CCC', 'HCC', 'TCC', 'WCC']),
    );
    expect(dto.authorities.find((a) => a.id === 'gore')).toMatchObject({
      name: 'Gore District Council',
      website: 'https://www.goredc.govt.nz',
      serviceable: false,
    });
    expect(dto.authorities.some((a) => a.isIndependent)).toBe(false);
    expect(dto.documentCategories.length).toBeGreaterThan(0);

    const byName = await api('GET', '/public/jurisdictions/NewZealand');
    expect(byName).toEqual({ status: 200, body: dto });

    const again = await fetch(`${o.ApiUrl}/public/jurisdictions/nz`, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    expect(await api('GET', '/public/jurisdictions/atlantis')).toMatchObject({
      status: 404,
      body: { code: 'ResourceNotFound' },
    });
  });

  test('document types of the jurisdiction and of a form (own, fallback, unknown form)', async () => {
    const all = await api('GET', '/public/jurisdictions/nz/document-types');
    expect((all.body as { name: string }[]).map((t) => t.name)).toEqual(['Amendment', 'Supporting']);
    const own = await api('GET', '/public/jurisdictions/nz/forms/ccc/document-types');
    expect((own.body as { id: string }[]).map((t) => t.id)).toEqual(['ccc-supporting']);
    const fallback = await api('GET', '/public/jurisdictions/NewZealand/forms/bc/document-types');
    expect(fallback.body).toEqual(all.body);
    expect((await api('GET', '/public/jurisdictions/nz/forms/zzz/document-types')).status).toBe(404);
  });

  test('GET /public/images/{id}: real bytes with type and caching', async () => {
    const png = await fetch(`${o.ApiUrl}/public/images/form-cpu`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toContain('max-age=86400');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const svg = await fetch(`${o.ApiUrl}/public/images/wcc-logo`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg[\s\S]*WCC[\s\S]*<\/svg>/);
    expect((await fetch(`${o.ApiUrl}/public/images/nope`)).status).toBe(404);
  });

  test('GET /public/authorities/detection: territorial authority, city, postcode, coordinates; miss → 404', async () => {
    const detect = (q: Record<string, string>) =>
      api('GET', `/public/authorities/detection?${new URLSearchParams(q).toString()}`);
    expect(await detect({ territorialAuthority: 'Tauranga City' })).toEqual({
      status: 200,
      body: { authorityId: 'tcc' },
    });
    expect((await detect({ city: 'Karori', postcode: '6012' })).body).toEqual({ authorityId: 'wcc' });
    expect((await detect({ postcode: '9016' })).body).toEqual({ authorityId: 'dcc' });
    expect((await detect({ latitude: '-36.85', longitude: '174.76' })).body).toEqual({ authorityId: 'akl' });
    expect((await detect({ city: 'Invercargill', postcode: '9810' })).body).toEqual({
      authorityId: 'invercargill',
    });
    expect(await detect({ city: 'Sydney', postcode: '0000' })).toMatchObject({
      status: 404,
      body: { code: 'ResourceNotFound' },
    });
    expect((await detect({})).status).toBe(400);
  });
});

describe('user-scoped reference routes', () => {
  test('the applicant sees the demo independent BCA in GET /user; the agent does not', async () => {
    const applicant = demo('applicant@demo.consent.nz');
    const a = await signIn(applicant.email, applicant.password, o);
    const me = await api('GET', '/user', undefined, { token: a.IdToken });
    expect(me.status).toBe(200);
    expect((me.body as { independentAuthorities: unknown[] }).independentAuthorities).toEqual([
      expect.objectContaining({ id: 'demo-ibca', isIndependent: true, defaultIndependent: true }),
    ]);
    const agent = demo('agent@demo.consent.nz');
    const g = await signIn(agent.email, agent.password, o);
    const them = await api('GET', '/user', undefined, { token: g.IdToken });
    expect((them.body as { independentAuthorities: unknown[] }).independentAuthorities).toEqual([]);
  });

  test('qualification types, document tags, countries (NZ first) and properties (none yet)', async () => {
    const u = demo('agent@demo.consent.nz');
    const { IdToken: token } = await signIn(u.email, u.password, o);
    const q = await api('GET', '/user/qualification-types', undefined, { token });
    expect((q.body as { name: string }[]).map((t) => t.name)).toEqual(['LBP', 'LDGP', 'Other']);
    const tags = await api('GET', '/user/documenttags', undefined, { token });
    expect((tags.body as { userId: string }[]).length).toBeGreaterThan(0);
    expect((tags.body as { userId: string }[]).every((t) => t.userId === '0')).toBe(true);
    const countries = await api('GET', '/user/countries', undefined, { token });
    expect((countries.body as { abbreviatedName: string }[])[0]!.abbreviatedName).toBe('NZ');
    expect(await api('GET', '/user/properties', undefined, { token })).toEqual({ status: 200, body: [] });
    expect((await api('GET', '/user/properties')).status).toBe(401);
  });
});
