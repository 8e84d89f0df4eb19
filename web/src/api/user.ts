import type { UserDto } from '../../../shared/schemas/user';
import type { ChangePasswordRequest, UserPatchRequest } from '../../../shared/schemas/accounts';
import { loadAmplifyAuth } from '../lib/amplify';
import { apiRequest } from './client';
import { ServiceError } from './errors';
import { apiPaths } from './paths';

/** The signed-in user, as returned by `GET /user` (and `PATCH /user`). */
export type CurrentUser = UserDto;

export const userPaths = {
  me: apiPaths.user,
  password: '/user/password',
} as const;

export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiRequest<CurrentUser>(userPaths.me, { signal });
}

/** PATCH /user → the updated user. */
export function patchCurrentUser(body: UserPatchRequest): Promise<CurrentUser> {
  return apiRequest<CurrentUser>(userPaths.me, { method: 'PATCH', body });
}

/**
 * PUT /user/password { accessToken, previousPassword, proposedPassword } → 204. The access token is
 * the current one from Amplify's session (refreshed by Amplify when it has expired).
 */
export async function changePassword(passwords: Omit<ChangePasswordRequest, 'accessToken'>): Promise<void> {
  const session = await (await loadAmplifyAuth()).fetchAuthSession();
  const accessToken = session.tokens?.accessToken?.toString();
  if (!accessToken) throw new ServiceError('ClientError', 'User info not available');
  const body: ChangePasswordRequest = { accessToken, ...passwords };
  await apiRequest<unknown>(userPaths.password, { method: 'PUT', body });
}
