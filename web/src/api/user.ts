import type { UserDto } from '../../../shared/schemas/user';
import type { ChangePasswordRequest, UserPatchRequest } from '../../../shared/schemas/accounts';
import { loadAmplifyAuth } from '../lib/amplify';
import { api } from './call';
import { ServiceError } from './errors';

/** The signed-in user, as returned by `GET /user` (and `PATCH /user`). */
export type CurrentUser = UserDto;

export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return api('GET /user', { signal });
}

/** PATCH /user → the updated user. */
export function patchCurrentUser(body: UserPatchRequest): Promise<CurrentUser> {
  return api('PATCH /user', { body });
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
  await api('PUT /user/password', { body });
}
