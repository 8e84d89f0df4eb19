import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiAnswer } from '../../../web/src/api/call';
import { TEST_CONFIG } from './config-support';
import { userAnswer } from './user-support';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

const { apiRequest, prefetchGet } = await import('../../../web/src/api/client');
const { hasStoredSession } = await import('../../../web/src/lib/amplify');
const { setConfigForTests } = await import('../../../web/src/lib/config');

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const token = `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600 })}.s`;
const session: Record<string, string> = {
  'CognitoIdentityServiceProvider.c.LastAuthUser': 'u1',
  'CognitoIdentityServiceProvider.c.u1.idToken': token,
  'CognitoIdentityServiceProvider.c.u1.accessToken': token,
};

let fetchMock: ReturnType<typeof vi.fn>;
let served = 0;
beforeEach(() => {
  setConfigForTests(TEST_CONFIG);
  served = 0;
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ n: ++served }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', { localStorage: { getItem: (k: string) => session[k] ?? null } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the warm start of a signed-in load', () => {
  it('knows a stored session by Amplify’s keys, before config.json names the app client', () => {
    const storage = (keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });
    expect(hasStoredSession(undefined, storage(Object.keys(session)))).toBe(true);
    expect(hasStoredSession(undefined, storage(['consentPortal.language', 'other.LastAuthUser']))).toBe(
      false,
    );
    expect(hasStoredSession(undefined, storage([]))).toBe(false);
    const broken = {
      length: 1,
      key: () => {
        throw new Error('SecurityError');
      },
    };
    expect(hasStoredSession(undefined, broken)).toBe(false);
  });

  it('starts a GET with the stored token, and the first request for it takes that response', async () => {
    prefetchGet('/user');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user');
    expect((fetchMock.mock.calls[0]![1] as { headers: Record<string, string> }).headers.Authorization).toBe(
      `Bearer ${token}`,
    );
    expect(await apiRequest('/user')).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next request asks the API again.
    expect(await apiRequest('/user')).toEqual({ n: 2 });
  });

  it('matches the URL with its query, and never serves a POST or another URL from it', async () => {
    prefetchGet('/user/applicationsV3', { pageIndex: 1, pageSize: 10 });
    expect(await apiRequest('/user/applicationsV3', { query: { pageIndex: 2, pageSize: 10 } })).toEqual({
      n: 2,
    });
    expect(await apiRequest('/user/applicationsV3', { method: 'POST', body: {} })).toEqual({ n: 3 });
    expect(await apiRequest('/user/applicationsV3', { query: { pageIndex: 1, pageSize: 10 } })).toEqual({
      n: 1,
    });
  });

  it('a public GET goes without the token, and only an anonymous request for it takes it', async () => {
    prefetchGet('/public/formio/bc-project', undefined, { anonymous: true });
    expect((fetchMock.mock.calls[0]![1] as { headers: Record<string, string> }).headers.Authorization).toBe(
      undefined,
    );
    expect(await apiRequest('/public/formio/bc-project')).toEqual({ n: 2 });
    prefetchGet('/public/formio/bc-project', undefined, { anonymous: true });
    expect(await apiRequest('/public/formio/bc-project', { anonymous: true })).toEqual({ n: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('starts nothing without a valid stored token (Amplify is never loaded for it)', () => {
    vi.stubGlobal('window', { localStorage: { getItem: () => null } });
    prefetchGet('/user');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks again when the early GET failed or went stale', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    prefetchGet('/user');
    expect(await apiRequest('/user')).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    vi.useFakeTimers({ toFake: ['Date'] });
    prefetchGet('/user');
    vi.setSystemTime(Date.now() + 16_000);
    expect(await apiRequest('/user')).toEqual({ n: 3 });
  });
});

describe('warmStart', () => {
  it('on the dashboard, starts GET /user and the first recent list the dashboard then asks for', async () => {
    vi.doMock('../../../web/src/app/SignedInRoot', () => ({ default: () => null }));
    vi.doMock('../../../web/src/features/dashboard/DashboardPage', () => ({ default: () => null }));
    vi.doMock('../../../web/src/i18n/load', () => ({ loadAllStrings: async () => undefined }));
    const { warmStart } = await import('../../../web/src/app/warmStart');
    const { applicationsApi } = await import('../../../web/src/api/applications');
    const { recentParams } = await import('../../../web/src/features/dashboard/recent');
    const { fetchCurrentUser } = await import('../../../web/src/api/user');
    const { getConfig } = await import('../../../web/src/lib/config');

    // The two early GETs answer what their contracts say (the page's calls parse them).
    const page: ApiAnswer<'GET /user/applicationsV3'> = {
      items: [],
      pageIndex: 1,
      pageSize: 10,
      hasMore: false,
    };
    fetchMock.mockImplementation(
      async (url: string) =>
        new Response(JSON.stringify(url.startsWith('/api/user/applicationsV3') ? page : userAnswer())),
    );
    warmStart('/', Promise.resolve(getConfig()));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    // What the page asks for on its first draw is what was started: no further requests.
    await fetchCurrentUser();
    await applicationsApi.listV3(recentParams('applications'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('elsewhere starts only GET /user, and nothing without a valid stored token', async () => {
    const { warmStart } = await import('../../../web/src/app/warmStart');
    const { getConfig } = await import('../../../web/src/lib/config');
    warmStart('/applications', Promise.resolve(getConfig()));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user');

    vi.stubGlobal('window', { localStorage: { getItem: () => null } });
    warmStart('/', Promise.resolve(getConfig()));
    await Promise.resolve();
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
