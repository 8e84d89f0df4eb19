/**
 * Every New Zealand building consent authority (the 67 territorial authorities) and the detection
 * that finds one for any address: every address the lookups return (shared/sample-data), and a
 * representative address of each district by what the web sends (city, postcode, coordinates), by
 * postcode alone, and by the territorial authority's name and code.
 */
import { describe, expect, it } from 'vitest';
import sample from '../../../../shared/sample-data/addresses.json' with { type: 'json' };
import { referenceData } from '../../../../functions/reference/data.js';
import { detectAuthority, detectAuthorityOfAddress } from '../../../../functions/reference/detection.js';
import { toLookupResult } from '../../../../functions/platform/adapters/lookups/local.js';
import type { SampleAddress } from '../../../../functions/platform/adapters/lookups/local.js';
import { addressFromLookup } from '../../../../web/src/features/address/address.js';
import { AuthorityDetectionQuery } from '../../../../shared/schemas/reference.js';

const data = referenceData();
const councils = data.authorities.filter((a) => !a.isIndependent);
const q = (raw: Record<string, string>) => AuthorityDetectionQuery.parse(raw);
const detect = (raw: Record<string, string>) => detectAuthority(data.authorities, q(raw))?.id;

/** Stats NZ's territorial-authority codes: 001–003, 011–013, 015–060, 062–076. */
const TA_CODES = [
  ...[1, 2, 3, 11, 12, 13],
  ...Array.from({ length: 46 }, (_, i) => 15 + i),
  ...Array.from({ length: 15 }, (_, i) => 62 + i),
].map((n) => String(n).padStart(3, '0'));

