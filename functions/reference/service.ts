import type { AuthorityDto } from '../../shared/schemas/reference.js';
import { toAuthorityDto } from './jurisdiction.js';
import { getAuthorities, listUserAuthorityRelations } from './repository/reference.js';

/** An independent authority linked to the user, with the relation's default flag. */
export type IndependentAuthorityDto = AuthorityDto & { defaultIndependent: boolean };

/**
 * The user's own independent authorities (U4 under the user id and the e-mail grant, then RD8):
 * only authorities that are independent and not hidden.
 */
export async function independentAuthoritiesOf(
  userId: string,
  email: string | undefined,
): Promise<IndependentAuthorityDto[]> {
  const relations = await listUserAuthorityRelations(userId, email);
  const authorities = await getAuthorities(relations.map((r) => r.authorityId));
  const defaults = new Map(relations.map((r) => [r.authorityId, r.defaultIndependent]));
  return authorities
    .filter((a) => a.isIndependent && !a.hidden)
    .sort((a, b) => a.displayName.localeCompare(b.displayName))
    .map((a) => ({ ...toAuthorityDto(a), defaultIndependent: defaults.get(a.id) ?? false }));
}
