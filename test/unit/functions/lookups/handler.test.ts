import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler, parseParcelAddress } from '../../../../functions/lookups/handler.js';
import {
  LookupServiceError,
  setLookupAdapters,
  type LookupFailure,
  type LookupServiceName,
} from '../../../../functions/platform/adapters/lookups/index.js';
import { loadSampleData } from '../../../../functions/platform/adapters/lookups/local.js';
import {
  AddressDetailsResponse,
  AddressSuggestResponse,
  ParcelsResponse,
  Practitioner,
  PractitionerSearchResponse,
  lookupMessages,
} from '../../../../shared/schemas/lookups.js';
import { httpEvent, lambdaContext, parseResponse, userClaims } from '../helpers.js';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  delete process.env.LOOKUPS_MODE;
  delete process.env.LOOKUPS_FAULTS_FILE;
});

const SUGGEST = 'GET /user/nzpost/addresschecker/suggest';
const DETAILS = 'GET /user/nzpost/addresschecker/details';
const PARCELS = 'GET /v1/service/property-lookup/parcels';
const LBP_SEARCH = 'GET /v1/service/licensed-building-practitioners';
const LBP_GET = 'GET /v1/service/licensed-building-practitioners/{lbpNumber}';

async function call(
  routeKey: string,
  query?: Record<string, string>,
  pathParameters?: Record<string, string>,
  signedIn = true,
) {
  const res = await handler(
    httpEvent(routeKey, {
      ...(query ? { queryStringParameters: query } : {}),
      ...(pathParameters ? { pathParameters } : {}),
      ...(signedIn ? { claims: userClaims() } : {}),
    }),
    lambdaContext,
  );
  return parseResponse(res);
}

const failing = (service: LookupServiceName, failure: LookupFailure) => () =>
  Promise.reject(new LookupServiceError(service, failure, 'test'));

afterEach(() => setLookupAdapters(undefined));

