import { describe, expect, it } from 'vitest';
import {
  referenceService,
  userAuthoritiesService,
} from '../../../../functions/reference/service/reference.js';
import type {
  ReferencePorts,
  StoredJurisdiction,
  UserAuthorityRelation,
} from '../../../../functions/reference/service/reference.js';
import { jurisdictionParts, referenceData } from '../../../../functions/reference/data.js';
import { jurisdictionEtag } from '../../../../functions/reference/jurisdiction.js';
import type {
  Authority,
  DocumentTag,
  DocumentType,
  UserPropertyDto,
} from '../../../../shared/schemas/reference.js';
import type { Country } from '../../../../shared/schemas/country.js';
import type { FormioForm } from '../../../../shared/schemas/formio.js';

const data = referenceData();

const authority = (id: string, extra: Partial<Authority> = {}): Authority => ({
  ...data.authorities.find((a) => a.id === 'akl')!,
  id,
  name: id,
  displayName: id,
  ...extra,
});

const docType = (id: string, scope: string, displayOrder: number): DocumentType => ({
  id,
  jurisdictionId: 'nz',
  scope,
  name: 'Supporting',
  displayName: id,
  displayOrder,
  description: '',
});

const tag = (id: string, userId: string, displayOrder: number, displayName = id): DocumentTag => ({
  id,
  name: id,
  displayName,
  displayOrder,
  userId,
});

/**
 * The reference service with fake ports: the bundled reference data as the table (the jurisdiction's
 * stored etag can be changed or hidden), counters of every read, and a clock the test moves.
 */
