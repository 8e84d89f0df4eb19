import { listCountries } from './repository/countries.js';
import {
  listDocumentTags,
  listQualificationTypes,
  listUserProperties,
  SYSTEM_TAGS_USER_ID,
} from './repository/reference.js';
import type { DocumentTag } from '../../shared/schemas/reference.js';
import type { Implementations } from '../platform/http/handler.js';
import type { contract } from './contract.js';

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
