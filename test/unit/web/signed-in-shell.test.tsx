// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { ApiAnswer } from '../../../web/src/api/call';
import { userAnswer } from './user-support';
import { TEST_CONFIG } from './config-support';

// The signed-in app as main.tsx draws it once authenticated; the token and sign-out are stubs.
vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
const signOut = vi.fn(async () => {});
vi.mock('../../../web/src/features/auth/AuthProvider', () => ({
  useAuth: () => ({ status: 'authenticated', signOut }),
}));

const { initI18n } = await import('../../../web/src/i18n');
const { setConfigForTests } = await import('../../../web/src/lib/config');
const { default: SignedInApp } = await import('../../../web/src/app/SignedInApp');

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});

/** The dashboard's calls whose answer is not a list (every other one answers an empty list). */
const OTHERS: Record<string, unknown> = {
  '/api/user/organisation-invitations': {
    invitations: [],
  } satisfies ApiAnswer<'GET /user/organisation-invitations'>,
  '/api/user/merge-invitations': { mergeInvitations: [] } satisfies ApiAnswer<'GET /user/merge-invitations'>,
};

/** GET /user answers only when the test says so; the dashboard's other calls answer at once. */
let answerUser: (body: unknown) => void;
beforeEach(() => {
  setConfigForTests(TEST_CONFIG);
  window.history.replaceState(null, '', '/');
  // A desktop-wide viewport (the shell's breakpoints).
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: true,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
  const userResponse = new Promise<Response>((resolve) => {
    answerUser = (body) => resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/user') return userResponse;
      if (url.startsWith('/api/user/applicationsV3'))
        return new Response(JSON.stringify({ items: [], pageIndex: 1, pageSize: 10, hasMore: false }), {
          status: 200,
        });
      return new Response(JSON.stringify(url in OTHERS ? OTHERS[url] : []), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <SignedInApp />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The top bar's text. */
const topBar = () => document.getElementById('top-nav')!.textContent;

const completeUser = userAnswer({ address: { fullAddress: '1 Queen Street, Auckland 1010' } });
const incomplete = userAnswer({ firstName: 'Aroha', lastName: '', contactNumber: undefined });

describe('signed-in app: the shell before GET /user', () => {
  it('draws the navigation and the dashboard while GET /user is on its way, then fills the user in', async () => {
    renderApp();
    // The dashboard (a lazy route) with its sections, inside the shell, before /user has answered.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Start an application' }, { timeout: 15_000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Navigation' });
    expect(within(nav).getByRole('button', { name: 'Close navigation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Consent Portal home' })).toBeTruthy();
    // Nothing about the user yet: no name, no user menu, no profile reminder.
    expect(screen.getByRole('heading', { level: 1 }).textContent?.trim()).toBe('Welcome to your dashboard');
    expect(topBar()).toContain('Help');
    expect(topBar()).not.toContain('Aroha');
    expect(screen.queryByText('Your profile is incomplete')).toBeNull();

    await act(async () => answerUser(incomplete));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to your dashboard, Aroha' }),
    ).toBeTruthy();
    // The user menu, once the user is known, names them and their email.
    fireEvent.click(screen.getByRole('button', { name: 'User menu for Aroha' }));
    expect(topBar()).toContain('aroha@example.nz');
    expect(screen.getByText('Your profile is incomplete')).toBeTruthy();
  });

  it('never shows the profile reminder to a user whose profile is complete', async () => {
    renderApp();
    await screen.findByRole('heading', { level: 2, name: 'Start an application' }, { timeout: 15_000 });
    expect(screen.queryByText('Your profile is incomplete')).toBeNull();
    await act(async () => answerUser(completeUser));
    await waitFor(() => expect(topBar()).toContain('Aroha Ngata'));
    expect(screen.queryByText('Your profile is incomplete')).toBeNull();
  });
});