function world(
  opts: {
    documentTypes?: DocumentType[];
    tags?: DocumentTag[];
    countries?: Country[];
    relations?: Record<string, UserAuthorityRelation[]>;
    authorities?: Authority[];
  } = {},
) {
  const stored = new Map<string, StoredJurisdiction>(
    data.jurisdictions.map((j) => [j.id, { ...j, etag: jurisdictionEtag(jurisdictionParts(data, j)) }]),
  );
  const reads = { find: 0, parts: 0, authorities: 0, byIds: [] as string[][], documentTypes: [] as string[] };
  let clock = 1_000_000;
  const authorities = opts.authorities ?? data.authorities;
  const documentTypes = opts.documentTypes ?? data.documentTypes;
  const ports: ReferencePorts = {
    jurisdictions: {
      find: async (idOrName) => {
        reads.find++;
        return stored.get(idOrName) ?? [...stored.values()].find((j) => j.name === idOrName);
      },
      parts: async (j) => {
        reads.parts++;
        return jurisdictionParts(data, j);
      },
      authorities: async (jurisdictionId) => {
        reads.authorities++;
        return authorities.filter((a) => a.jurisdictionId === jurisdictionId);
      },
      formExists: async (jurisdictionId, formId) =>
        data.forms.some((f) => f.jurisdictionId === jurisdictionId && f.id === formId),
      // As the table's key condition: the scope is a prefix.
      documentTypes: async (jurisdictionId, scope) => {
        reads.documentTypes.push(scope);
        return documentTypes
          .filter((t) => t.jurisdictionId === jurisdictionId && t.scope.startsWith(scope))
          .map((t) => ({ ...t }));
      },
    },
    userAuthorities: {
      relationsOf: async (userId) => opts.relations?.[userId] ?? [],
      authoritiesByIds: async (ids) => {
        reads.byIds.push([...ids]);
        return ids.flatMap((id) => authorities.find((a) => a.id === id) ?? []);
      },
    },
    lists: {
      qualificationTypes: async () => data.qualificationTypes,
      documentTags: async (userId) => (opts.tags ?? []).filter((t) => t.userId === userId),
      countries: async () => opts.countries ?? data.countries,
      userProperties: async (userId): Promise<UserPropertyDto[]> =>
        userId === 'u1' ? [{ id: 'p1', postcode: '6011' }] : [],
    },
    bundled: {
      formioDefinition: (name) =>
        name === 'bc-project' ? ({ display: 'form', components: [] } as unknown as FormioForm) : undefined,
      images: { 'akl-logo': { contentType: 'image/svg+xml', base64: 'PHN2Zy8+' } },
    },
    now: () => clock,
  };
  return {
    service: referenceService(ports),
    stored,
    reads,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('reference service: the jurisdiction (fake ports)', () => {
  it('by id or by name: forms, breadcrumbs with steps, public authorities, categories; the body is its JSON', async () => {
    const w = world();
    const { dto, body } = await w.service.jurisdiction('nz');
    expect(dto).toMatchObject({ id: 'nz', name: 'NewZealand', etag: w.stored.get('nz')!.etag });
    expect(dto.forms.length).toBeGreaterThan(0);
    expect(dto.forms.every((f) => !f.isHidden)).toBe(true);
    expect(dto.breadcrumbs.every((b) => dto.forms.some((f) => f.id === b.jurisdictionFormId))).toBe(true);
    // Independent authorities are not public (the user sees their own through GET /user).
    expect(dto.authorities.map((a) => a.id)).not.toContain('demo-ibca');
    expect(dto.authorities[0]).not.toHaveProperty('postcodePrefixes');
    expect(JSON.parse(body)).toEqual(dto);
    expect((await w.service.jurisdiction('NewZealand')).dto).toEqual(dto);
  });

  it('unknown or hidden → NotFound', async () => {
    const w = world();
    await expect(w.service.jurisdiction('atlantis')).rejects.toMatchObject({
      kind: 'notFound',
      description: 'Jurisdiction atlantis not found',
    });
    w.stored.set('nz', { ...w.stored.get('nz')!, isHidden: true });
    await expect(w.service.jurisdiction('nz')).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('within the TTL a warm request reads nothing, by id or by name', async () => {
    const w = world();
    const first = await w.service.jurisdiction('NewZealand');
    w.tick(4_999);
    expect(await w.service.jurisdiction('NewZealand')).toBe(first);
    expect(w.reads).toMatchObject({ find: 1, parts: 1 });
  });

  it('after the TTL the etag is read again: unchanged keeps the assembled DTO, a new etag reloads it', async () => {
    const w = world();
    const first = await w.service.jurisdiction('nz');
    w.tick(5_000);
    const again = await w.service.jurisdiction('nz');
    expect(again.dto).toBe(first.dto);
    expect(w.reads).toMatchObject({ find: 2, parts: 1 });
    w.tick(5_000);
    w.stored.set('nz', { ...w.stored.get('nz')!, etag: 'changed' });
    const reloaded = await w.service.jurisdiction('nz');
    expect(reloaded.dto.etag).toBe('changed');
    expect(JSON.parse(reloaded.body)).toMatchObject({ etag: 'changed' });
    expect(w.reads).toMatchObject({ find: 3, parts: 2 });
  });

  it('a stored jurisdiction without an etag gets the hash of its DTO, and is reassembled on every check', async () => {
    const w = world();
    const expected = w.stored.get('nz')!.etag;
    w.stored.set('nz', { ...w.stored.get('nz')!, etag: '' });
    expect((await w.service.jurisdiction('nz')).dto.etag).toBe(expected);
    w.tick(5_000);
    await w.service.jurisdiction('nz');
    expect(w.reads.parts).toBe(2);
  });

  it('a TTL of 0 checks the etag on every request; clearing the cache reassembles', async () => {
    const w = world();
    w.service.setJurisdictionCacheTtl(0);
    await w.service.jurisdiction('nz');
    await w.service.jurisdiction('nz');
    expect(w.reads).toMatchObject({ find: 2, parts: 1 });
    w.service.clearJurisdictionCache();
    await w.service.jurisdiction('nz');
    expect(w.reads).toMatchObject({ find: 3, parts: 2 });
  });
});

describe('reference service: document types (fake ports)', () => {
  const types = [
    docType('supporting', 'all', 2),
    docType('b-amendment', 'all', 1),
    docType('a-amendment', 'all', 1),
    docType('amendment-own', 'amendment', 1),
    docType('amendment-x-own', 'amendment-x', 1),
  ];

  it("the jurisdiction's, by display order then id, without jurisdiction or scope", async () => {
    const w = world({ documentTypes: types });
    const list = await w.service.jurisdictionDocumentTypes('NewZealand');
    expect(list.map((t) => t.id)).toEqual(['a-amendment', 'b-amendment', 'supporting']);
    expect(list[0]).not.toHaveProperty('scope');
    expect(list[0]).not.toHaveProperty('jurisdictionId');
    expect(w.reads.documentTypes).toEqual(['all']);
  });

  it("a form's own types only (not a longer form id's that shares the prefix)", async () => {
    const w = world({ documentTypes: types });
    expect((await w.service.formDocumentTypes('nz', 'amendment')).map((t) => t.id)).toEqual([
      'amendment-own',
    ]);
  });

  it("a form without its own types has the jurisdiction's", async () => {
    const w = world({ documentTypes: types });
    expect((await w.service.formDocumentTypes('nz', 'bc')).map((t) => t.id)).toEqual([
      'a-amendment',
      'b-amendment',
      'supporting',
    ]);
  });

  it('an unknown form, or a hidden or unknown jurisdiction → NotFound', async () => {
    const w = world({ documentTypes: types });
    await expect(w.service.formDocumentTypes('nz', 'nope')).rejects.toMatchObject({
      kind: 'notFound',
      description: 'Form nope not found in nz',
    });
    await expect(w.service.jurisdictionDocumentTypes('atlantis')).rejects.toMatchObject({
      kind: 'notFound',
    });
    w.stored.set('nz', { ...w.stored.get('nz')!, isHidden: true });
    await expect(w.service.formDocumentTypes('nz', 'bc')).rejects.toMatchObject({ kind: 'notFound' });
  });
});

describe('reference service: bundled definitions and images (fake ports)', () => {
  it('a Form.io definition by name; an unknown one → NotFound', () => {
    const w = world();
    expect(w.service.formioDefinition('bc-project')).toMatchObject({ display: 'form' });
    expect(() => w.service.formioDefinition('nope')).toThrow(
      expect.objectContaining({ kind: 'notFound', description: 'No Form.io definition nope' }),
    );
  });

  it("an image by id; an unknown id or an object's own property name → NotFound", () => {
    const w = world();
    expect(w.service.referenceImage('akl-logo')).toEqual({
      contentType: 'image/svg+xml',
      base64: 'PHN2Zy8+',
    });
    for (const id of ['nope', 'constructor', 'toString', '__proto__'])
      expect(() => w.service.referenceImage(id), id).toThrow(expect.objectContaining({ kind: 'notFound' }));
  });
});

describe('reference service: authority detection (fake ports)', () => {
  it('the first matching authority of the default jurisdiction (nz)', async () => {
    const w = world();
    expect(await w.service.detect({ city: 'Christchurch' })).toEqual({ authorityId: 'ccc' });
    expect(await w.service.detect({ territorialAuthority: 'Auckland', city: 'Wellington' })).toEqual({
      authorityId: 'akl',
    });
  });

  it('no match, or a jurisdiction without authorities → NotFound with the message', async () => {
    const w = world();
    await expect(w.service.detect({ postcode: '0000' })).rejects.toMatchObject({
      kind: 'notFound',
      description: 'No building consent authority serves this address',
    });
    await expect(w.service.detect({ city: 'Christchurch', jurisdictionId: 'au' })).rejects.toMatchObject({
      kind: 'notFound',
    });
  });

  it("a jurisdiction's authorities are read once per TTL", async () => {
    const w = world();
    await w.service.detect({ city: 'Christchurch' });
    await w.service.detect({ city: 'Wellington' });
    expect(w.reads.authorities).toBe(1);
    w.tick(5_000);
    await w.service.detect({ city: 'Wellington' });
    expect(w.reads.authorities).toBe(2);
  });
});

describe('reference service: user-scoped lists (fake ports)', () => {
  it("document tags: the system tags (userId 0) first, then the user's own, each by order then name", async () => {
    const w = world({
      tags: [
        tag('s2', '0', 2),
        tag('s1b', '0', 1, 'B'),
        tag('s1a', '0', 1, 'A'),
        tag('mine-2', 'u1', 2),
        tag('mine-1', 'u1', 1),
        tag('theirs', 'u2', 0),
      ],
    });
    expect((await w.service.documentTags('u1')).map((t) => t.id)).toEqual([
      's1a',
      's1b',
      's2',
      'mine-1',
      'mine-2',
    ]);
  });

  it('document tags of the system user itself are listed once', async () => {
    const w = world({ tags: [tag('s1', '0', 1)] });
    expect((await w.service.documentTags('0')).map((t) => t.id)).toEqual(['s1']);
  });

  it('countries: New Zealand first, the rest in their stored order', async () => {
    const c = (id: number, abbreviatedName: string): Country => ({
      id,
      name: abbreviatedName,
      abbreviatedName,
      phoneCountryCode: `+${id}`,
    });
    const w = world({ countries: [c(1, 'AU'), c(2, 'NZ'), c(3, 'WS')] });
    expect((await w.service.countries()).map((x) => x.abbreviatedName)).toEqual(['NZ', 'AU', 'WS']);
  });

  it("qualification types as stored; the user's own properties", async () => {
    const w = world();
    expect(await w.service.qualificationTypes()).toEqual(data.qualificationTypes);
    expect(await w.service.userProperties('u1')).toEqual([{ id: 'p1', postcode: '6011' }]);
    expect(await w.service.userProperties('u2')).toEqual([]);
  });
});

describe("reference service: a user's independent authorities (fake ports)", () => {
  const authorities = [
    authority('ibca-z', { displayName: 'Zeta IBCA', isIndependent: true }),
    authority('ibca-a', { displayName: 'Alpha IBCA', isIndependent: true }),
    authority('ibca-hidden', { displayName: 'Hidden IBCA', isIndependent: true, hidden: true }),
    authority('council', { displayName: 'A Council', isIndependent: false }),
  ];

  it('only independent, non-hidden authorities, by display name, without detection hints, with the default flag', async () => {
    const { independentAuthoritiesOf } = userAuthoritiesService({
      relationsOf: async (id) =>
        id === 'u1'
          ? authorities.map((a) => ({ authorityId: a.id, defaultIndependent: a.id === 'ibca-z' }))
          : [],
      authoritiesByIds: async (ids) => authorities.filter((a) => ids.includes(a.id)),
    });
    const list = await independentAuthoritiesOf('u1', undefined);
    expect(list.map((a) => [a.id, a.defaultIndependent])).toEqual([
      ['ibca-a', false],
      ['ibca-z', true],
    ]);
    expect(list[0]).not.toHaveProperty('cities');
    expect(list[0]).not.toHaveProperty('bounds');
  });

  it("the relations granted to the user's e-mail (trimmed, lower case) count too; the user's own win", async () => {
    const w = world({
      authorities,
      relations: {
        u1: [{ authorityId: 'ibca-a', defaultIndependent: false }],
        'email:ana@example.nz': [
          { authorityId: 'ibca-a', defaultIndependent: true },
          { authorityId: 'ibca-z', defaultIndependent: true },
        ],
      },
    });
    const list = await w.service.independentAuthoritiesOf('u1', ' Ana@Example.NZ ');
    expect(list.map((a) => [a.id, a.defaultIndependent])).toEqual([
      ['ibca-a', false],
      ['ibca-z', true],
    ]);
    expect(w.reads.byIds).toEqual([['ibca-a', 'ibca-z']]);
  });

  it('without an e-mail only the user id is read; no relations → none', async () => {
    const w = world({
      authorities,
      relations: { 'email:ana@example.nz': [{ authorityId: 'ibca-a', defaultIndependent: true }] },
    });
    expect(await w.service.independentAuthoritiesOf('u1', undefined)).toEqual([]);
    expect(await w.service.independentAuthoritiesOf('u2', 'someone@example.nz')).toEqual([]);
  });
});
