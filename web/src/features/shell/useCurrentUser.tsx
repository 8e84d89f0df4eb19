import { createContext, useContext, type ReactNode } from 'react';
import type { CurrentUser } from '../../api/user';
import { PageSpinner } from '../../components/PageSpinner';

/**
 * The signed-in user (GET /user), null until it has loaded: the signed-in app draws the shell and
 * the page at once and fills the user in when it arrives (app/SignedInApp.tsx).
 */
export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** The user, or null while GET /user is on its way (the shell and the dashboard draw without it). */
export function useMaybeCurrentUser(): CurrentUser | null {
  return useContext(CurrentUserContext);
}

/** The signed-in user; only under {@link WithCurrentUser}, which waits for it. */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside WithCurrentUser');
  return user;
}

/** Draws `children` (which call useCurrentUser) once the user has loaded, a loading state before. */
export function WithCurrentUser({ children }: { children: ReactNode }) {
  return useContext(CurrentUserContext) ? children : <PageSpinner />;
}

export function displayName(user: CurrentUser): string {
  const full = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ');
  return full || user.email;
}
