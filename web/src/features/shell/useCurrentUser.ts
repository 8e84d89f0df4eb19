import { createContext, useContext } from 'react';
import type { CurrentUser } from '../../api/user';

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** The signed-in user; signed-in routes render only once it is loaded, so it is always there. */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside the signed-in app');
  return user;
}

export function displayName(user: CurrentUser): string {
  const full = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ');
  return full || user.email;
}
