// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiAnswer } from '../../../web/src/api/call';
import { TEST_CONFIG } from './config-support';
import { userAnswer } from './user-support';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const jwt = (secondsLeft: number) =>
  `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(Date.now() / 1000) + secondsLeft })}.s`;
const token = jwt(3600);

function storeSession(clientId: string, idToken = token, accessToken = token) {
  localStorage.setItem('consentPortal.language', 'en');
  localStorage.setItem(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`, 'u1');
  localStorage.setItem(`CognitoIdentityServiceProvider.${clientId}.u1.idToken`, idToken);
  localStorage.setItem(`CognitoIdentityServiceProvider.${clientId}.u1.accessToken`, accessToken);
}

const WARM = {
  all: ['/assets/SignedInRoot-a.js', '/assets/SignedInRoot-a.css'],
  byPath: { '/': ['/assets/DashboardPage-b.js'] },
  byPrefix: { '/application-form/': ['/assets/ApplicationFormPage-c.js'] },
};

/** What the API answers the early GETs, as their contracts say; the user's id counts the answers. */
const EMPTY_PAGE: ApiAnswer<'GET /user/applicationsV3'> = {
  items: [],
  pageIndex: 1,
  pageSize: 10,
  hasMore: false,
};
const answerOf = (url: string, n: number) =>
  url.startsWith('/api/user/applicationsV3') ? EMPTY_PAGE : userAnswer({ id: `user-${n}` });

let fetchMock: ReturnType<typeof vi.fn>;
let served = 0;
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  document.head.innerHTML = `<script type="application/json" id="warm-chunks">${JSON.stringify(WARM)}</script>`;
  served = 0;
  fetchMock = vi.fn(
    async (url: string) => new Response(JSON.stringify(answerOf(url, ++served)), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('consent-portal.early-gets')];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const preloads = () =>
  [...document.head.querySelectorAll('link')].map(
    (l) => `${l.rel}${l.as ? `:${l.as}` : ''} ${l.getAttribute('href')}`,
  );

describe('the boot script (web/src/boot.ts)', () => {
  it('with a stored session: preloads the listed chunks and starts the first GETs, which the app takes', async () => {
    storeSession('c');
    await import('../../../web/src/boot');
    expect(preloads()).toEqual([
      'modulepreload /assets/SignedInRoot-a.js',
      'preload:style /assets/SignedInRoot-a.css',
      'modulepreload /assets/DashboardPage-b.js',
    ]);
    const urls = fetchMock.mock.calls.map((c) => c[0] as string);
    expect(urls).toEqual([
      '/api/user',
      '/api/user/applicationsV3?pageIndex=1&pageSize=10&sortBy=modifiedDate&sortDirection=desc&isArchived=false&recordType=Draft',
    ]);
    expect((fetchMock.mock.calls[0]![1] as { headers: Record<string, string> }).headers.Authorization).toBe(
      `Bearer ${token}`,
    );

    // The app's first requests for the same URLs take those responses: nothing is asked twice.
    const { setConfigForTests } = await import('../../../web/src/lib/config');
    const { apiRequest } = await import('../../../web/src/api/client');
    const { applicationsApi } = await import('../../../web/src/api/applications');
    const { recentParams, FIRST_RECENT_TAB } = await import('../../../web/src/features/dashboard/recent');
    setConfigForTests(TEST_CONFIG);
    expect(await apiRequest('/user')).toEqual(userAnswer({ id: 'user-1' }));
    expect(await applicationsApi.listV3(recentParams(FIRST_RECENT_TAB))).toEqual(EMPTY_PAGE);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("on a form page: starts the application's GETs and the jurisdiction's, which the page takes", async () => {
    storeSession('c');
    window.history.replaceState(null, '', '/application-form/app-7/breadcrumb/1/step/2');
    try {
      await import('../../../web/src/boot');
    } finally {
      window.history.replaceState(null, '', '/');
    }
    expect(preloads()).toEqual([
      'modulepreload /assets/SignedInRoot-a.js',
      'preload:style /assets/SignedInRoot-a.css',
      'modulepreload /assets/ApplicationFormPage-c.js',
    ]);
    expect(fetchMock.mock.calls.map((c) => c[0] as string)).toEqual([
      '/api/user',
      '/api/user/applications/app-7',
      '/api/user/applications/app-7/enabled-steps',
      '/api/public/jurisdictions/nz',
    ]);
    // The jurisdiction is public: asked for without the token, as the page asks.
    const headersOf = (i: number) =>
      (fetchMock.mock.calls[i]![1] as { headers: Record<string, string> }).headers;
    expect(headersOf(3).Authorization).toBeUndefined();
    expect(headersOf(2).Authorization).toBe(`Bearer ${token}`);
    // The page's calls (api/applications.ts: routePath of the same templates) take those responses.
    const { setConfigForTests } = await import('../../../web/src/lib/config');
    const { apiRequest } = await import('../../../web/src/api/client');
    const { routePath } = await import('../../../web/src/api/call');
    const { JURISDICTION_ID } = await import('../../../web/src/features/application-form/queries');
    setConfigForTests(TEST_CONFIG);
    await apiRequest(routePath('GET /user/applications/{id}', { id: 'app-7' }));
    await apiRequest(routePath('GET /user/applications/{id}/enabled-steps', { id: 'app-7' }));
    await apiRequest(routePath('GET /public/jurisdictions/{id}', { id: JURISDICTION_ID }), {
      anonymous: true,
    });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('does nothing without a stored session, or with expired tokens: the sign-in page loads only its own', async () => {
    await import('../../../web/src/boot');
    storeSession('c', jwt(30), jwt(30)); // within Amplify's refresh margin: Amplify will refresh them
    vi.resetModules();
    await import('../../../web/src/boot');
    expect(preloads()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an early response is taken only by a page of the app client whose token it carries', async () => {
    storeSession('another-client');
    await import('../../../web/src/boot');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const { setConfigForTests } = await import('../../../web/src/lib/config');
    const { apiRequest } = await import('../../../web/src/api/client');
    setConfigForTests(TEST_CONFIG); // client 'c', with no stored session of its own
    localStorage.clear();
    storeSession('c');
    expect(await apiRequest('/user')).toEqual(userAnswer({ id: 'user-3' }));
  });

  it('finds the stored session of whichever client stored one (storedSession)', async () => {
    const { storedSession } = await import('../../../web/src/lib/amplify');
    expect(storedSession(localStorage)).toBeUndefined();
    storeSession('x1');
    expect(storedSession(localStorage)).toEqual({ clientId: 'x1', idToken: token });
    localStorage.clear();
    storeSession('x2', token, jwt(10));
    expect(storedSession(localStorage)).toBeUndefined();
  });
});
