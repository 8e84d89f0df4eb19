/**
 * The lookup endpoints against the local stack (local services over shared/sample-data): NZ Post
 * suggest and details, parcels, the LBP register; misses, limits, input checks, and the spec's
 * failure messages with a failing service injected (test/support/lookups.ts).
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { clearLookupFaults, injectLookupFaults } from '../support/lookups';
import {
  AddressDetailsResponse,
  AddressSuggestResponse,
  ParcelsResponse,
  Practitioner,
  PractitionerSearchResponse,
  lookupMessages,
} from '../../shared/schemas/lookups';

const o = readOutputs();
let token = '';

beforeAll(async () => {
  const demo = o.DemoUsers[0]!;
  token = (await signIn(demo.email, demo.password, o)).IdToken;
});
afterEach(() => clearLookupFaults(o));

const get = (path: string, query: Record<string, string> = {}, auth = true) => {
  const qs = new URLSearchParams(query).toString();
  return api('GET', qs ? `${path}?${qs}` : path, undefined, auth ? { token } : {});
};
const SUGGEST = '/user/nzpost/addresschecker/suggest';
const DETAILS = '/user/nzpost/addresschecker/details';
const PARCELS = '/v1/service/property-lookup/parcels';
const LBP = '/v1/service/licensed-building-practitioners';

describe('NZ Post address checker', () => {
  test('suggest: prefix tokens, exact number first, max honoured, misses empty, needs sign-in', async () => {
    const res = await get(SUGGEST, { type: 'Physical', q: '12 WILLIS' });
    expect(res.status).toBe(200);
    const body = AddressSuggestResponse.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.addresses[0]).toMatchObject({ fullAddress: '12 Willis Street, Te Aro, Wellington 6011' });

    const four = AddressSuggestResponse.parse((await get(SUGGEST, { q: 'road', max: '4' })).body);
    expect(four.addresses).toHaveLength(4);
    const ten = AddressSuggestResponse.parse((await get(SUGGEST, { q: 'road' })).body);
    expect(ten.addresses).toHaveLength(10);

    expect((await get(SUGGEST, { q: 'qqq zzz' })).body).toEqual({ success: true, addresses: [] });
    expect((await get(SUGGEST, { q: 'w' })).status).toBe(400);
    expect((await get(SUGGEST, { q: 'willis' }, false)).status).toBe(401);
  });

  test('details: the picked address with its council and coordinates; unknown DPID → empty', async () => {
    const [pick] = AddressSuggestResponse.parse((await get(SUGGEST, { q: '74 ponsonby rd' })).body).addresses;
    expect(pick).toBeDefined();
    const res = await get(DETAILS, { type: 'Physical', dpid: pick!.dpid });
    expect(res.status).toBe(200);
    const { success, details } = AddressDetailsResponse.parse(res.body);
    expect(success).toBe(true);
    expect(details).toHaveLength(1);
    expect(details[0]).toMatchObject({
      dpid: pick!.dpid,
      fullAddress: pick!.fullAddress,
      city: 'Auckland',
      postcode: '1011',
      country: 'NZ',
      territorialAuthority: 'Auckland Council',
    });
    expect(details[0]!.latitude).toBeLessThan(-36.8);
    expect((await get(DETAILS, { dpid: '9999999' })).body).toEqual({ success: true, details: [] });
    expect((await get(DETAILS, {})).status).toBe(400);
  });
});

describe('property lookup', () => {
  test('parcels of the picked address for its council; other council or unknown → empty', async () => {
    const [pick] = AddressSuggestResponse.parse((await get(SUGGEST, { q: 'cuba te aro' })).body).addresses;
    const [address] = AddressDetailsResponse.parse((await get(DETAILS, { dpid: pick!.dpid })).body).details;
    const res = await get(PARCELS, {
      authority: 'Wellington City Council',
      address: JSON.stringify(address),
    });
    expect(res.status).toBe(200);
    const { parcels } = ParcelsResponse.parse(res.body);
    expect(parcels.length).toBeGreaterThan(0);
    for (const p of parcels) {
      expect(p.legalDescription).toMatch(/^(Pt )?(Lot|Section|Flat) \d+/);
      expect(p.valuationNumber).toMatch(/^\d{5}\/\d{3}/);
    }
    expect(
      (await get(PARCELS, { authority: 'Christchurch City Council', address: JSON.stringify(address) })).body,
    ).toEqual({ parcels: [] });
    expect(
      (await get(PARCELS, { authority: 'WCC', address: JSON.stringify({ fullAddress: '1 Nowhere Lane' }) }))
        .body,
    ).toEqual({ parcels: [] });
    expect((await get(PARCELS, { authority: 'WCC', address: 'not json' })).status).toBe(400);
    expect((await get(PARCELS, { address: '{}' })).status).toBe(400);
  });
});

describe('LBP register', () => {
  test('search by name tokens or BP number; limit 10 by default and honoured; misses empty', async () => {
    const byName = PractitionerSearchResponse.parse(
      (await get(LBP, { searchText: 'smith', limit: '50' })).body,
    );
    expect(byName.practitioners.length).toBeGreaterThan(1);
    for (const p of byName.practitioners) expect(p.fullName).toMatch(/Smith/);

    const dflt = PractitionerSearchResponse.parse((await get(LBP, { searchText: 'BP1' })).body);
    expect(dflt.practitioners).toHaveLength(10);
    const two = PractitionerSearchResponse.parse((await get(LBP, { searchText: 'bp1', limit: '2' })).body);
    expect(two.practitioners).toEqual(dflt.practitioners.slice(0, 2));

    expect((await get(LBP, { searchText: 'qqqqqq' })).body).toEqual({ practitioners: [] });
    expect((await get(LBP, { searchText: '' })).status).toBe(400);
  });

  test('one practitioner by BP number with licence classes and inactive reasons; unknown → 404', async () => {
    const list = PractitionerSearchResponse.parse((await get(LBP, { searchText: 'BP', limit: '50' })).body);
    const inactive = list.practitioners.find((p) => p.licenceClasses.some((c) => c.status === 'Inactive'));
    expect(inactive).toBeDefined();
    const res = await get(`${LBP}/${inactive!.lbpNumber}`);
    expect(res.status).toBe(200);
    const p = Practitioner.parse(res.body);
    expect(p).toEqual(inactive);
    expect(p.licenceClasses.find((c) => c.status === 'Inactive')?.reason).toBeDefined();

    const missing = await get(`${LBP}/BP000001`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'ResourceNotFound' });
  });
});

describe('failures of the services → 502 with the spec messages', () => {
  test('NZ Post answering with an error', async () => {
    injectLookupFaults({ nzpost: 'status' }, o);
    expect(await get(SUGGEST, { q: 'willis' })).toEqual({
      status: 502,
      body: { code: 'ServerError', message: lookupMessages.addressSuggest },
    });
    expect(await get(DETAILS, { dpid: '1200055' })).toEqual({
      status: 502,
      body: { code: 'ServerError', message: lookupMessages.addressDetails },
    });
  });

  test('NZ Post unreachable or timing out', async () => {
    for (const fault of ['connect', 'timeout'] as const) {
      injectLookupFaults({ nzpost: fault }, o);
      for (const res of [await get(SUGGEST, { q: 'willis' }), await get(DETAILS, { dpid: '1200055' })]) {
        expect(res).toEqual({
          status: 502,
          body: { code: 'ServerError', message: lookupMessages.nzPostConnect },
        });
      }
    }
  });

  test('property lookup and the LBP register failing; the other services still answer', async () => {
    injectLookupFaults({ property: 'timeout', lbp: 'status' }, o);
    expect(await get(PARCELS, { authority: 'WCC', address: '{"dpid":"1200055"}' })).toEqual({
      status: 502,
      body: { code: 'ServerError', message: lookupMessages.parcels },
    });
    expect(await get(LBP, { searchText: 'smith' })).toEqual({
      status: 502,
      body: { code: 'ServerError', message: lookupMessages.lbp },
    });
    expect((await get(`${LBP}/BP100064`)).status).toBe(502);
    expect((await get(SUGGEST, { q: 'willis' })).status).toBe(200);

    clearLookupFaults(o);
    expect((await get(LBP, { searchText: 'smith' })).status).toBe(200);
  });
});
