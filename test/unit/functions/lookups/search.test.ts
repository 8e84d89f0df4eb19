import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  compareHouseNumbers,
  matchesAllTokens,
  normalise,
  tokens,
} from '../../../../functions/platform/adapters/lookups/search.js';
import {
  authorityMatches,
  checkFault,
  findAddress,
  loadSampleData,
  localAddressService,
  localLbpRegister,
  localPropertyService,
  type SampleData,
} from '../../../../functions/platform/adapters/lookups/local.js';
import { LookupServiceError } from '../../../../functions/platform/adapters/lookups/types.js';
import { AddressLookupResult } from '../../../../shared/schemas/lookups.js';

describe('search: tokens and prefix matching', () => {
  it('tokenises case-, accent- and apostrophe-insensitively', () => {
    expect(tokens("Flat 2, 14A O'Connor Street, Whangārei")).toEqual([
      'flat',
      '2',
      '14a',
      'oconnor',
      'street',
      'whangarei',
    ]);
    expect(normalise('  12   KAURI st ')).toBe('12 kauri st');
  });

  it('needs every query token to prefix a different record token', () => {
    const rec = tokens('12 Kauri Street, Grey Lynn, Auckland 1021');
    expect(matchesAllTokens(tokens('12 kau'), rec)).toBe(true);
    expect(matchesAllTokens(tokens('KAU 12'), rec)).toBe(true);
    expect(matchesAllTokens(tokens('grey lyn auck'), rec)).toBe(true);
    expect(matchesAllTokens(tokens('12 12'), rec)).toBe(false); // one 12 only
    expect(matchesAllTokens(tokens('1 12'), rec)).toBe(true); // '1' prefixes '1021'
    expect(matchesAllTokens(tokens('12 kaz'), rec)).toBe(false);
    expect(matchesAllTokens(tokens('auri'), rec)).toBe(false); // infix is not a prefix
    expect(matchesAllTokens([], rec)).toBe(false);
    // Abbreviations match their full word, and still work as prefixes.
    expect(matchesAllTokens(tokens('12 kauri st'), rec)).toBe(true);
    expect(matchesAllTokens(tokens('grey lynn rd'), rec)).toBe(false);
    expect(matchesAllTokens(tokens('st'), tokens('1 Cranford Street, St Albans'))).toBe(true);
  });

  it('orders house numbers numerically, then by suffix', () => {
    expect(['12A', '2', '120', '12'].sort(compareHouseNumbers)).toEqual(['2', '12', '12A', '120']);
  });
});

describe('local NZ Post address checker (sample data)', () => {
  const service = localAddressService();

  it('finds by number and street prefix, the exact house number first', async () => {
    const res = await service.suggest('12 willis', 10);
    expect(res.length).toBeGreaterThan(0);
    expect(res[0]!.fullAddress).toBe('12 Willis Street, Te Aro, Wellington 6011');
    for (const a of res) expect(a.fullAddress.toLowerCase()).toContain('willis');
  });

  it('is case-insensitive and honours max', async () => {
    const lower = await service.suggest('ponsonby road', 20);
    const upper = await service.suggest('PONSONBY ROAD', 20);
    expect(upper).toEqual(lower);
    expect(lower.length).toBeGreaterThan(3);
    expect(await service.suggest('ponsonby road', 3)).toEqual(lower.slice(0, 3));
    // The street named (flats on it too) comes before other streets in the suburb Ponsonby, then by
    // house number.
    const onStreet = lower.filter((a) => /^(Flat \d, )?\d+[AB]? Ponsonby Road/.test(a.fullAddress));
    expect(onStreet.some((a) => a.fullAddress.startsWith('Flat'))).toBe(true);
    expect(lower.slice(0, onStreet.length)).toEqual(onStreet);
    const numbers = onStreet.map((a) => parseInt(a.fullAddress.replace(/^Flat \d, /, ''), 10));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
  });

  it('matches suburb, city and postcode tokens too', async () => {
    const res = await service.suggest('cuba te aro', 20);
    expect(res.length).toBeGreaterThan(0);
    for (const a of res) expect(a.fullAddress).toMatch(/Cuba Street, Te Aro, Wellington 6011$/);
    const byPostcode = await service.suggest('9016', 20);
    expect(byPostcode.length).toBe(20);
    for (const a of byPostcode) expect(a.fullAddress).toMatch(/ 9016$/);
  });

  it('returns an empty list for a miss', async () => {
    expect(await service.suggest('99999 nowhere', 10)).toEqual([]);
  });

  it('gives details by DPID in the portal shape, and nothing for an unknown DPID', async () => {
    const [first] = await service.suggest('74 ponsonby road', 1);
    const details = await service.details(first!.dpid);
    expect(details).toHaveLength(1);
    const d = AddressLookupResult.parse(details[0]);
    expect(d).toMatchObject({
      dpid: first!.dpid,
      address1: '74 Ponsonby Road',
      address2: 'Ponsonby',
      address3: 'Auckland 1011',
      suburb: 'Ponsonby',
      city: 'Auckland',
      postcode: '1011',
      country: 'NZ',
      isManualAddress: false,
      fullAddress: '74 Ponsonby Road, Ponsonby, Auckland 1011',
      territorialAuthority: 'Auckland Council',
    });
    expect(d.latitude).toBeCloseTo(-36.85, 1);
    expect(d.longitude).toBeCloseTo(174.75, 1);
    expect(await service.details('0000001')).toEqual([]);
  });

  it('gives unit addresses their flat as the first line', async () => {
    const [flat] = await service.suggest('flat 2 ponsonby', 1);
    expect(flat).toBeDefined();
    const [d] = await service.details(flat!.dpid);
    expect(d!.address1).toBe('Flat 2');
    expect(d!.address2).toMatch(/^\d+[AB]? Ponsonby Road$/);
  });
});

