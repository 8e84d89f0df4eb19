import { getAuthorities, listUserAuthorities } from './repository/reference.js';
import { userAuthoritiesService } from './service/reference.js';
import type { IndependentAuthorityDto } from './service/reference.js';

export type { IndependentAuthorityDto } from './service/reference.js';

/** What other features call (they never reach into this feature's repository). */
const userAuthorities = userAuthoritiesService({
  relationsOf: listUserAuthorities,
  authoritiesByIds: getAuthorities,
});

/**
 * The user's own independent authorities (U4 under the user id and the e-mail grant, then RD8):
 * only authorities that are independent and not hidden.
 */
export async function independentAuthoritiesOf(
  userId: string,
  email: string | undefined,
): Promise<IndependentAuthorityDto[]> {
  return userAuthorities.independentAuthoritiesOf(userId, email);
}

/**
 * Whether the authority accepts applications now: its stored row's `serviceable` (council onboarding
 * sets it, revocation clears it; ./serviceable.ts). An authority without a row does not.
 */
export async function isServiceable(authorityId: string): Promise<boolean> {
  const [authority] = await getAuthorities([authorityId]);
  return authority?.serviceable ?? false;
}
