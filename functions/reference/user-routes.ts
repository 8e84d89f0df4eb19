import { listCountries } from './repository/countries.js';
import {
  getAuthorities,
  listDocumentTags,
  listQualificationTypes,
  listUserAuthorityRelations,
  listUserProperties,
  SYSTEM_TAGS_USER_ID,
} from './repository/reference.js';
import { toAuthorityDto } from './jurisdiction.js';
import type { AuthorityDto, DocumentTag } from '../../shared/schemas/reference.js';
import type { Implementations } from '../platform/http/handler.js';
import type { contract } from './contract.js';

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

const tagOrder = (a: DocumentTag, b: DocumentTag) =>
  a.displayOrder - b.displayOrder || a.displayName.localeCompare(b.displayName);

/** User-scoped reference routes (portal-core §7), spread into the `user` resource module. */
export const referenceUserRoutes = {
  'GET /user/qualification-types': async () => {
    return listQualificationTypes();
  },

  /** System tags (userId 0) first, then the user's own. */
  'GET /user/documenttags': async ({ caller }) => {
    const [system, own] = await Promise.all([
      listDocumentTags(SYSTEM_TAGS_USER_ID),
      caller.userId === SYSTEM_TAGS_USER_ID ? [] : listDocumentTags(caller.userId),
    ]);
    return [...system.sort(tagOrder), ...own.sort(tagOrder)];
  },

  /** Every country, New Zealand first (ids are ordered so). */
  'GET /user/countries': async () => {
    const countries = await listCountries();
    const nz = countries.filter((c) => c.abbreviatedName === 'NZ');
    return [...nz, ...countries.filter((c) => c.abbreviatedName !== 'NZ')];
  },

  'GET /user/properties': async ({ caller }) => {
    return listUserProperties(caller.userId);
  },
} satisfies Partial<Implementations<typeof contract>>;
