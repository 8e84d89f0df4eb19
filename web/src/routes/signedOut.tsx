import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { SignedOutLayout } from '../components/SignedOutLayout';
import { PageSpinner } from '../components/PageSpinner';
import { resetEmailFromState } from '../features/auth/resetNotice';
import {
  invitationCodeFromHash,
  isLegacyInvitationLink,
  LEGACY_INVITATION_LINK,
  legacyInvitationCode,
} from '../features/auth/invitationLink';
import { RouteError } from './RouteError';
import { loadAllStrings, loadI18next } from '../i18n/load';
import { withReturnPath } from '../../../shared/domain/returnPath';

type PageModule = { default: React.ComponentType };
type PageLoader = () => Promise<PageModule>;

export interface SignedOutPages {
  signIn: PageLoader;
  registration: PageLoader;
  confirmRegistration: PageLoader;
  invitation: PageLoader;
  forgotPassword: PageLoader;
  resetPassword: PageLoader;
  support: PageLoader;
  /** /pay#token=: an invited payer's invoice (no account). */
  payer: PageLoader;
  /** /unsubscribe#token=: an email's link to stop notification emails. */
  unsubscribe: PageLoader;
}

// The sign-in page translates with i18n/translate.ts; the other pages are drawn with react-i18next,
// so i18next loads with them (i18n/load.ts), not with the first page.
const withI18next =
  (load: PageLoader): PageLoader =>
  async () =>
    (await Promise.all([load(), loadI18next()]))[0];

const pages: SignedOutPages = {
  signIn: () => import('../features/auth/SignInPage'),
  registration: withI18next(() => import('../features/auth/RegistrationPage')),
  confirmRegistration: withI18next(() => import('../features/auth/ConfirmRegistrationPage')),
  invitation: withI18next(() => import('../features/auth/InvitationRegistrationPage')),
  forgotPassword: withI18next(() => import('../features/auth/ForgotPasswordPage')),
  resetPassword: withI18next(() => import('../features/auth/ResetPasswordPage')),
  support: withI18next(() => import('../features/support/SupportPage')),
  // The payer's page draws the payment components the signed-in pages share: all of en.json.
  payer: async () =>
    (await Promise.all([import('./linkPages').then((m) => m.payerPage()), loadAllStrings()]))[0],
  unsubscribe: async () =>
    (await Promise.all([import('./linkPages').then((m) => m.unsubscribePage()), loadAllStrings()]))[0],
};

const page = (load: PageLoader) => async () => ({ Component: (await load()).default });

/**
 * /registration-via-invitation needs the link's code in the fragment (`#code=`), else goes to `/`.
 * An old mail's `?code=` is read once and the URL replaced at once (no query kept in the history);
 * the page then says that link no longer works (features/auth/invitationLink.ts).
 */
export function RequireInvitationCode() {
  const { pathname, search, hash, state } = useLocation();
  if (legacyInvitationCode(search))
    return <Navigate to={pathname} replace state={{ [LEGACY_INVITATION_LINK]: true }} />;
  return invitationCodeFromHash(hash) || isLegacyInvitationLink(state) ? (
    <Outlet />
  ) : (
    <Navigate to="/" replace />
  );
}

/** /reset-password without an email passed along (router state) goes to /forgot-password. */
export function RequireResetEmail() {
  const location = useLocation();
  return resetEmailFromState(location.state) ? <Outlet /> : <Navigate to="/forgot-password" replace />;
}

/**
 * Any other path signed out (a link to an application from an email, a bookmark): the sign-in page,
 * carrying the path as `?returnTo=` so signing in goes on to it (the signed-in router's index
 * checks it with safeReturnPath and redirects).
 */
export function ToSignIn() {
  const { pathname, search } = useLocation();
  return <Navigate to={withReturnPath('/', `${pathname}${search}`)} replace />;
}

/**
 * Signed-out routes (docs/features.md, core §2): `/` sign-in, /registration, /confirm-registration,
 * /registration-via-invitation, /forgot-password, /reset-password, /support, /pay (an invited
 * payer's invoice), /unsubscribe (an email's link); anything else → `/`
 * with the path to return to after sign-in.
 */
export function signedOutRoutes(load: SignedOutPages = pages): RouteObject[] {
  return [
    {
      Component: SignedOutLayout,
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
      children: [
        { index: true, lazy: page(load.signIn) },
        { path: 'registration', lazy: page(load.registration) },
        { path: 'confirm-registration', lazy: page(load.confirmRegistration) },
        {
          Component: RequireInvitationCode,
          children: [{ path: 'registration-via-invitation', lazy: page(load.invitation) }],
        },
        { path: 'forgot-password', lazy: page(load.forgotPassword) },
        {
          Component: RequireResetEmail,
          children: [{ path: 'reset-password', lazy: page(load.resetPassword) }],
        },
        { path: 'support', lazy: page(load.support) },
        // The payer's link: /pay#token=… (the fragment never reaches a server); /pay/{token} is a
        // link mailed before, taken once and rewritten to /pay.
        { path: 'pay', lazy: page(load.payer) },
        { path: 'pay/:token', lazy: page(load.payer) },
        { path: 'unsubscribe', lazy: page(load.unsubscribe) },
        { path: '*', element: <ToSignIn /> },
      ],
    },
  ];
}

export function createSignedOutRouter() {
  return createBrowserRouter(signedOutRoutes());
}
