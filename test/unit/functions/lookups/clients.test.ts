import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nzPostClient } from '../../../../functions/platform/adapters/lookups/nzpost.js';
import { linzClient, lotAndDp } from '../../../../functions/platform/adapters/lookups/linz.js';
import { fromRegister, lbpClient } from '../../../../functions/platform/adapters/lookups/lbp.js';
import {
  adaptersFromEnv,
  modeOf,
  secretReader,
} from '../../../../functions/platform/adapters/lookups/index.js';
import { LookupServiceError } from '../../../../functions/platform/adapters/lookups/types.js';
import { AddressLookupResult, Practitioner } from '../../../../shared/schemas/lookups.js';
import {
  closedPortUrl,
  startFakeHttp,
  type FakeAnswer,
  type FakeHttpServer,
  type FakeRequest,
} from '../../../support/fake-http.js';

let server: FakeHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function fake(respond: (req: FakeRequest) => FakeAnswer) {
  server = await startFakeHttp(respond);
  return server;
}

async function failureOf(p: Promise<unknown>): Promise<LookupServiceError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(LookupServiceError);
    return err as LookupServiceError;
  }
  throw new Error('expected a failure');
}

const nzDetail = {
  DPID: 3130061,
  AddressLine1: '12 Willis Street',
  AddressLine2: 'Te Aro',
  AddressLine3: 'Wellington 6011',
  Suburb: 'Te Aro',
  CityTown: 'Wellington',
  Postcode: '6011',
  FullAddress: '12 Willis Street, Te Aro, Wellington 6011',
  NZGD2kCoord: { type: 'Point', coordinates: [174.7752, -41.2885] },
};

describe('NZ Post AddressChecker client (fake NZ Post)', () => {
  let tokens = 0;
  beforeEach(() => {
    tokens = 0;
  });
  const nzpost = (req: FakeRequest): FakeAnswer => {
    if (req.url.pathname === '/token') {
      tokens++;
      const form = new URLSearchParams(req.body);
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_secret') !== 's3cret')
        return { status: 401, json: { error: 'invalid_client' } };
      return { json: { access_token: `tok-${tokens}`, expires_in: 3600, token_type: 'Bearer' } };
    }
    if (req.headers.authorization !== `Bearer tok-${tokens}` || req.headers.client_id !== 'cid')
      return { status: 401, json: { success: false } };
    if (req.url.pathname === '/addresschecker/1.0/suggest') {
      const q = req.url.searchParams.get('q') ?? '';
      if (q === 'boom') return { status: 500, text: 'oops' };
      if (q === 'nope') return { json: { success: false, message: 'bad request' } };
      if (q === 'slow') return 'hang';
      const max = Number(req.url.searchParams.get('max'));
      const all = [1, 2, 3, 4, 5].map((i) => ({
        DPID: 100 + i,
        FullAddress: `${i} Willis Street, Te Aro, Wellington 6011`,
      }));
      return { json: { success: true, addresses: all.slice(0, max) } };
    }
    if (req.url.pathname === '/addresschecker/1.0/details') {
      const dpid = req.url.searchParams.get('dpid');
      return { json: { success: true, details: dpid === '3130061' ? [nzDetail] : [] } };
    }
    return { status: 404, json: {} };
  };
  const client = (s: FakeHttpServer, extra: Partial<Parameters<typeof nzPostClient>[0]> = {}) =>
    nzPostClient({
      baseUrl: `${s.url}/addresschecker/1.0`,
      tokenUrl: `${s.url}/token`,
      clientId: 'cid',
      clientSecret: 's3cret',
      timeoutMs: 300,
      ...extra,
    });

  it('gets a token once, then suggests with the documented query', async () => {
    const s = await fake(nzpost);
    const c = client(s);
    expect(await c.suggest('willis', 3)).toEqual([
      { dpid: '101', fullAddress: '1 Willis Street, Te Aro, Wellington 6011' },
      { dpid: '102', fullAddress: '2 Willis Street, Te Aro, Wellington 6011' },
      { dpid: '103', fullAddress: '3 Willis Street, Te Aro, Wellington 6011' },
    ]);
    await c.suggest('willis', 2);
    expect(tokens).toBe(1);
    const call = s.requests.find((r) => r.url.pathname.endsWith('/suggest'))!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ q: 'willis', type: 'Physical', max: '3' });
  });

  it('maps details to the portal shape; unknown DPID → empty list', async () => {
    const s = await fake(nzpost);
    const [d] = await client(s).details('3130061');
    expect(AddressLookupResult.parse(d)).toEqual({
      dpid: '3130061',
      address1: '12 Willis Street',
      address2: 'Te Aro',
      address3: 'Wellington 6011',
      suburb: 'Te Aro',
      city: 'Wellington',
      postcode: '6011',
      country: 'NZ',
      isManualAddress: false,
      fullAddress: '12 Willis Street, Te Aro, Wellington 6011',
      latitude: -41.2885,
      longitude: 174.7752,
    });
    expect(await client(s).details('1')).toEqual([]);
  });

  it('classifies failures: status, success false, timeout, refused, bad credentials', async () => {
    const s = await fake(nzpost);
    expect(await failureOf(client(s).suggest('boom', 5))).toMatchObject({ failure: 'status', status: 500 });
    expect(await failureOf(client(s).suggest('nope', 5))).toMatchObject({ failure: 'status' });
    expect(await failureOf(client(s).suggest('slow', 5))).toMatchObject({ failure: 'timeout' });
    expect(await failureOf(client(s, { clientSecret: 'wrong' }).suggest('willis', 5))).toMatchObject({
      service: 'nzpost',
      failure: 'connect',
    });
    const closed = await closedPortUrl();
    const down = nzPostClient({
      baseUrl: closed,
      tokenUrl: `${closed}/token`,
      clientId: 'c',
      clientSecret: 's',
      timeoutMs: 1000,
    });
    expect(await failureOf(down.suggest('willis', 5))).toMatchObject({ failure: 'connect' });
  });

  it('drops a rejected token and gets a new one on the next call', async () => {
    const s = await fake(nzpost);
    const c = client(s);
    await c.suggest('willis', 1);
    const original = s.respond;
    s.respond = (req) =>
      req.url.pathname.endsWith('/suggest') && tokens === 1 ? { status: 401, json: {} } : original(req);
    expect(await failureOf(c.suggest('willis', 1))).toMatchObject({ failure: 'status', status: 401 });
    expect(await c.suggest('willis', 1)).toHaveLength(1);
    expect(tokens).toBe(2);
  });

  it('renews the token before it expires', async () => {
    const s = await fake(nzpost);
    let now = 1_000_000;
    const c = client(s, { now: () => now });
    await c.suggest('willis', 1);
    now += 3_540_000 + 1; // 59 minutes: within the minute of renewal
    await c.suggest('willis', 1);
    expect(tokens).toBe(2);
  });
});