describe('lookups handlers over the local services (LOOKUPS_MODE unset = local)', () => {
  it('suggest: matches, max, misses, and input checks', async () => {
    const hit = await call(SUGGEST, { type: 'Physical', q: '12 willis' });
    expect(hit.statusCode).toBe(200);
    const body = AddressSuggestResponse.parse(hit.body);
    expect(body.success).toBe(true);
    expect(body.addresses[0]!.fullAddress).toBe('12 Willis Street, Te Aro, Wellington 6011');

    const limited = AddressSuggestResponse.parse((await call(SUGGEST, { q: 'road', max: '4' })).body);
    expect(limited.addresses).toHaveLength(4);
    const dflt = AddressSuggestResponse.parse((await call(SUGGEST, { q: 'road' })).body);
    expect(dflt.addresses).toHaveLength(10);

    expect((await call(SUGGEST, { q: 'zzz qqq' })).body).toEqual({ success: true, addresses: [] });
    expect((await call(SUGGEST, { q: 'a' })).statusCode).toBe(400);
    expect((await call(SUGGEST, { q: 'ab', type: 'Postal' })).statusCode).toBe(400);
    expect((await call(SUGGEST, { q: 'ab', max: '21' })).statusCode).toBe(400);
    expect((await call(SUGGEST, { q: 'ab' }, undefined, false)).statusCode).toBe(401);
  });

  it('details: the address by DPID; an unknown DPID is an empty list', async () => {
    const [first] = AddressSuggestResponse.parse((await call(SUGGEST, { q: '12 willis' })).body).addresses;
    const res = await call(DETAILS, { type: 'Physical', dpid: first!.dpid });
    expect(res.statusCode).toBe(200);
    const body = AddressDetailsResponse.parse(res.body);
    expect(body.details[0]).toMatchObject({
      dpid: first!.dpid,
      territorialAuthority: 'Wellington City Council',
    });
    expect((await call(DETAILS, { dpid: '999' })).body).toEqual({ success: true, details: [] });
    expect((await call(DETAILS, {})).statusCode).toBe(400);
  });

  it('parcels: by the encoded details of an address; unknown or another council → empty', async () => {
    const [first] = AddressSuggestResponse.parse((await call(SUGGEST, { q: '12 willis' })).body).addresses;
    const details = AddressDetailsResponse.parse((await call(DETAILS, { dpid: first!.dpid })).body)
      .details[0]!;
    const res = await call(PARCELS, {
      authority: 'Wellington City Council',
      address: JSON.stringify(details),
    });
    expect(res.statusCode).toBe(200);
    const body = ParcelsResponse.parse(res.body);
    expect(body.parcels.length).toBeGreaterThan(0);
    expect(body.parcels[0]!.legalDescription).toMatch(/(Lot|Section|Flat) \d+/);
    // Encoded once more (encodeURIComponent of the JSON) is accepted too.
    const twice = await call(PARCELS, {
      authority: 'WCC',
      address: encodeURIComponent(JSON.stringify({ fullAddress: details.fullAddress })),
    });
    expect(ParcelsResponse.parse(twice.body)).toEqual(body);
    const other = await call(PARCELS, {
      authority: 'Dunedin City Council',
      address: JSON.stringify(details),
    });
    expect(other.body).toEqual({ parcels: [] });
    const unknown = await call(PARCELS, { authority: 'WCC', address: JSON.stringify({ dpid: '1' }) });
    expect(unknown.body).toEqual({ parcels: [] });
    const bad = await call(PARCELS, { authority: 'WCC', address: 'not json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ details: [{ field: 'query.address' }] });
    expect((await call(PARCELS, { address: '{}' })).statusCode).toBe(400);
  });

  it('LBP search and get: limit, misses, 404', async () => {
    const res = await call(LBP_SEARCH, { searchText: 'smith' });
    expect(res.statusCode).toBe(200);
    const body = PractitionerSearchResponse.parse(res.body);
    expect(body.practitioners.length).toBeGreaterThan(0);
    expect(body.practitioners.length).toBeLessThanOrEqual(10);
    const many = PractitionerSearchResponse.parse((await call(LBP_SEARCH, { searchText: 'BP1' })).body);
    expect(many.practitioners).toHaveLength(10); // the default limit
    const three = PractitionerSearchResponse.parse(
      (await call(LBP_SEARCH, { searchText: 'BP1', limit: '3' })).body,
    );
    expect(three.practitioners).toHaveLength(3);
    expect((await call(LBP_SEARCH, { searchText: 'qqqqq' })).body).toEqual({ practitioners: [] });
    expect((await call(LBP_SEARCH, { searchText: ' ' })).statusCode).toBe(400);
    expect((await call(LBP_SEARCH, { searchText: 'a', limit: '51' })).statusCode).toBe(400);

    const someone = (await loadSampleData()).practitioners[7]!;
    const got = await call(LBP_GET, undefined, { lbpNumber: someone.lbpNumber });
    expect(got.statusCode).toBe(200);
    expect(Practitioner.parse(got.body)).toEqual(someone);
    const missing = await call(LBP_GET, undefined, { lbpNumber: 'BP000001' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatchObject({ code: 'ResourceNotFound' });
  });
});

describe('lookups handlers: a failing service → 502 with the spec message', () => {
  const cases: [string, LookupFailure, string][] = [
    ['status', 'status', lookupMessages.addressSuggest],
    ['invalid', 'invalid', lookupMessages.addressSuggest],
    ['connect', 'connect', lookupMessages.nzPostConnect],
    ['timeout', 'timeout', lookupMessages.nzPostConnect],
  ];
  for (const [name, failure, message] of cases) {
    it(`suggest (${name})`, async () => {
      setLookupAdapters({
        addresses: { suggest: failing('nzpost', failure), details: failing('nzpost', failure) },
      });
      const res = await call(SUGGEST, { q: '12 willis' });
      expect(res.statusCode).toBe(502);
      expect(res.body).toEqual({ code: 'ServerError', message });
    });
  }

  it('details', async () => {
    setLookupAdapters({
      addresses: { suggest: failing('nzpost', 'status'), details: failing('nzpost', 'status') },
    });
    const res = await call(DETAILS, { dpid: '1' });
    expect(res).toMatchObject({
      statusCode: 502,
      body: { code: 'ServerError', message: lookupMessages.addressDetails },
    });
    setLookupAdapters({
      addresses: { suggest: failing('nzpost', 'connect'), details: failing('nzpost', 'connect') },
    });
    expect((await call(DETAILS, { dpid: '1' })).body).toEqual({
      code: 'ServerError',
      message: lookupMessages.nzPostConnect,
    });
  });

  it('parcels (any failure, also an unexpected error)', async () => {
    for (const failure of ['connect', 'timeout', 'status'] as const) {
      setLookupAdapters({ property: { parcels: failing('property', failure) } });
      const res = await call(PARCELS, { authority: 'WCC', address: '{"dpid":"1"}' });
      expect(res).toEqual(
        expect.objectContaining({
          statusCode: 502,
          body: { code: 'ServerError', message: lookupMessages.parcels },
        }),
      );
    }
    setLookupAdapters({ property: { parcels: () => Promise.reject(new TypeError('boom')) } });
    const res = await call(PARCELS, { authority: 'WCC', address: '{"dpid":"1"}' });
    expect(res.body).toEqual({ code: 'ServerError', message: lookupMessages.parcels });
  });

  it('LBP search and get', async () => {
    setLookupAdapters({ lbp: { search: failing('lbp', 'timeout'), get: failing('lbp', 'connect') } });
    const search = await call(LBP_SEARCH, { searchText: 'smith' });
    expect(search).toMatchObject({
      statusCode: 502,
      body: { code: 'ServerError', message: lookupMessages.lbp },
    });
    const get = await call(LBP_GET, undefined, { lbpNumber: 'BP100001' });
    expect(get).toMatchObject({
      statusCode: 502,
      body: { code: 'ServerError', message: lookupMessages.lbp },
    });
  });

  it('a service returning more than asked is cut to the limit', async () => {
    const p = (await loadSampleData()).practitioners;
    setLookupAdapters({
      lbp: { search: () => Promise.resolve(p.slice(0, 30)), get: () => Promise.resolve(undefined) },
      addresses: {
        suggest: () =>
          Promise.resolve(Array.from({ length: 30 }, (_, i) => ({ dpid: `${i}`, fullAddress: `${i}` }))),
        details: () => Promise.resolve([]),
      },
    });
    expect(
      PractitionerSearchResponse.parse((await call(LBP_SEARCH, { searchText: 'x', limit: '5' })).body)
        .practitioners,
    ).toHaveLength(5);
    expect(
      AddressSuggestResponse.parse((await call(SUGGEST, { q: 'xx', max: '7' })).body).addresses,
    ).toHaveLength(7);
  });
});

describe('parseParcelAddress', () => {
  it('reads JSON or URL-encoded JSON; numbers as DPIDs; unknown fields dropped', () => {
    expect(parseParcelAddress('{"dpid":123,"city":"Hamilton","other":1}')).toEqual({
      dpid: '123',
      city: 'Hamilton',
    });
    expect(parseParcelAddress(encodeURIComponent('{"fullAddress":"1 A St"}'))).toEqual({
      fullAddress: '1 A St',
    });
    expect(() => parseParcelAddress('[1]')).toThrow();
    expect(() => parseParcelAddress('%E0%A4%A')).toThrow();
  });
});
