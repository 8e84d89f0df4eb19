import { createBrowserRouter, Navigate } from 'react-router';
import { SignedOutLayout } from '../components/SignedOutLayout';
import { PageSpinner } from '../components/PageSpinner';
import { RouteError } from './RouteError';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * Signed-out routes (organisation §2). Registration, confirmation, invitation and reset flows are
 * the next issue: /registration and /forgot-password say so; the others redirect to / until then.
 */
export function createSignedOutRouter() {
  return createBrowserRouter([
    {
      Component: SignedOutLayout,
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
      children: [
        { index: true, lazy: page(() => import('../features/auth/SignInPage')) },
        { path: 'registration', lazy: page(() => import('../features/auth/RegistrationPage')) },
        { path: 'forgot-password', lazy: page(() => import('../features/auth/ForgotPasswordPage')) },
        { path: 'support', lazy: page(() => import('../features/support/SupportPage')) },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}
