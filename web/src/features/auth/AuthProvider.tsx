import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getConfig } from '../../lib/config';
import { hasStoredSession, loadAmplifyAuth, storedIdToken, whenAmplifyLoaded } from '../../lib/amplify';
import { runConfirmTotp, runSignIn, type SignInResult, type TotpResult } from './signInFlow';
import { setUnauthorizedHandler } from '../../api/client';

export type AuthStatus = 'configuring' | 'unauthenticated' | 'authenticated';

interface AuthContextValue {
  status: AuthStatus;
  signIn(credentials: { email: string; password: string }): Promise<SignInResult>;
  /** The second step when two-step sign-in is on: the code from the authenticator app. */
  confirmTotp(code: string): Promise<TotpResult>;
  /** Global sign-out (revokes the refresh token everywhere), then back to the sign-in page. */
  signOut(): Promise<void>;
  /** A sign-out is under way (the global sign-out is a network call): the shell says so. */
  signingOut: boolean;
  /**
   * The person started signing in (typed on the sign-in page): runs the provider's
   * `onSignInStarted`, with which the composition root warms what signing in will need.
   */
  signInStarted(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

async function hasSession(): Promise<boolean> {
  try {
    await (await loadAmplifyAuth()).getCurrentUser();
    return true;
  } catch {
    return false;
  }
}

/**
 * A stored session whose tokens are still valid: signed in without asking Amplify (what its
 * getCurrentUser would answer from the same storage, without the download).
 */
function validSessionStored(): boolean {
  try {
    return storedIdToken(getConfig().userPoolClientId, window.localStorage) !== undefined;
  } catch {
    return false;
  }
}

/** Whether this browser holds Amplify tokens for the app client (then the session is restored). */
function sessionStored(): boolean {
  try {
    return hasStoredSession(getConfig().userPoolClientId, window.localStorage);
  } catch {
    return false;
  }
}

/**
 * Auth state from Amplify v6: the current user at start, then Amplify's Hub 'auth' events.
 * (@aws-amplify/ui-react's useAuthenticator needs Authenticator.Provider, which pulls the whole
 * visual Authenticator into the bundle; the Hub gives the same states for a few lines.)
 * Amplify is loaded at start only when tokens are stored and need a refresh (lib/amplify.ts): a new
 * visitor's sign-in page, and a signed-in reload while the tokens are valid, draw without it. Leaving 'authenticated' unmounts the signed-in app and with it its query
 * cache (app/SignedInRoot.tsx), so nothing of the session is kept for the next person.
 */
/**
 * A sign-out the person chose (here or in another tab): the signed-out app starts at `/`, not at the
 * page they left, so the next sign-in (perhaps someone else's) starts on the dashboard. A link
 * opened signed out, or a session that expired, keeps its path for after sign-in (routes/signedOut.tsx).
 */
function toSignInPage(): void {
  window.history.replaceState(null, '', '/');
}

/**
 * `onSignInStarted`: what to start when the person starts typing on the sign-in page (main.tsx
 * passes app/preload.ts's `preloadSignedInApp`: Amplify and the signed-in app's chunks), so the
 * sign-in page needs nothing of the composition root above it (docs/architecture.md, "The web's
 * layers").
 */
export function AuthProvider({
  children,
  onSignInStarted,
}: {
  children: ReactNode;
  onSignInStarted: () => void;
}) {
  const [status, setStatus] = useState<AuthStatus>(() =>
    validSessionStored() ? 'authenticated' : sessionStored() ? 'configuring' : 'unauthenticated',
  );

  useEffect(() => {
    let active = true;
    // Valid stored tokens: signed in at once, Amplify loads when needed (a refresh, sign-out).
    // Otherwise Amplify restores (refreshes) the stored session, if any.
    if (!validSessionStored() && sessionStored()) {
      void hasSession().then((signedIn) => {
        if (active) setStatus(signedIn ? 'authenticated' : 'unauthenticated');
      });
    }
    const stop = whenAmplifyLoaded((Hub) =>
      Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
            setStatus('authenticated');
            break;
          case 'signedOut':
            toSignInPage();
            setStatus('unauthenticated');
            break;
          case 'tokenRefresh_failure':
            setStatus('unauthenticated');
            break;
          default:
            break;
        }
      }),
    );
    // A 401 on a signed-in call: the session cannot be refreshed any more; back to sign-in.
    const unregister = setUnauthorizedHandler(() => {
      void loadAmplifyAuth()
        .then((auth) => auth.signOut())
        .catch(() => undefined)
        .finally(() => setStatus('unauthenticated'));
    });
    // Signed out in another tab (Amplify there removes the refresh token): follow it here too,
    // whether or not this tab has loaded Amplify (whose own storage listener does the same).
    const otherTab = (event: StorageEvent) => {
      const prefix = `CognitoIdentityServiceProvider.${getConfig().userPoolClientId}.`;
      if (event.key?.startsWith(prefix) && event.key.endsWith('.refreshToken') && event.newValue === null) {
        toSignInPage();
        setStatus('unauthenticated');
      }
    };
    window.addEventListener('storage', otherTab);
    return () => {
      active = false;
      stop();
      unregister();
      window.removeEventListener('storage', otherTab);
    };
  }, []);

  const doSignIn = useCallback(async (credentials: { email: string; password: string }) => {
    const { signIn, confirmSignIn } = await loadAmplifyAuth();
    const result = await runSignIn({ signIn, confirmSignIn }, credentials, getConfig().authFlowType);
    if (result.ok) setStatus((await hasSession()) ? 'authenticated' : 'unauthenticated');
    return result;
  }, []);

  const doConfirmTotp = useCallback(async (code: string) => {
    const { confirmSignIn } = await loadAmplifyAuth();
    const result = await runConfirmTotp({ confirmSignIn }, code);
    if (result.ok) setStatus((await hasSession()) ? 'authenticated' : 'unauthenticated');
    return result;
  }, []);

  const [signingOut, setSigningOut] = useState(false);
  const doSignOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await (await loadAmplifyAuth()).signOut({ global: true });
    } finally {
      toSignInPage();
      setStatus('unauthenticated');
      setSigningOut(false);
    }
  }, []);

  const value = useMemo(
    () => ({
      status,
      signIn: doSignIn,
      confirmTotp: doConfirmTotp,
      signOut: doSignOut,
      signingOut,
      signInStarted: onSignInStarted,
    }),
    [status, doSignIn, doConfirmTotp, doSignOut, signingOut, onSignInStarted],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
