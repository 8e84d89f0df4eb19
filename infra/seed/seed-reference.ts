import type { Country } from '../../shared/schemas/country.js';
import { entities } from '../../functions/platform/data/service.js';
import { emailGrantUserId } from '../../functions/reference/repository/reference.js';
import {
  pruneReferenceData,
  putCountries,
  putReferenceData,
  putUserAuthority,
  storedServiceable,
} from '../../functions/reference/repository/loader.js';
import { withStoredServiceable } from '../../functions/reference/serviceable.js';
import { jurisdictionParts, referenceData } from '../../functions/reference/data.js';
import type { ReferenceData } from '../../functions/reference/data.js';
import { jurisdictionEtag } from '../../functions/reference/jurisdiction.js';

/**
 * shared/reference/countries.json, validated (ids and codes unique). Bundled with the loader (a JSON
 * import, not a file read), so the deploy-time custom resource Lambda carries the same data.
 */
export async function loadCountries(): Promise<Country[]> {
  return Promise.resolve(referenceData().countries);
}

export interface SeedSummary {
  countries: number;
  /** Reference items written (jurisdictions, authorities, forms, … document types). */
  items: number;
  /** User-authority relations written (each under the e-mail grant, and the user's id if known). */
  userAuthorities: number;
  /** Items deleted because they are no longer in the reference data. */
  pruned: number;
}

/**
 * Links each user-authority grant of user-authorities.json: always under the e-mail's grant id
 * (`email:<address>`, read by GET /user for the account with that e-mail, whenever it registers),
 * and under the user's id when an account with that e-mail already exists (U2).
 */
async function linkUserAuthorities(data: ReferenceData): Promise<number> {
  let n = 0;
  for (const g of data.userAuthorities) {
    await putUserAuthority(emailGrantUserId(g.email), g.authorityId, g.defaultIndependent);
    n++;
    const { data: users } = await entities.user.query.byEmail({ email: g.email.toLowerCase() }).go();
    for (const u of users) {
      await putUserAuthority(u.userId, g.authorityId, g.defaultIndependent);
      n++;
    }
  }
  return n;
}

/**
 * Loads the reference data into the table (TABLE_NAME) through the repositories: countries,
 * jurisdictions (with their etag: a hash of what GET /public/jurisdictions/{id} shows), authorities,
 * forms, breadcrumbs, steps, participant and qualification types, document categories, containers,
 * tags and types, and the user-authority grants (an authority's stored `serviceable` is kept: only a new
 * row takes the JSON value); then deletes the loader's items that are no longer in
 * the data. Idempotent: every item is a put of the same values, so re-running changes nothing. Used by `npm start` and by the deploy-time custom resource.
 */
export async function seedReferenceData(): Promise<SeedSummary> {
  const countries = await loadCountries();
  const { unprocessed } = await putCountries(countries);
  if (unprocessed > 0) throw new Error(`seed: ${unprocessed} countries were not written`);

  const json = referenceData();
  // An authority's row keeps the serviceable that onboarding or revocation gave it.
  const stored = await storedServiceable(json.jurisdictions.map((j) => j.id));
  const data: ReferenceData = { ...json, authorities: withStoredServiceable(json.authorities, stored) };
  const result = await putReferenceData({
    ...data,
    jurisdictions: data.jurisdictions.map((j) => ({
      ...j,
      etag: jurisdictionEtag(jurisdictionParts(data, j)),
    })),
  });
  if (result.unprocessed > 0) throw new Error(`seed: ${result.unprocessed} reference items were not written`);
  const ids = <T extends { id: string }>(list: readonly T[]) => new Set(list.map((x) => x.id));
  const pruned = await pruneReferenceData({
    jurisdictionIds: data.jurisdictions.map((j) => j.id),
    authorityIds: ids(data.authorities),
    formIds: ids(data.forms),
    breadcrumbIds: ids(data.breadcrumbs),
    stepIds: ids(data.steps),
    participantTypeIds: ids(data.participantTypes),
    qualificationTypeIds: ids(data.qualificationTypes),
    documentCategoryIds: ids(data.documentCategories),
    documentContainerIds: ids(data.documentContainers),
    systemTagIds: ids(data.documentTags),
    documentTypeIds: ids(data.documentTypes),
  });
  const userAuthorities = await linkUserAuthorities(data);
  return { countries: countries.length, items: result.written, userAuthorities, pruned };
}