describe('LINZ parcels client (fake LINZ Data Service)', () => {
  it('asks for the parcels under the point and maps appellations', async () => {
    const s = await fake((req) => {
      if (!req.url.pathname.startsWith('/services;key=k3y/wfs')) return { status: 403, text: 'no' };
      return {
        json: {
          type: 'FeatureCollection',
          features: [
            { id: 'layer-50772.3809001', properties: { id: 3809001, appellation: 'Lot 2 DP 12345' } },
            { id: 'layer-50772.3809002', properties: { id: 3809002, appellation: 'Section 12 SO 4567' } },
            { id: 'layer-50772.3809003', properties: { id: 3809003, appellation: null } },
          ],
        },
      };
    });
    const c = linzClient({ baseUrl: s.url, apiKey: 'k3y', layer: '50772', timeoutMs: 500 });
    const parcels = await c.parcels('WCC', {
      fullAddress: '12 Willis Street, Te Aro',
      latitude: -41.2885,
      longitude: 174.7752,
    });
    expect(parcels).toEqual([
      {
        parcelId: '3809001',
        ratingAddress: '12 Willis Street, Te Aro',
        legalDescription: 'Lot 2 DP 12345',
        lotNumber: '2',
        dpNumber: '12345',
      },
      {
        parcelId: '3809002',
        ratingAddress: '12 Willis Street, Te Aro',
        legalDescription: 'Section 12 SO 4567',
      },
    ]);
    const q = s.requests[0]!.url.searchParams;
    expect(q.get('typeNames')).toBe('layer-50772');
    expect(q.get('cql_filter')).toBe('INTERSECTS(shape,POINT(-41.2885 174.7752))');
    // Without coordinates there is nothing to ask.
    expect(await c.parcels('WCC', { fullAddress: 'x' })).toEqual([]);
    expect(s.requests).toHaveLength(1);
  });

  it('classifies failures', async () => {
    const s = await fake((req) =>
      req.url.searchParams.has('cql_filter') && req.url.pathname.includes('bad')
        ? { status: 403, text: 'no' }
        : { text: '<xml/>' },
    );
    const at = { latitude: -41, longitude: 174 };
    expect(
      await failureOf(
        linzClient({ baseUrl: s.url, apiKey: 'bad', layer: '1', timeoutMs: 500 }).parcels('x', at),
      ),
    ).toMatchObject({ service: 'property', failure: 'status', status: 403 });
    expect(
      await failureOf(
        linzClient({ baseUrl: s.url, apiKey: 'k', layer: '1', timeoutMs: 500 }).parcels('x', at),
      ),
    ).toMatchObject({ failure: 'invalid' });
    s.respond = () => 'hang';
    expect(
      await failureOf(
        linzClient({ baseUrl: s.url, apiKey: 'k', layer: '1', timeoutMs: 100 }).parcels('x', at),
      ),
    ).toMatchObject({ failure: 'timeout' });
  });

  it('reads lot and DP from appellations', () => {
    expect(lotAndDp('Pt Lot 4 DP 3456')).toEqual({ lotNumber: '4', dpNumber: '3456' });
    expect(lotAndDp('Section 1 SO 2')).toEqual({});
  });
});

