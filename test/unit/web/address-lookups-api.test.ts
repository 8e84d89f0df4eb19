import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookupMessages } from '../../../shared/schemas/lookups';
import { TEST_CONFIG } from './config-support';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));

const { suggestAddresses, fetchAddressDetails } = await import('../../../web/src/api/lookups');
const { setConfigForTests } = await import('../../../web/src/lib/config');

const DETAIL = {
  dpid: '101',
  address1: '1 Queen Street',
  city: 'Auckland',
  postcode: '1010',
  country: 'NZ',
  isManualAddress: false,
  fullAddress: '1 Queen Street, Auckland Central, Auckland 1010',
  latitude: -36.84,
  longitude: 174.76,
};

let fetchMock: ReturnType<typeof vi.fn>;
const respond = (body: unknown, status = 200) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

beforeEach(() => {
  setConfigForTests(TEST_CONFIG);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('address lookup API', () => {
  it('suggest: GET …/suggest?type=Physical&q= with the token → the addresses', async () => {
    respond({ success: true, addresses: [{ dpid: '101', fullAddress: DETAIL.fullAddress }] });
    await expect(suggestAddresses('1 Queen')).resolves.toEqual([
      { dpid: '101', fullAddress: DETAIL.fullAddress },
    ]);
    const [url, init] = fetchMock.mock.calls[0] as [
      string,
      RequestInit & { headers: Record<string, string> },
    ];
    expect(url).toBe('/api/user/nzpost/addresschecker/suggest?type=Physical&q=1+Queen');
    expect(init.headers.Authorization).toBe('Bearer id-token');
  });

  it("suggest: success false is 'Fail to provide suggestions based on your search'", async () => {
    respond({ success: false, addresses: [] });
    await expect(suggestAddresses('1 Queen')).rejects.toThrow(lookupMessages.addressSuggest);
  });

  it('details: GET …/details?type=Physical&dpid= → the first detail', async () => {
    respond({ success: true, details: [DETAIL] });
    await expect(fetchAddressDetails('101')).resolves.toEqual(DETAIL);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/user/nzpost/addresschecker/details?type=Physical&dpid=101',
    );
  });

  it("details: success false, no detail or a bad shape is 'Fail to retrieve the address information'", async () => {
    respond({ success: false, details: [] });
    await expect(fetchAddressDetails('1')).rejects.toThrow(lookupMessages.addressDetails);
    respond({ success: true, details: [] });
    await expect(fetchAddressDetails('1')).rejects.toThrow(lookupMessages.addressDetails);
    respond({ success: true, details: [{ dpid: '1' }] });
    await expect(fetchAddressDetails('1')).rejects.toThrow(lookupMessages.addressDetails);
  });
});
