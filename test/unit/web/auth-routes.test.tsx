// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../web/src/i18n/en.json';
import { signedOutRoutes, type SignedOutPages } from '../../../web/src/routes/signedOut';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
await i18next.use(initReactI18next).init({ resources: { en: { translation: en } }, lng: 'en' });

function stub(name: string) {
  return async () => ({
    default: function Stub() {
      const location = useLocation();
      return (
        <p data-page={name} data-state={JSON.stringify(location.state ?? null)}>
          {`${name} ${location.pathname}${location.search}`}
        </p>
      );
    },
  });
}

const stubs: SignedOutPages = {
  signIn: stub('sign-in'),
  registration: stub('registration'),
  confirmRegistration: stub('confirm-registration'),
  invitation: stub('invitation'),
  forgotPassword: stub('forgot-password'),
  resetPassword: stub('reset-password'),
  support: stub('support'),
  payer: stub('payer'),
  unsubscribe: stub('unsubscribe'),
};

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = '';
});

/** Renders the signed-out routes at `entry` and returns where the router settles and which page shows. */
async function visit(entry: string | { pathname: string; search?: string; hash?: string; state?: unknown }) {
  const router = createMemoryRouter(signedOutRoutes(stubs), { initialEntries: [entry] });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  cleanup = () => {
    act(() => root.unmount());
    router.dispose();
  };
  await act(async () => {
    root.render(<RouterProvider router={router} />);
  });
  for (let i = 0; i < 20 && !container.querySelector('[data-page]'); i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
  const { pathname, search, hash } = router.state.location;
  return {
    url: `${pathname}${search}`,
    page: container.querySelector('[data-page]')?.getAttribute('data-page'),
    ...(hash ? { hash } : {}),
  };
}

describe('signed-out routes (docs/accounts.md, core §2)', () => {
  it.each([
    ['/', 'sign-in'],
    ['/registration', 'registration'],
    ['/confirm-registration?verification_code=123456&email=a%40b.nz', 'confirm-registration'],
    ['/forgot-password', 'forgot-password'],
    ['/support', 'support'],
  ])('%s shows the %s page', async (path, page) => {
    await expect(visit(path)).resolves.toEqual({ url: path, page });
  });

  it('/reset-password with the email passed along shows the reset page', async () => {
    await expect(visit({ pathname: '/reset-password', state: { email: 'a@b.nz' } })).resolves.toEqual({
      url: '/reset-password',
      page: 'reset-password',
    });
  });

  it('/reset-password without an email goes to /forgot-password', async () => {
    await expect(visit('/reset-password')).resolves.toEqual({
      url: '/forgot-password',
      page: 'forgot-password',
    });
    await expect(visit({ pathname: '/reset-password', state: { email: 'not-an-email' } })).resolves.toEqual({
      url: '/forgot-password',
      page: 'forgot-password',
    });
  });

  it("/registration-via-invitation with the link's code in the fragment shows the invitation page", async () => {
    await expect(visit('/registration-via-invitation#code=abc')).resolves.toEqual({
      url: '/registration-via-invitation',
      page: 'invitation',
      hash: '#code=abc',
    });
  });

  it('/registration-via-invitation without a code goes to /', async () => {
    await expect(visit('/registration-via-invitation')).resolves.toEqual({ url: '/', page: 'sign-in' });
    await expect(visit('/registration-via-invitation?code=%20')).resolves.toEqual({
      url: '/',
      page: 'sign-in',
    });
    await expect(visit('/registration-via-invitation#code=')).resolves.toEqual({ url: '/', page: 'sign-in' });
  });

  it("an old mail's ?code= link: the query is dropped from the URL at once; the page is told it is an old link", async () => {
    const seen = await visit('/registration-via-invitation?code=2e3d30a2-a78c-4c20-8830-13360bd12b91');
    expect(seen).toEqual({ url: '/registration-via-invitation', page: 'invitation' });
    expect(document.querySelector('[data-page]')?.getAttribute('data-state')).toBe(
      JSON.stringify({ legacyInvitationLink: true }),
    );
  });

  it.each([
    '/no-such-page',
    '/user-profile',
    '/projects?tab=All',
    '/registration/extra',
    '/application-details/12',
  ])('anything else (%s) goes to sign-in, to return there after signing in', async (path) => {
    await expect(visit(path)).resolves.toEqual({
      url: `/?returnTo=${encodeURIComponent(path)}`,
      page: 'sign-in',
    });
  });
});