describe('LBP register client (fake register)', () => {
  const record = {
    licenceNumber: '123456',
    firstName: 'Aroha',
    lastName: 'Ngata',
    town: 'Rotorua',
    licences: [
      { class: 'Carpentry', status: 'Active' },
      { class: 'Site 2', status: 'Inactive', statusReason: 'Suspended (Voluntary)' },
    ],
  };
  const register = (req: FakeRequest): FakeAnswer => {
    if (req.headers['ocp-apim-subscription-key'] !== 'k') return { status: 401, json: {} };
    if (req.url.pathname === '/practitioners')
      return { json: { practitioners: [record, { nonsense: true }, record] } };
    if (req.url.pathname === '/practitioners/BP123456') return { json: record };
    if (req.url.pathname === '/practitioners/BROKEN') return { json: { foo: 1 } };
    return { status: 404, json: { message: 'not found' } };
  };

  it('searches and gets, normalising records; 404 → undefined', async () => {
    const s = await fake(register);
    const c = lbpClient({ baseUrl: s.url, apiKey: 'k', timeoutMs: 500 });
    const expected: Practitioner = {
      lbpNumber: 'BP123456',
      firstName: 'Aroha',
      lastName: 'Ngata',
      fullName: 'Aroha Ngata',
      city: 'Rotorua',
      licenceClasses: [
        { licenceClass: 'Carpentry', status: 'Active' },
        { licenceClass: 'Site 2', status: 'Inactive', reason: 'Suspended (Voluntary)' },
      ],
    };
    expect(await c.search('aroha', 1)).toEqual([expected]);
    expect(Object.fromEntries(s.requests[0]!.url.searchParams)).toEqual({ searchText: 'aroha', limit: '1' });
    expect(await c.search('aroha', 10)).toHaveLength(2);
    expect(await c.get('BP123456')).toEqual(expected);
    expect(await c.get('BP000000')).toBeUndefined();
    expect(await failureOf(c.get('BROKEN'))).toMatchObject({ failure: 'invalid' });
  });

  it('classifies failures', async () => {
    const s = await fake(register);
    expect(
      await failureOf(lbpClient({ baseUrl: s.url, apiKey: 'x', timeoutMs: 500 }).search('a', 1)),
    ).toMatchObject({ service: 'lbp', failure: 'status', status: 401 });
    s.respond = () => 'destroy';
    expect(
      await failureOf(lbpClient({ baseUrl: s.url, apiKey: 'k', timeoutMs: 500 }).search('a', 1)),
    ).toMatchObject({ failure: 'connect' });
    expect(fromRegister({ firstName: 'x' })).toBeUndefined();
  });
});

describe('adapters from the environment', () => {
  it('chooses local or live per service', () => {
    expect(modeOf('nzpost', {})).toBe('local');
    expect(modeOf('nzpost', { LOOKUPS_MODE: 'live' })).toBe('live');
    expect(modeOf('lbp', { LOOKUPS_MODE: 'live', LOOKUPS_LBP_MODE: 'local' })).toBe('local');
    expect(() => modeOf('property', { LOOKUPS_MODE: 'remote' })).toThrow(/Unknown lookups mode/);
  });

  it('live clients without configuration fail as connect failures', async () => {
    const a = adaptersFromEnv({ LOOKUPS_MODE: 'live' });
    expect(await failureOf(a.addresses.suggest('ab', 1))).toMatchObject({
      service: 'nzpost',
      failure: 'connect',
    });
    expect(await failureOf(a.property.parcels('x', { latitude: 1, longitude: 2 }))).toMatchObject({
      service: 'property',
      failure: 'connect',
    });
    expect(await failureOf(a.lbp.get('BP1'))).toMatchObject({ service: 'lbp', failure: 'connect' });
  });

  it('live clients use the configured endpoints', async () => {
    const s = await fake((req) =>
      req.url.pathname === '/lbp/practitioners' ? { json: [] } : { status: 404, json: {} },
    );
    const a = adaptersFromEnv({ LOOKUPS_MODE: 'live', LBP_BASE_URL: `${s.url}/lbp`, LBP_API_KEY: 'k' });
    expect(await a.lbp.search('smith', 5)).toEqual([]);
    expect(s.requests[0]!.headers['ocp-apim-subscription-key']).toBe('k');
  });

  it('reads variables before the secret', async () => {
    expect(await secretReader({ LBP_API_KEY: 'direct' })('LBP_API_KEY')).toBe('direct');
    expect(await secretReader({})('LBP_API_KEY')).toBeUndefined();
  });
});
