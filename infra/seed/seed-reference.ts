import type { Country } from '../../shared/schemas/country.js';
import { entities } from '../../functions/platform/data/service.js';
import { emailGrantUserId } from '../../functions/reference/repository/reference.js';
import {
  pruneReferenceData,
  putCountries,
  putReferenceData,
  putUserAuthority,
  deleteUserAuthority,
  storedServiceable,
} from '../../functions/reference/repository/loader.js';
import { demoDataMode, isDemoGrant, type DemoDataMode } from '../../functions/reference/demo-data.js';
import { withStoredServiceable } from '../../functions/reference/serviceable.js';
import { jurisdictionParts, referenceData } from '../../functions/reference/data.js';
import type { ReferenceData } from '../../functions/reference/data.js';
import { jurisdictionEtag } from '../../functions/reference/jurisdiction.js';

/**
 * shared/reference/countries.json, validated (ids and codes unique). Bundled with the loader (a JSON
 * import, not a file read), so the deploy-time custom resource Lambda carries the same data.
 */
export async function loadCountries(): Promise<Country[]> {
  return Promise.resolve(referenceData('included').countries);
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
 * Removes the demo grants an earlier load may have linked (under the e-mail's grant id and the
 * ids of accounts with that e-mail): a stage that became prod-like keeps none.
 */
async function unlinkDemoGrants(): Promise<number> {
  let n = 0;
  for (const g of referenceData('included').userAuthorities.filter(isDemoGrant)) {
    const { data: users } = await entities.user.query.byEmail({ email: g.email.toLowerCase() }).go();
    for (const userId of [emailGrantUserId(g.email), ...users.map((u) => u.userId)])
      n += await deleteUserAuthority(userId, g.authorityId);
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
 * `demoData` (default DEMO_DATA): `excluded` leaves out the demo authority and its grants
 * (functions/reference/demo-data.ts) and removes those an earlier load wrote.
 */
export async function seedReferenceData(options: { demoData?: DemoDataMode } = {}): Promise<SeedSummary> {
  // A prod-like stage never gets the demo authority or its grants (docs/reference-data.md): left out of
  // the data, pruned if an earlier load wrote them.
  const mode = options.demoData ?? demoDataMode();
  const json = referenceData(mode);

  const countries = await loadCountries();
  const { unprocessed } = await putCountries(countries);
  if (unprocessed > 0) throw new Error(`seed: ${unprocessed} countries were not written`);

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
  let pruned = await pruneReferenceData({
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
  if (mode === 'excluded') pruned += await unlinkDemoGrants();
  return { countries: countries.length, items: result.written, userAuthorities, pruned };
}
