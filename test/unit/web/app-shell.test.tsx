// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { i18n as I18n } from 'i18next';
import type { CurrentUser } from '../../../web/src/api/user';
import { user } from './applications-support';
import { TEST_CONFIG } from './config-support';

// The plain signed-in layout (features/shell/AppShell.tsx): top bar, menus, side navigation, drawer.
const signOut = vi.fn(async () => {});
let signingOut = false;
vi.mock('../../../web/src/features/auth/AuthProvider', () => ({
  useAuth: () => ({ status: 'authenticated', signOut, signingOut }),
}));

const { initI18n } = await import('../../../web/src/i18n');
const { setConfigForTests } = await import('../../../web/src/lib/config');
const { AppShell } = await import('../../../web/src/features/shell/AppShell');
const { CurrentUserContext } = await import('../../../web/src/features/shell/useCurrentUser');

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});

/** The viewport's width, for the shell's media queries (min-width only). */
function viewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0) <= width,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  setConfigForTests(TEST_CONFIG);
  viewport(1440);
  signOut.mockClear();
  signingOut = false;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Page() {
  const location = useLocation();
  return <h1 data-testid="page">{location.pathname}</h1>;
}

function renderShell(url = '/', who: CurrentUser | null = user) {
  const router = createMemoryRouter([{ Component: AppShell, children: [{ path: '*', Component: Page }] }], {
    initialEntries: [url],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CurrentUserContext.Provider value={who}>
          <RouterProvider router={router} />
        </CurrentUserContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

const sideNav = () => screen.getByRole('navigation', { name: 'Navigation' });

describe('the plain shell', () => {
  it('draws the top bar and marks the page’s section in the side navigation', () => {
    renderShell('/applications');
    const bar = screen.getByRole('banner', { name: 'Top navigation' });
    expect(within(bar).getByRole('link', { name: 'Consent Portal home' }).getAttribute('href')).toBe('/');
    expect(within(bar).getByRole('link', { name: 'New application' }).getAttribute('href')).toBe(
      '/new-application',
    );
    const links = within(sideNav()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Dashboard', 'Projects', 'Libraries', 'Organisation']);
    expect(links.filter((l) => l.getAttribute('aria-current') === 'page').map((l) => l.textContent)).toEqual([
      'Projects',
    ]);
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('highlights nothing on a page of no section, and follows a link without reloading', async () => {
    const router = renderShell('/user-profile');
    expect(within(sideNav()).queryAllByRole('link', { current: 'page' })).toEqual([]);
    fireEvent.click(within(sideNav()).getByRole('link', { name: 'Libraries' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/libraries'));
    expect(within(sideNav()).getByRole('link', { current: 'page' }).textContent).toBe('Libraries');
  });

  it('collapses the navigation to its icons and opens it again', () => {
    renderShell('/');
    fireEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
    const toggle = screen.getByRole('button', { name: 'Open navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Icons only: each link keeps its name.
    const links = within(sideNav()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['', '', '', '']);
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Dashboard',
      'Projects',
      'Libraries',
      'Organisation',
    ]);
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close navigation' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('Help menu by keyboard: opens on its first item, arrows move, Escape returns to the button', async () => {
    renderShell('/');
    const help = screen.getByRole('button', { name: 'Help' });
    expect(help.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.keyDown(help, { key: 'ArrowDown' });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Online helpOnline help is not configured yet',
      'Support information',
    ]);
    expect(help.getAttribute('aria-expanded')).toBe('true');
    // Online help is not configured: disabled, focusable, says why.
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    expect(items[0]!.getAttribute('aria-disabled')).toBe('true');
    expect(items[0]!.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.keyDown(items[1]!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(items[0]!, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.keyDown(items[1]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(help);
  });

  it('Help → Support information opens the support dialog', { timeout: 30_000 }, async () => {
    renderShell('/');
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Support information' }));
    // The dialog is a lazy chunk (Cloudscape's Modal): slow to transform on a busy machine.
    expect(await screen.findByRole('dialog', {}, { timeout: 20_000 })).toBeTruthy();
  });

  it('shows the online help as an external link when it is configured', async () => {
    setConfigForTests({
      apiUrl: '/api',
      region: 'r',
      userPoolId: 'p',
      userPoolClientId: 'c',
      authFlowType: 'USER_PASSWORD_AUTH',
      flags: {},
      onlineHelpUrl: 'https://help.example.nz/',
    });
    renderShell('/');
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const item = await screen.findByRole('menuitem', { name: /^Online help/ });
    expect(item.getAttribute('href')).toBe('https://help.example.nz/');
    expect(item.getAttribute('target')).toBe('_blank');
    expect(within(item).getByRole('img', { name: 'Opens in a new tab' })).toBeTruthy();
  });

  it('the user menu appears with the user: name and email, Profile and Logout', async () => {
    renderShell('/', null);
    expect(screen.queryByRole('button', { name: /^User menu/ })).toBeNull();
    cleanup();
    const withUser = renderShell('/');
    const menu = screen.getByRole('button', { name: 'User menu for Aroha Ngata' });
    fireEvent.click(menu);
    expect(screen.getByText(user.email)).toBeTruthy();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(withUser.state.location.pathname).toBe('/user-profile'));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(menu);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('while the global sign-out runs, the user menu gives way to "Signing out…"', () => {
    signingOut = true;
    renderShell('/');
    expect(screen.getByRole('status').textContent).toBe('Signing out…');
    expect(screen.queryByRole('button', { name: /^User menu/ })).toBeNull();
  });

  it('below 688 px the navigation is a drawer: opened by the toolbar, closed by Escape or a link', async () => {
    viewport(390);
    const router = renderShell('/');
    expect(screen.queryByRole('navigation', { name: 'Navigation' })).toBeNull();
    // No New application in the bar below md; Help keeps its name as an icon.
    expect(screen.queryByRole('link', { name: 'New application' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Open navigation' });
    fireEvent.click(toggle);
    const close = await screen.findByRole('button', { name: 'Close navigation' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: 'Navigation' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    fireEvent.click(within(sideNav()).getByRole('link', { name: 'Projects' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(screen.queryByRole('navigation', { name: 'Navigation' })).toBeNull();
  });

  it('offers "Back to top" once the page is scrolled more than 400 px; it scrolls up and focuses the heading', () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderShell('/applications');
    const scrolled = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      fireEvent.scroll(window);
    };
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrolled(400);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrolled(401);
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(document.activeElement).toBe(screen.getByTestId('page'));
    scrolled(0);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
  });
});

describe('plain tabs', () => {
  it('one Tab stop; arrows, Home and End move and select; the panel is named by its tab', async () => {
    const { PlainTabs } = await import('../../../web/src/components/plain/PlainTabs');
    const { useState } = await import('react');
    function Example() {
      const [tab, setTab] = useState('a');
      return (
        <PlainTabs
          ariaLabel="Lists"
          activeTabId={tab}
          onChange={setTab}
          tabs={[
            { id: 'a', label: 'Applications' },
            { id: 'b', label: 'Consents' },
            { id: 'c', label: 'Templates' },
          ]}
        >
          <p>panel {tab}</p>
        </PlainTabs>
      );
    }
    render(<Example />);
    const tabs = within(screen.getByRole('tablist', { name: 'Lists' })).getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Applications' }).textContent).toBe('panel a');
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Consents');
    expect(document.activeElement).toBe(tabs[1]);
    expect(screen.getByRole('tabpanel', { name: 'Consents' }).textContent).toBe('panel b');
    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Templates');
    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Applications');
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Templates');
    fireEvent.click(tabs[1]!);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Consents');
  });
});