const REPRESENTATIVE: [id: string, city: string, postcode: string, latitude: number, longitude: number][] = [
  ['far-north', 'Kerikeri', '0230', -35.2269, 173.9477],
  ['whangarei', 'Whangarei', '0110', -35.7251, 174.3237],
  ['kaipara', 'Dargaville', '0310', -35.9401, 173.8696],
  ['thames-coromandel', 'Thames', '3500', -37.1383, 175.5401],
  ['hauraki', 'Paeroa', '3600', -37.3789, 175.6717],
  ['waikato', 'Huntly', '3700', -37.559, 175.158],
  ['matamata-piako', 'Morrinsville', '3300', -37.656, 175.528],
  ['hcc', 'Hamilton', '3204', -37.787, 175.2793],
  ['waipa', 'Cambridge', '3434', -37.888, 175.47],
  ['otorohanga', 'Otorohanga', '3900', -38.187, 175.208],
  ['south-waikato', 'Tokoroa', '3420', -38.221, 175.868],
  ['waitomo', 'Te Kuiti', '3910', -38.334, 175.16],
  ['taupo', 'Taupo', '3330', -38.686, 176.07],
  ['western-bay-of-plenty', 'Te Puke', '3119', -37.785, 176.325],
  ['tcc', 'Tauranga', '3110', -37.6878, 176.1651],
  ['rotorua', 'Rotorua', '3010', -38.137, 176.251],
  ['whakatane', 'Whakatane', '3120', -37.953, 176.99],
  ['kawerau', 'Kawerau', '3127', -38.085, 176.7],
  ['opotiki', 'Opotiki', '3122', -38.008, 177.287],
  ['gisborne', 'Gisborne', '4010', -38.662, 178.018],
  ['wairoa', 'Wairoa', '4108', -39.036, 177.418],
  ['hastings', 'Hastings', '4120', -39.64, 176.845],
  ['napier', 'Napier', '4110', -39.49, 176.912],
  ['central-hawkes-bay', 'Waipukurau', '4200', -39.995, 176.556],
  ['new-plymouth', 'New Plymouth', '4310', -39.057, 174.075],
  ['stratford', 'Stratford', '4332', -39.338, 174.284],
  ['south-taranaki', 'Hawera', '4610', -39.591, 174.283],
  ['ruapehu', 'Taumarunui', '3920', -38.883, 175.262],
  ['whanganui', 'Whanganui', '4500', -39.93, 175.048],
  ['rangitikei', 'Marton', '4710', -40.069, 175.379],
  ['manawatu', 'Feilding', '4702', -40.225, 175.566],
  ['palmerston-north', 'Palmerston North', '4410', -40.352, 175.608],
  ['tararua', 'Dannevirke', '4930', -40.206, 176.099],
  ['horowhenua', 'Levin', '5510', -40.622, 175.287],
  ['kapiti-coast', 'Paraparaumu', '5032', -40.915, 175.006],
  ['porirua', 'Porirua', '5022', -41.133, 174.84],
  ['upper-hutt', 'Upper Hutt', '5018', -41.124, 175.07],
  ['hutt-city', 'Lower Hutt', '5010', -41.209, 174.908],
  ['wcc', 'Wellington', '6011', -41.2865, 174.7762],
  ['masterton', 'Masterton', '5810', -40.951, 175.658],
  ['carterton', 'Carterton', '5713', -41.025, 175.528],
  ['south-wairarapa', 'Martinborough', '5711', -41.218, 175.459],
  ['tasman', 'Richmond', '7020', -41.339, 173.184],
  ['nelson', 'Nelson', '7010', -41.271, 173.284],
  ['marlborough', 'Blenheim', '7201', -41.514, 173.954],
  ['kaikoura', 'Kaikoura', '7300', -42.4, 173.681],
  ['buller', 'Westport', '7825', -41.754, 171.603],
  ['grey', 'Greymouth', '7805', -42.45, 171.207],
  ['westland', 'Hokitika', '7810', -42.718, 170.966],
  ['hurunui', 'Amberley', '7410', -43.155, 172.73],
  ['waimakariri', 'Rangiora', '7400', -43.304, 172.596],
  ['ccc', 'Christchurch', '8011', -43.5321, 172.6362],
  ['selwyn', 'Rolleston', '7614', -43.59, 172.38],
  ['ashburton', 'Ashburton', '7700', -43.905, 171.745],
  ['timaru', 'Timaru', '7910', -44.396, 171.255],
  ['mackenzie', 'Fairlie', '7925', -44.098, 170.828],
  ['waimate', 'Waimate', '7924', -44.733, 171.047],
  ['chatham-islands', 'Chatham Islands', '8942', -43.953, -176.56],
  ['waitaki', 'Oamaru', '9400', -45.097, 170.97],
  ['central-otago', 'Alexandra', '9320', -45.249, 169.379],
  ['queenstown-lakes', 'Queenstown', '9300', -45.031, 168.662],
  ['dcc', 'Dunedin', '9016', -45.8788, 170.5028],
  ['clutha', 'Balclutha', '9230', -46.236, 169.74],
  ['southland', 'Winton', '9720', -46.143, 168.325],
  ['gore', 'Gore', '9710', -46.099, 168.945],
  ['invercargill', 'Invercargill', '9810', -46.413, 168.353],
  ['akl', 'Auckland', '1010', -36.8485, 174.7633],
];

const codeOf = (a: { territorialAuthorities: string[] }) =>
  a.territorialAuthorities.find((t) => /^\d{3}$/.test(t));

