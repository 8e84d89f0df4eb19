import { entities, service } from '../../platform/data/service.js';
import type { Country } from '../../../shared/schemas/country.js';
import type {
  Authority,
  Breadcrumb,
  DocumentCategory,
  DocumentContainer,
  DocumentTag,
  DocumentType,
  Form,
  Jurisdiction,
  ParticipantType,
  QualificationType,
  Step,
} from '../../../shared/schemas/reference.js';
import { defined } from '../../../shared/domain/objects.js';
import { findJurisdiction, loadJurisdictionParts, SYSTEM_TAGS_USER_ID } from './reference.js';
import { jurisdictionEtag } from '../jurisdiction.js';

/**
 * The reference-data loader's writes (infra/seed/seed-reference.ts: `npm start` and the deploy-time
 * custom resource): batch puts of every list, the user-authority grants, and the pruning of items no
 * longer in the data. No request Lambda imports this module.
 */

async function batchPut<T>(put: (items: T[]) => { go(): Promise<{ unprocessed: unknown[] }> }, items: T[]) {
  if (items.length === 0) return 0;
  const { unprocessed } = await put(items).go();
  return unprocessed.length;
}

/** The reference lists the loader writes (countries have their own repository). */
export interface ReferenceWrite {
  jurisdictions: (Jurisdiction & { etag: string })[];
  authorities: Authority[];
  forms: Form[];
  breadcrumbs: Breadcrumb[];
  steps: Step[];
  participantTypes: ParticipantType[];
  qualificationTypes: QualificationType[];
  documentCategories: DocumentCategory[];
  documentContainers: DocumentContainer[];
  documentTags: DocumentTag[];
  documentTypes: DocumentType[];
}

/**
 * Writes every reference item with batch puts (idempotent: a re-run writes the same values).
 * Returns the number of items DynamoDB left unprocessed after ElectroDB's retries.
 */