describe('local property lookup (sample data)', () => {
  const service = localPropertyService();

  it('finds the parcels by DPID when the authority is the council of the address', async () => {
    const data = await loadSampleData();
    const a = data.addresses.find((x) => x.city === 'Christchurch')!;
    const parcels = await service.parcels('Christchurch City Council', { dpid: a.dpid });
    expect(parcels.length).toBeGreaterThan(0);
    expect(parcels).toEqual(data.parcels[a.dpid]);
    expect(await service.parcels('CCC', { dpid: a.dpid })).toEqual(parcels);
    expect(await service.parcels('christchurch-city-council', { dpid: a.dpid })).toEqual(parcels);
    // Another council does not know the property.
    expect(await service.parcels('Auckland Council', { dpid: a.dpid })).toEqual([]);
  });

  it('finds the address by its normalised full address, or street line and postcode', async () => {
    const data = await loadSampleData();
    const a = data.addresses.find((x) => x.city === 'Dunedin' && !x.unit)!;
    const expected = data.parcels[a.dpid];
    expect(await service.parcels('DCC', { fullAddress: a.fullAddress.toUpperCase() })).toEqual(expected);
    expect(
      await service.parcels('Dunedin City Council', {
        address1: `${a.number} ${a.street}`,
        zipCode: a.postcode,
      }),
    ).toEqual(expected);
    expect(findAddress(data.addresses, { address1: `${a.number} ${a.street}`, city: 'Dunedin' })?.dpid).toBe(
      a.dpid,
    );
  });

  it('returns an empty list for an unknown address', async () => {
    expect(await service.parcels('Auckland Council', { dpid: '42' })).toEqual([]);
    expect(await service.parcels('Auckland Council', { fullAddress: '1 Nowhere Lane, Auckland' })).toEqual(
      [],
    );
    expect(await service.parcels('Auckland Council', {})).toEqual([]);
  });

  it("knows the portal's authorities by their reference ids (shared/reference/authorities.json)", async () => {
    const data = await loadSampleData();
    const reference = JSON.parse(
      readFileSync(new URL('../../../../shared/reference/authorities.json', import.meta.url), 'utf8'),
    ) as unknown;
    const list = (Array.isArray(reference) ? reference : []) as { id?: string; name?: string }[];
    let checked = 0;
    for (const ta of data.territorialAuthorities) {
      const authority = list.find((a) => a.name === ta.name);
      if (!authority?.id) continue;
      checked++;
      expect(authorityMatches(authority.id, ta), authority.id).toBe(true);
      for (const other of data.territorialAuthorities.filter((t) => t !== ta))
        expect(authorityMatches(authority.id, other), `${authority.id} ≠ ${other.name}`).toBe(false);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('matches authorities by name, alias or place name only', () => {
    const ta = { name: 'Wellington City Council', aliases: ['WCC'] };
    expect(authorityMatches('Wellington City Council', ta)).toBe(true);
    expect(authorityMatches('wcc', ta)).toBe(true);
    expect(authorityMatches('wellington', ta)).toBe(true);
    expect(authorityMatches('Hutt City Council', ta)).toBe(false);
    expect(authorityMatches('', ta)).toBe(false);
  });
});

describe('local LBP register (sample data)', () => {
  const register = localLbpRegister();

  it('searches by name tokens (prefix, any order, any case) and honours the limit', async () => {
    const res = await register.search('smi', 50);
    expect(res.length).toBeGreaterThan(3);
    for (const p of res) expect(p.fullName.toLowerCase()).toMatch(/\bsmi/);
    const both = await register.search('SMITH aro', 50);
    expect(both.map((p) => p.fullName)).toContain('Aroha Smith');
    expect(await register.search('smi', 2)).toHaveLength(2);
    expect(await register.search('zzzz', 10)).toEqual([]);
  });

  it('searches by BP number prefix, with or without BP', async () => {
    const all = (await loadSampleData()).practitioners;
    const target = all[10]!;
    expect((await register.search(target.lbpNumber, 10))[0]).toEqual(target);
    expect((await register.search(target.lbpNumber.slice(2), 10))[0]).toEqual(target);
    expect(await register.search('bp', 400)).toHaveLength(all.length);
    const prefix = await register.search('BP10', 5);
    expect(prefix).toHaveLength(5);
    for (const p of prefix) expect(p.lbpNumber.startsWith('BP10')).toBe(true);
    expect(prefix.map((p) => p.lbpNumber)).toEqual(prefix.map((p) => p.lbpNumber).sort());
  });

  it('gets one practitioner by number, or undefined', async () => {
    const p = (await loadSampleData()).practitioners[3]!;
    expect(await register.get(p.lbpNumber.toLowerCase())).toEqual(p);
    expect(await register.get('BP000000')).toBeUndefined();
  });
});

describe('fault injection (local stack only)', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('throws the configured fault for that service only', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'faults-'));
    const file = path.join(dir, 'faults.json');
    expect(() => checkFault('nzpost', file)).not.toThrow(); // no file
    writeFileSync(file, JSON.stringify({ nzpost: 'connect', lbp: 'status' }));
    expect(() => checkFault('nzpost', file)).toThrow(LookupServiceError);
    expect(() => checkFault('property', file)).not.toThrow();
    try {
      checkFault('lbp', file);
    } catch (err) {
      expect(err).toMatchObject({ service: 'lbp', failure: 'status' });
    }
    writeFileSync(file, 'not json');
    expect(() => checkFault('nzpost', file)).not.toThrow();
  });

  it('works on any data given to the services', async () => {
    const tiny: SampleData = {
      territorialAuthorities: [{ name: 'Hamilton City Council', aliases: ['HCC'] }],
      addresses: [
        {
          dpid: '1',
          number: '12',
          street: 'Kauri Street',
          suburb: 'Hamilton East',
          city: 'Hamilton',
          postcode: '3216',
          fullAddress: '12 Kauri Street, Hamilton East, Hamilton 3216',
          latitude: -37.79,
          longitude: 175.29,
          territorialAuthority: 'Hamilton City Council',
        },
        {
          dpid: '2',
          number: '120',
          street: 'Kauri Street',
          suburb: 'Hamilton East',
          city: 'Hamilton',
          postcode: '3216',
          fullAddress: '120 Kauri Street, Hamilton East, Hamilton 3216',
          latitude: -37.79,
          longitude: 175.29,
          territorialAuthority: 'Hamilton City Council',
        },
      ],
      parcels: {},
      practitioners: [],
    };
    const s = localAddressService(async () => tiny);
    expect((await s.suggest('12 kau', 10)).map((a) => a.dpid)).toEqual(['1', '2']);
    expect((await s.suggest('120 kau', 10)).map((a) => a.dpid)).toEqual(['2']);
  });
});