describe('the building consent authorities of New Zealand (shared/reference/authorities.json)', () => {
  it('lists the 67 territorial authorities once each, by their Stats NZ code', () => {
    expect(TA_CODES).toHaveLength(67);
    expect(councils).toHaveLength(67);
    expect(councils.map(codeOf).sort()).toEqual(TA_CODES);
    expect(new Set(councils.map((a) => a.name)).size).toBe(67);
    for (const a of councils) {
      expect(a.name, a.id).toMatch(/Council$/);
      expect(a.displayName, a.id).toBe(a.name);
      expect(new URL(a.website).protocol, a.id).toBe('https:');
    }
  });

  it('keeps the ids, abbreviations and flags of the first seven; the others wait for onboarding', () => {
    const first = Object.fromEntries(
      data.authorities.slice(0, 6).map((a) => [a.id, [a.abbr, a.serviceable]] as const),
    );
    expect(first).toEqual({
      akl: ['AKL', true],
      wcc: ['WCC', true],
      ccc: ['CCC', true],
      hcc: ['HCC', true],
      tcc: ['TCC', true],
      dcc: ['DCC', false],
    });
    expect(data.authorities.find((a) => a.id === 'demo-ibca')).toMatchObject({
      abbr: 'DIBCA',
      serviceable: true,
      isIndependent: true,
    });
    const first7 = new Set([...Object.keys(first), 'demo-ibca']);
    const added = data.authorities.filter((a) => !first7.has(a.id));
    expect(added).toHaveLength(61);
    for (const a of added) {
      expect(a, a.id).toMatchObject({
        serviceable: false,
        propertyLookupEnabled: false,
        paymentsEnabled: false,
        isIndependent: false,
        hidden: false,
      });
      expect(a.enabledFormSeries.length, a.id).toBeGreaterThan(0);
      // Nothing unverified: no phone, e-mail, addresses or fees page until checked.
      for (const field of ['phone', 'email', 'address', 'postalAddress', 'feesAndChargesUrl'] as const)
        expect(a[field], `${a.id}.${field}`).toBeUndefined();
    }
  });

  it('no two authorities share a territorial-authority name, a city or a postcode prefix', () => {
    for (const a of councils) {
      for (const ta of a.territorialAuthorities) expect(detect({ territorialAuthority: ta }), ta).toBe(a.id);
      for (const city of a.cities) expect(detect({ city }), city).toBe(a.id);
    }
    const prefixes = councils.flatMap((a) => a.postcodePrefixes);
    expect(prefixes.length).toBe(new Set(prefixes).size);
  });
});

describe('authority detection for every district', () => {
  it('has a representative address for every territorial authority', () => {
    expect(REPRESENTATIVE.map(([id]) => id).sort()).toEqual(councils.map((a) => a.id).sort());
  });

  it.each(REPRESENTATIVE)('%s: %s %s', (id, city, postcode, latitude, longitude) => {
    const a = councils.find((c) => c.id === id)!;
    // What the new-application flow sends for a picked address, and the server's own detection.
    const address = { address1: '1 Main Street', city, zipCode: postcode, latitude, longitude };
    expect(detectAuthorityOfAddress(data.authorities, address)?.id).toBe(id);
    expect(detect({ city, postcode, latitude: String(latitude), longitude: String(longitude) })).toBe(id);
    // A town the reference data does not name: its postcode decides.
    expect(detect({ city: 'Somewhere Rural', postcode })).toBe(id);
    // The territorial authority as the address details carry it: its name, its code, the council's name.
    expect(detect({ territorialAuthority: a.territorialAuthorities[0]! })).toBe(id);
    expect(detect({ territorialAuthority: codeOf(a)! })).toBe(id);
    expect(detect({ territorialAuthority: a.name })).toBe(id);
  });

  it('finds the authority of every address the lookups return (shared/sample-data/addresses.json)', () => {
    const addresses = sample.addresses as SampleAddress[];
    expect(addresses.length).toBeGreaterThan(700);
    const misses: string[] = [];
    for (const s of addresses) {
      const expected = councils.find((a) => a.name === s.territorialAuthority)?.id;
      const details = toLookupResult(s);
      // As the web detects it (the picked address), and by the territorial authority the details carry.
      const byAddress = detectAuthorityOfAddress(data.authorities, addressFromLookup(details))?.id;
      const byTa = detect({ territorialAuthority: details.territorialAuthority! });
      if (!expected || byAddress !== expected || byTa !== expected)
        misses.push(`${s.fullAddress}: ${s.territorialAuthority} → ${byAddress}/${byTa}`);
    }
    expect(misses).toEqual([]);
  });
});
