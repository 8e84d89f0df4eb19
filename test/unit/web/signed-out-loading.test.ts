// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The sign-in page is drawn without i18next (docs/performance.md): its route must not wait for
 * it, the other signed-out pages (drawn with react-i18next) must.
 */
const { loadI18next, loadAllStrings, page } = vi.hoisted(() => ({
  loadI18next: vi.fn(async () => undefined),
  loadAllStrings: vi.fn(async () => undefined),
  page: () => ({ default: () => null }),
}));
vi.mock('../../../web/src/i18n/load', async (original) => ({
  ...(await original<typeof import('../../../web/src/i18n/load')>()),
  loadI18next,
  loadAllStrings,
}));
// The pages themselves (Cloudscape, the captcha) are not what is tested here.
vi.mock('../../../web/src/features/auth/SignInPage', page);
vi.mock('../../../web/src/features/auth/RegistrationPage', page);
vi.mock('../../../web/src/features/auth/ConfirmRegistrationPage', page);
vi.mock('../../../web/src/features/auth/InvitationRegistrationPage', page);
vi.mock('../../../web/src/features/auth/ForgotPasswordPage', page);
vi.mock('../../../web/src/features/auth/ResetPasswordPage', page);
vi.mock('../../../web/src/features/support/SupportPage', page);
vi.mock('../../../web/src/features/payments/PayerSignedOutPage', page);
vi.mock('../../../web/src/features/notifications/UnsubscribeSignedOutPage', page);
const { signedOutRoutes } = await import('../../../web/src/routes/signedOut');

type Route = {
  path?: string;
  index?: boolean;
  lazy?: () => Promise<{ Component?: unknown }>;
  children?: Route[];
};
/** The lazy function of the route at `path` ('' for the index route) of the default signed-out routes. */
function lazyOf(path: string): () => Promise<{ Component?: unknown }> {
  const all: Route[] = [];
  const walk = (routes: Route[]) => routes.forEach((r) => (all.push(r), walk(r.children ?? [])));
  walk(signedOutRoutes() as Route[]);
  return all.find((r) => (path ? r.path === path : r.index))!.lazy!;
}

beforeEach(() => loadI18next.mockClear());

describe('the signed-out pages load i18next only when they use it', () => {
  it('the sign-in page does not load it', async () => {
    expect((await lazyOf('')()).Component).toBeTypeOf('function');
    expect(loadI18next).not.toHaveBeenCalled();
  });

  it.each([
    'registration',
    'confirm-registration',
    'registration-via-invitation',
    'forgot-password',
    'reset-password',
    'support',
  ])('/%s waits for it', async (path) => {
    expect((await lazyOf(path)()).Component).toBeTypeOf('function');
    expect(loadI18next).toHaveBeenCalledTimes(1);
  });

  it.each(['pay', 'pay/:token', 'unsubscribe'])(
    "/%s (an email's link) waits for the whole of en.json: it draws the signed-in pages' components",
    async (path) => {
      loadAllStrings.mockClear();
      expect((await lazyOf(path)()).Component).toBeTypeOf('function');
      expect(loadAllStrings).toHaveBeenCalledTimes(1);
    },
  );
});