export async function putReferenceData(d: ReferenceWrite): Promise<{ written: number; unprocessed: number }> {
  const formOfCrumb = new Map(d.breadcrumbs.map((b) => [b.id, b.formId]));
  const e = entities;
  const jobs: Promise<number>[] = [
    batchPut(
      (items) => e.jurisdiction.put(items),
      d.jurisdictions.map((j) => ({
        jurisdictionId: j.id,
        name: j.name,
        displayName: j.displayName,
        etag: j.etag,
        isHidden: j.isHidden,
      })),
    ),
    batchPut(
      (items) => e.authority.put(items),
      d.authorities.map((a) =>
        defined({
          authorityId: a.id,
          jurisdictionId: a.jurisdictionId,
          imageId: a.imageId,
          name: a.name,
          abbr: a.abbr,
          displayName: a.displayName,
          phone: a.phone,
          email: a.email,
          website: a.website,
          postalAddress: a.postalAddress,
          address: a.address,
          serviceable: a.serviceable,
          enabledFormSeries: a.enabledFormSeries,
          isIndependent: a.isIndependent,
          defaultIndependent: a.defaultIndependent,
          propertyLookupEnabled: a.propertyLookupEnabled,
          paymentsEnabled: a.paymentsEnabled,
          imageConversionEnabled: a.imageConversionEnabled,
          feesAndChargesUrl: a.feesAndChargesUrl,
          hidden: a.hidden,
          statutoryClock: a.statutoryClock,
          territorialAuthorities: a.territorialAuthorities,
          cities: a.cities,
          postcodePrefixes: a.postcodePrefixes,
          bounds: a.bounds,
        }),
      ),
    ),
    batchPut(
      (items) => e.form.put(items),
      d.forms.map((f) =>
        defined({
          jurisdictionId: f.jurisdictionId,
          formId: f.id,
          name: f.name,
          displayName: f.displayName,
          description: f.description,
          displayOrder: f.displayOrder,
          imageId: f.imageId,
          category: f.category,
          series: f.series,
          isHidden: f.isHidden,
          declarationText: f.declarationText,
          requiredDocumentContainers: f.requiredDocumentContainers,
        }),
      ),
    ),
    batchPut(
      (items) => e.breadcrumb.put(items),
      d.breadcrumbs.map((b) => ({
        formId: b.formId,
        breadcrumbId: b.id,
        name: b.name,
        displayName: b.displayName,
        displayOrder: b.displayOrder,
      })),
    ),
    batchPut(
      (items) => e.step.put(items),
      d.steps.map((s) => {
        const formId = formOfCrumb.get(s.breadcrumbId);
        if (!formId) throw new Error(`step ${s.id}: unknown breadcrumb ${s.breadcrumbId}`);
        return defined({
          formId,
          breadcrumbId: s.breadcrumbId,
          stepId: s.id,
          name: s.name,
          displayName: s.displayName,
          displayOrder: s.displayOrder,
          formioName: s.formioName,
          minimumAccessLevel: s.minimumAccessLevel,
          type: s.type,
        });
      }),
    ),
    batchPut(
      (items) => e.participantType.put(items),
      d.participantTypes.map((p) => ({
        participantTypeId: p.id,
        name: p.name,
        displayName: p.displayName,
        displayOrder: p.displayOrder,
        required: p.required,
        mandatory: p.mandatory,
        mustInvite: p.mustInvite,
        validationRequired: p.validationRequired,
        number: p.number,
        minimumAccessLevel: p.minimumAccessLevel,
        enableGroups: p.enableGroups,
        maskedBy: p.maskedBy,
        managedBy: p.managedBy,
      })),
    ),
    batchPut(
      (items) => e.qualificationType.put(items),
      d.qualificationTypes.map((q) =>
        defined({
          qualificationTypeId: q.id,
          name: q.name,
          displayName: q.displayName,
          displayOrder: q.displayOrder,
          regex: q.regex,
          validationErrorMessage: q.validationErrorMessage,
          classes: q.classes,
        }),
      ),
    ),
    batchPut(
      (items) => e.documentCategory.put(items),
      d.documentCategories.map((c) => ({
        jurisdictionId: c.jurisdictionId,
        documentCategoryId: c.id,
        name: c.name,
        displayName: c.displayName,
        displayOrder: c.displayOrder,
        identifier: c.identifier,
      })),
    ),
    batchPut(
      (items) => e.documentContainer.put(items),
      d.documentContainers.map((c) =>
        defined({
          documentContainerId: c.id,
          name: c.name,
          displayName: c.displayName,
          description: c.description,
          mergedFileName: c.mergedFileName,
          displayOrder: c.displayOrder,
          containerType: c.containerType,
        }),
      ),
    ),
    batchPut(
      (items) => e.documentTag.put(items),
      d.documentTags.map((t) =>
        defined({
          userId: t.userId,
          documentTagId: t.id,
          name: t.name,
          displayName: t.displayName,
          displayOrder: t.displayOrder,
          description: t.description,
        }),
      ),
    ),
    batchPut(
      (items) => e.documentType.put(items),
      d.documentTypes.map((t) => ({
        jurisdictionId: t.jurisdictionId,
        scope: t.scope,
        documentTypeId: t.id,
        name: t.name,
        displayName: t.displayName,
        displayOrder: t.displayOrder,
        description: t.description,
      })),
    ),
  ];
  const unprocessed = (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
  const written =
    d.jurisdictions.length +
    d.authorities.length +
    d.forms.length +
    d.breadcrumbs.length +
    d.steps.length +
    d.participantTypes.length +
    d.qualificationTypes.length +
    d.documentCategories.length +
    d.documentContainers.length +
    d.documentTags.length +
    d.documentTypes.length;
  return { written, unprocessed };
}

/**
 * The `serviceable` of every authority that already has a row in these jurisdictions (onboarding's
 * value, which the loader keeps: ../serviceable.ts).
 */
export async function storedServiceable(jurisdictionIds: readonly string[]): Promise<Map<string, boolean>> {
  const stored = new Map<string, boolean>();
  for (const jurisdictionId of jurisdictionIds) {
    const { data } = await entities.authority.query.byJurisdiction({ jurisdictionId }).go({ pages: 'all' });
    for (const r of data) if (r.serviceable !== undefined) stored.set(r.authorityId, r.serviceable);
  }
  return stored;
}

/**
 * Sets whether an authority accepts applications (the council operator's onboard and revoke): its
 * row's `serviceable`, then its jurisdiction's etag from what the table now holds, so
 * GET /public/jurisdictions/{id} shows the change (within the cache TTL) and If-None-Match misses.
 * An authority without a row is an error (ElectroDB's patch is conditional on the item).
 */
export async function setAuthorityServiceable(authorityId: string, serviceable: boolean): Promise<void> {
  const { data } = await entities.authority
    .patch({ authorityId })
    .set({ serviceable })
    .go({ response: 'all_new' });
  const jurisdiction = await findJurisdiction(data.jurisdictionId);
  if (!jurisdiction) return;
  const etag = jurisdictionEtag(await loadJurisdictionParts(jurisdiction));
  await entities.jurisdiction.patch({ jurisdictionId: jurisdiction.id }).set({ etag }).go();
}

/** Writes a user-authority relation (idempotent put). */
export async function putUserAuthority(userId: string, authorityId: string, defaultIndependent: boolean) {
  await entities.userAuthority.put({ userId, authorityId, defaultIndependent }).go();
}

/** Deletes a user-authority relation; answers 1 when there was one, else 0. */
export async function deleteUserAuthority(userId: string, authorityId: string): Promise<number> {
  const { data } = await entities.userAuthority.delete({ userId, authorityId }).go({ response: 'all_old' });
  return data ? 1 : 0;
}

/** Writes the countries (batch put: idempotent, a re-run overwrites with the same values). */
export async function putCountries(countries: readonly Country[]): Promise<{ unprocessed: number }> {
  if (countries.length === 0) return { unprocessed: 0 };
  const { unprocessed } = await entities.country
    .put(
      countries.map((c) => ({
        countryId: c.id,
        name: c.name,
        abbreviatedName: c.abbreviatedName,
        phoneCountryCode: c.phoneCountryCode,
      })),
    )
    .go();
  return { unprocessed: unprocessed.length };
}

// ---- pruning (the loader): items no longer in the reference data ----

async function batchDelete<K>(del: (keys: K[]) => { go(): Promise<{ unprocessed: unknown[] }> }, keys: K[]) {
  if (keys.length === 0) return 0;
  const { unprocessed } = await del(keys).go();
  if (unprocessed.length > 0) throw new Error(`prune: ${unprocessed.length} items were not deleted`);
  return keys.length;
}

/** What the loader keeps: every id it has just written. */
export interface ReferenceKeep {
  jurisdictionIds: string[];
  authorityIds: Set<string>;
  formIds: Set<string>;
  breadcrumbIds: Set<string>;
  stepIds: Set<string>;
  participantTypeIds: Set<string>;
  qualificationTypeIds: Set<string>;
  documentCategoryIds: Set<string>;
  documentContainerIds: Set<string>;
  systemTagIds: Set<string>;
  documentTypeIds: Set<string>;
}

/**
 * Deletes reference items that are no longer in the data (a removed form, step, authority, type…),
 * reading only the partitions the loader owns: the static lists, the system tags (userId 0), and the
 * jurisdictions' collections, authorities and forms. Returns the number of items deleted.
 */
export async function pruneReferenceData(keep: ReferenceKeep): Promise<number> {
  const e = entities;
  let deleted = 0;
  const [pts, qts, containers, tags] = await Promise.all([
    e.participantType.query.all({}).go({ pages: 'all' }),
    e.qualificationType.query.all({}).go({ pages: 'all' }),
    e.documentContainer.query.all({}).go({ pages: 'all' }),
    e.documentTag.query.byUser({ userId: SYSTEM_TAGS_USER_ID }).go({ pages: 'all' }),
  ]);
  deleted += await batchDelete(
    (k) => e.participantType.delete(k),
    pts.data.filter((p) => !keep.participantTypeIds.has(p.participantTypeId)),
  );
  deleted += await batchDelete(
    (k) => e.qualificationType.delete(k),
    qts.data.filter((q) => !keep.qualificationTypeIds.has(q.qualificationTypeId)),
  );
  deleted += await batchDelete(
    (k) => e.documentContainer.delete(k),
    containers.data.filter((c) => !keep.documentContainerIds.has(c.documentContainerId)),
  );
  deleted += await batchDelete(
    (k) => e.documentTag.delete(k),
    tags.data.filter((t) => !keep.systemTagIds.has(t.documentTagId)),
  );
  for (const jurisdictionId of keep.jurisdictionIds) {
    const [{ data }, authorities] = await Promise.all([
      service.collections.jurisdiction({ jurisdictionId }).go({ pages: 'all' }),
      e.authority.query.byJurisdiction({ jurisdictionId }).go({ pages: 'all' }),
    ]);
    deleted += await batchDelete(
      (k) => e.authority.delete(k),
      authorities.data.filter((a) => !keep.authorityIds.has(a.authorityId)),
    );
    deleted += await batchDelete(
      (k) => e.form.delete(k),
      data.form.filter((f) => !keep.formIds.has(f.formId)),
    );
    deleted += await batchDelete(
      (k) => e.documentCategory.delete(k),
      data.documentCategory.filter((c) => !keep.documentCategoryIds.has(c.documentCategoryId)),
    );
    deleted += await batchDelete(
      (k) => e.documentType.delete(k),
      data.documentType.filter((t) => !keep.documentTypeIds.has(t.documentTypeId)),
    );
    // Breadcrumbs and steps of every form, kept or removed (a removed form takes its own along).
    for (const f of data.form) {
      const fc = await service.collections.form({ formId: f.formId }).go({ pages: 'all' });
      deleted += await batchDelete(
        (k) => e.breadcrumb.delete(k),
        fc.data.breadcrumb.filter((b) => !keep.breadcrumbIds.has(b.breadcrumbId)),
      );
      deleted += await batchDelete(
        (k) => e.step.delete(k),
        fc.data.step.filter((s) => !keep.stepIds.has(s.stepId)),
      );
    }
  }
  return deleted;
}
