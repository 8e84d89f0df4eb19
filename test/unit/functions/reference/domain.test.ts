import { describe, expect, it } from 'vitest';
import { jurisdictionParts, referenceData } from '../../../../functions/reference/data.js';
import { detectAuthority } from '../../../../functions/reference/detection.js';
import {
  buildJurisdiction,
  etagMatches,
  isPublicAuthority,
  jurisdictionEtag,
} from '../../../../functions/reference/jurisdiction.js';
import { AuthorityDetectionQuery } from '../../../../shared/schemas/reference.js';

const data = referenceData();
const nz = data.jurisdictions.find((j) => j.id === 'nz')!;
const parts = jurisdictionParts(data, nz);
const q = (raw: Record<string, string>) => AuthorityDetectionQuery.parse(raw);

describe('detectAuthority', () => {
  it('matches the territorial authority by name or code first, ignoring "City"/"District"/case', () => {
    expect(detectAuthority(data.authorities, q({ territorialAuthority: 'Wellington City' }))?.id).toBe('wcc');
    expect(detectAuthority(data.authorities, q({ territorialAuthority: 'hamilton city council' }))?.id).toBe(
      'hcc',
    );
    expect(detectAuthority(data.authorities, q({ territorialAuthority: '076' }))?.id).toBe('akl');
    // The territorial authority wins over a contradicting city.
    expect(
      detectAuthority(data.authorities, q({ territorialAuthority: 'Dunedin City', city: 'Auckland' }))?.id,
    ).toBe('dcc');
  });

  it('falls back to the city, then the longest postcode prefix, then the coordinates', () => {
    expect(detectAuthority(data.authorities, q({ city: 'Mount Maunganui' }))?.id).toBe('tcc');
    expect(detectAuthority(data.authorities, q({ city: 'Nowhere', postcode: '8011' }))?.id).toBe('ccc');
    expect(detectAuthority(data.authorities, q({ postcode: '3110' }))?.id).toBe('tcc');
    expect(detectAuthority(data.authorities, q({ postcode: '3204' }))?.id).toBe('hcc');
    expect(detectAuthority(data.authorities, q({ latitude: '-45.87', longitude: '170.50' }))?.id).toBe('dcc');
    expect(detectAuthority(data.authorities, q({ latitude: '-41.28', longitude: '174.77' }))?.id).toBe('wcc');
  });

  it('no match → undefined; independent and hidden authorities are never detected', () => {
    // Outside New Zealand: Sydney.
    expect(detectAuthority(data.authorities, q({ city: 'Sydney', postcode: '0000' }))).toBeUndefined();
    expect(detectAuthority(data.authorities, q({ latitude: '-33.87', longitude: '151.21' }))).toBeUndefined();
    const hidden = data.authorities.map((a) => (a.id === 'wcc' ? { ...a, hidden: true } : a));
    expect(detectAuthority(hidden, q({ city: 'Wellington' }))).toBeUndefined();
    const ibca = data.authorities.find((a) => a.isIndependent)!;
    expect(detectAuthority([{ ...ibca, cities: ['Wellington'] }], q({ city: 'Wellington' }))).toBeUndefined();
  });

  it('the query needs something to match on; postcodes are four digits', () => {
    expect(AuthorityDetectionQuery.safeParse({}).success).toBe(false);
    expect(AuthorityDetectionQuery.safeParse({ latitude: '-41' }).success).toBe(false);
    expect(AuthorityDetectionQuery.safeParse({ postcode: '60' }).success).toBe(false);
    expect(AuthorityDetectionQuery.safeParse({ latitude: '-91', longitude: '0' }).success).toBe(false);
  });
});

describe('buildJurisdiction', () => {
  const dto = buildJurisdiction(parts, 'e1');

  it('forms by display order with breadcrumbs and steps by display order; breadcrumbs listed with their form id', () => {
    expect(dto.forms.map((f) => f.id)).toEqual([
      'bc',
      'bc-sfh',
      'bca',
      'bca-sfh',
      'amendment',
      'ccc',
      'eot',
      'cpu',
    ]);
    const bc = dto.forms[0]!;
    expect(bc.breadcrumbs.map((b) => b.name)).toEqual(['Project', 'People', 'Documents', 'Submit']);
    expect(bc.breadcrumbs[0]!.steps.map((s) => s.formioName)).toEqual([
      'bc-project',
      'bc-building-code',
      'bc-compliance-schedule',
    ]);
    expect(dto.breadcrumbs).toHaveLength(dto.forms.reduce((n, f) => n + f.breadcrumbs.length, 0));
    expect(dto.breadcrumbs[0]).toMatchObject({ jurisdictionFormId: 'bc', displayOrder: 1 });
    expect(dto.etag).toBe('e1');
  });

  it('authorities: public only (no independent, no hidden), by display name, without detection hints', () => {
    const names = dto.authorities.map((a) => a.displayName);
    expect(names).toHaveLength(67);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(dto.authorities.map((a) => a.id)).not.toContain('demo-ibca');
    expect(dto.authorities[0]).not.toHaveProperty('cities');
    expect(dto.authorities[0]).not.toHaveProperty('bounds');
    const hidden = buildJurisdiction(
      { ...parts, authorities: parts.authorities.map((a) => (a.id === 'akl' ? { ...a, hidden: true } : a)) },
      'x',
    );
    expect(hidden.authorities.map((a) => a.id)).not.toContain('akl');
    expect(isPublicAuthority({ hidden: false, isIndependent: true })).toBe(false);
  });

  it('hidden forms are left out; categories by display order', () => {
    const forms = parts.forms.map((f) => (f.id === 'cpu' ? { ...f, isHidden: true } : f));
    expect(buildJurisdiction({ ...parts, forms }, 'x').forms.map((f) => f.id)).not.toContain('cpu');
    expect(dto.documentCategories.map((c) => c.displayOrder)).toEqual(
      [...dto.documentCategories.map((c) => c.displayOrder)].sort((a, b) => a - b),
    );
  });
});

describe('jurisdiction etag and If-None-Match', () => {
  it('is stable for the same content, whatever the order, and changes with any shown field', () => {
    const e = jurisdictionEtag(parts);
    expect(e).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(jurisdictionEtag({ ...parts, forms: [...parts.forms].reverse() })).toBe(e);
    const renamed = parts.steps.map((s, i) => (i === 0 ? { ...s, displayName: 'Changed' } : s));
    expect(jurisdictionEtag({ ...parts, steps: renamed })).not.toBe(e);
    const phone = parts.authorities.map((a, i) => (i === 0 ? { ...a, phone: '09 000 0000' } : a));
    expect(jurisdictionEtag({ ...parts, authorities: phone })).not.toBe(e);
  });

  it('If-None-Match: quoted, weak, lists and * match; others do not', () => {
    expect(etagMatches('"abc"', 'abc')).toBe(true);
    expect(etagMatches('W/"abc"', 'abc')).toBe(true);
    expect(etagMatches('"x", "abc"', 'abc')).toBe(true);
    expect(etagMatches('*', 'abc')).toBe(true);
    expect(etagMatches('"abd"', 'abc')).toBe(false);
    expect(etagMatches(undefined, 'abc')).toBe(false);
  });
});
