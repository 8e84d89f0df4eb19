import { apiRequest } from './client';

/** The signed-in user, as returned by `GET /user`. */
export interface CurrentUser {
  id: string;
  username: string;
  email: string;
  firstName?: string;
  lastName?: string;
  [key: string]: unknown;
}

export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('/user', { signal });
}
