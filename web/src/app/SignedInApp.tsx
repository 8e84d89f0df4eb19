import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PlainAlert, PlainButton } from '../components/plain/page';
import { useTranslation } from 'react-i18next';
import { ServiceError } from '../api/errors';
import { currentUserQuery } from '../features/user/queries';
import { CurrentUserContext } from '../features/shell/useCurrentUser';
import { createSignedInRouter } from '../routes/signedIn';
import { PageSpinner } from '../components/PageSpinner';
import { ToastProvider } from '../components/toasts';
import { useAuth } from '../features/auth/AuthProvider';
import { useOwnedRouter } from './useOwnedRouter';
import styles from './signedIn.module.css';

function SignedInRouter() {
  const router = useOwnedRouter(createSignedInRouter);
  return <RouterProvider router={router} />;
}

/**
 * The signed-in app with its toasts (Cloudscape's Flashbar: only signed-in pages show toasts, so
 * the sign-in page does not load it).
 */
export default function SignedInApp() {
  return (
    <ToastProvider>
      <SignedInContent />
    </ToastProvider>
  );
}

/**
 * The shell and the page draw at once; GET /user fills in the user when it arrives (the shell's
 * user menu, the dashboard's welcome and profile reminder; pages that need the user wait for it
 * with WithCurrentUser). A failed GET /user replaces the app with a retry; UserNotActive signs the
 * user out and returns to the root (spec core §4).
 */
function SignedInContent() {
  const { t } = useTranslation();
  const auth = useAuth();
  const user = useQuery(currentUserQuery());
  const inactive = user.error instanceof ServiceError && user.error.code === 'UserNotActive';

  useEffect(() => {
    if (inactive) void auth.signOut();
  }, [inactive, auth]);

  if (inactive) return <PageSpinner />;
  if (user.isError) {
    return (
      <main className={styles.failed}>
        <PlainAlert
          type="error"
          header={t('shell.userLoadFailed')}
          action={
            <span className={styles.actions}>
              <PlainButton onClick={() => void user.refetch()}>{t('shell.retry')}</PlainButton>
              <PlainButton onClick={() => void auth.signOut()}>{t('shell.signOut')}</PlainButton>
            </span>
          }
        >
          {user.error.message}
        </PlainAlert>
      </main>
    );
  }
  return (
    <CurrentUserContext.Provider value={user.data ?? null}>
      <SignedInRouter />
    </CurrentUserContext.Provider>
  );
}
