import type { EntityItem } from 'electrodb';
import { entities, service } from '../../platform/data/service.js';
import type { authority as authorityEntity } from '../../platform/data/entities/reference.js';
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
import type { JurisdictionParts } from '../jurisdiction.js';

/** The id under which a user-authority relation granted to an e-mail waits for its account. */
export const emailGrantUserId = (email: string): string => `email:${email.trim().toLowerCase()}`;

/** The user id of system document tags (portal-core §3: userId 0). */
export const SYSTEM_TAGS_USER_ID = '0';

type AuthorityRecord = EntityItem<typeof authorityEntity>;

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

function toAuthority(r: AuthorityRecord): Authority {
  return defined({
    id: r.authorityId,
    jurisdictionId: r.jurisdictionId,
    imageId: r.imageId,
    name: r.name,
    abbr: r.abbr ?? '',
    displayName: r.displayName,
    phone: r.phone ?? '',
    email: r.email ?? '',
    website: r.website ?? '',
    postalAddress: r.postalAddress ?? {},
    address: r.address ?? {},
    serviceable: r.serviceable ?? true,
    enabledFormSeries: (r.enabledFormSeries ?? []) as Authority['enabledFormSeries'],
    isIndependent: r.isIndependent ?? false,
    defaultIndependent: r.defaultIndependent ?? false,
    propertyLookupEnabled: r.propertyLookupEnabled ?? false,
    paymentsEnabled: r.paymentsEnabled ?? false,
    feesAndChargesUrl: r.feesAndChargesUrl ?? '',
    hidden: r.hidden ?? false,
    territorialAuthorities: r.territorialAuthorities ?? [],
    cities: r.cities ?? [],
    postcodePrefixes: r.postcodePrefixes ?? [],
    bounds: r.bounds,
  });
}

// ---- writes (the loader) ----

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
          feesAndChargesUrl: a.feesAndChargesUrl,
          hidden: a.hidden,
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

/** Writes a user-authority relation (idempotent put). */
export async function putUserAuthority(userId: string, authorityId: string, defaultIndependent: boolean) {
  await entities.userAuthority.put({ userId, authorityId, defaultIndependent }).go();
}

// ---- reads ----

/** The jurisdiction record by id (RD2), else by name (RD3); undefined when neither exists. */
export async function findJurisdiction(
  idOrName: string,
): Promise<(Jurisdiction & { etag: string }) | undefined> {
  const byId = await entities.jurisdiction.get({ jurisdictionId: idOrName }).go();
  let r = byId.data ?? undefined;
  if (!r) {
    const byName = await entities.jurisdiction.query.byName({ name: idOrName }).go({ limit: 1 });
    r = byName.data[0];
  }
  if (!r) return undefined;
  return {
    id: r.jurisdictionId,
    name: r.name,
    displayName: r.displayName ?? r.name,
    isHidden: r.isHidden ?? false,
    etag: r.etag ?? '',
  };
}

/** Forms, categories and types of a jurisdiction in one query (RD4), ordered as stored. */
export async function jurisdictionCollection(jurisdictionId: string) {
  const { data } = await service.collections.jurisdiction({ jurisdictionId }).go({ pages: 'all' });
  const forms: Form[] = data.form.map((f) =>
    defined({
      id: f.formId,
      jurisdictionId: f.jurisdictionId,
      name: f.name,
      displayName: f.displayName,
      description: f.description ?? '',
      displayOrder: f.displayOrder ?? 0,
      imageId: f.imageId,
      category: (f.category ?? 'Standalone') as Form['category'],
      series: (f.series ?? 'bc') as Form['series'],
      isHidden: f.isHidden ?? false,
      declarationText: f.declarationText ?? '',
      requiredDocumentContainers: f.requiredDocumentContainers,
    }),
  );
  const documentCategories: DocumentCategory[] = data.documentCategory.map((c) => ({
    id: c.documentCategoryId,
    jurisdictionId: c.jurisdictionId,
    name: c.name,
    displayName: c.displayName,
    displayOrder: c.displayOrder ?? 0,
    identifier: c.identifier ?? '',
  }));
  const documentTypes: DocumentType[] = data.documentType.map((t) => ({
    id: t.documentTypeId,
    jurisdictionId: t.jurisdictionId,
    scope: t.scope,
    name: t.name as DocumentType['name'],
    displayName: t.displayName,
    displayOrder: t.displayOrder ?? 0,
    description: t.description ?? '',
  }));
  return { forms, documentCategories, documentTypes };
}

/** Breadcrumbs and steps of a form in one query (RD5). */
export async function formCollection(formId: string): Promise<{ breadcrumbs: Breadcrumb[]; steps: Step[] }> {
  const { data } = await service.collections.form({ formId }).go({ pages: 'all' });
  return {
    breadcrumbs: data.breadcrumb.map((b) => ({
      id: b.breadcrumbId,
      formId: b.formId,
      name: b.name,
      displayName: b.displayName,
      displayOrder: b.displayOrder,
    })),
    steps: data.step.map((s) =>
      defined({
        id: s.stepId,
        breadcrumbId: s.breadcrumbId,
        name: s.name,
        displayName: s.displayName,
        displayOrder: s.displayOrder,
        type: s.type,
        formioName: s.formioName as Step['formioName'],
        minimumAccessLevel: s.minimumAccessLevel ?? 'ReadOnly',
      }),
    ),
  };
}

/** Authorities of a jurisdiction by display name (RD7). */
export async function listAuthorities(jurisdictionId: string): Promise<Authority[]> {
  const { data } = await entities.authority.query.byJurisdiction({ jurisdictionId }).go({ pages: 'all' });
  return data.map(toAuthority);
}

/** Authorities by id (RD8, one batch get); missing ids are left out. */
export async function getAuthorities(ids: readonly string[]): Promise<Authority[]> {
  if (ids.length === 0) return [];
  const { data } = await entities.authority.get(ids.map((authorityId) => ({ authorityId }))).go();
  const byId = new Map(data.map((r) => [r.authorityId, toAuthority(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Everything of one jurisdiction the public DTO shows (RD4 + RD5 per form + RD7, in parallel). */
export async function loadJurisdictionParts(
  jurisdiction: Jurisdiction,
): Promise<JurisdictionParts & { documentTypes: DocumentType[] }> {
  const [coll, authorities] = await Promise.all([
    jurisdictionCollection(jurisdiction.id),
    listAuthorities(jurisdiction.id),
  ]);
  const perForm = await Promise.all(coll.forms.map((f) => formCollection(f.id)));
  return {
    jurisdiction,
    forms: coll.forms,
    breadcrumbs: perForm.flatMap((p) => p.breadcrumbs),
    steps: perForm.flatMap((p) => p.steps),
    authorities,
    documentCategories: coll.documentCategories,
    documentTypes: coll.documentTypes,
  };
}

/** Document types of a jurisdiction with a scope (RD13: 'all' or a form id). */
export async function listDocumentTypes(jurisdictionId: string, scope: string): Promise<DocumentType[]> {
  const { data } = await entities.documentType.query
    .byJurisdiction({ jurisdictionId, scope })
    .go({ pages: 'all' });
  return data.map((t) => ({
    id: t.documentTypeId,
    jurisdictionId: t.jurisdictionId,
    scope: t.scope,
    name: t.name as DocumentType['name'],
    displayName: t.displayName,
    displayOrder: t.displayOrder ?? 0,
    description: t.description ?? '',
  }));
}

/** Does the jurisdiction have this form (RD4 item get)? */
export async function formExists(jurisdictionId: string, formId: string): Promise<boolean> {
  const { data } = await entities.form.get({ jurisdictionId, formId }).go();
  return data !== null && data !== undefined;
}

/** Qualification types with their classes (RD9), by display order. */
export async function listQualificationTypes(): Promise<QualificationType[]> {
  const { data } = await entities.qualificationType.query.all({}).go({ pages: 'all' });
  return data
    .map((q) =>
      defined({
        id: q.qualificationTypeId,
        name: q.name as QualificationType['name'],
        displayName: q.displayName,
        displayOrder: q.displayOrder ?? 0,
        regex: q.regex,
        validationErrorMessage: q.validationErrorMessage,
        classes: (q.classes ?? [])
          .map((c) => ({
            id: c.id ?? '',
            name: c.name ?? '',
            displayName: c.displayName ?? '',
            displayOrder: c.displayOrder ?? 0,
          }))
          .sort((a, b) => a.displayOrder - b.displayOrder),
      }),
    )
    .sort((a, b) => a.displayOrder - b.displayOrder);
}

/** Document tags of a user (D7); system tags are userId '0'. */
export async function listDocumentTags(userId: string): Promise<DocumentTag[]> {
  const { data } = await entities.documentTag.query.byUser({ userId }).go({ pages: 'all' });
  return data.map((t) =>
    defined({
      id: t.documentTagId,
      name: t.name,
      displayName: t.displayName,
      displayOrder: t.displayOrder ?? 0,
      userId: t.userId,
      description: t.description,
    }),
  );
}

/** A user's authority relations (U4), including those granted to the user's e-mail. */
export async function listUserAuthorityRelations(
  userId: string,
  email: string | undefined,
): Promise<{ authorityId: string; defaultIndependent: boolean }[]> {
  const ids = [userId, ...(email ? [emailGrantUserId(email)] : [])];
  const results = await Promise.all(
    ids.map((id) => entities.userAuthority.query.byUser({ userId: id }).go({ pages: 'all' })),
  );
  const seen = new Map<string, boolean>();
  for (const r of results)
    for (const rel of r.data)
      if (!seen.has(rel.authorityId)) seen.set(rel.authorityId, rel.defaultIndependent ?? false);
  return [...seen].map(([authorityId, defaultIndependent]) => ({ authorityId, defaultIndependent }));
}

/** A user's properties (U5), newest id last. */
export async function listUserProperties(userId: string) {
  const { data } = await entities.userProperty.query.byUser({ userId }).go({ pages: 'all' });
  return data.map((p) =>
    defined({
      id: p.propertyId,
      address: p.address,
      postcode: p.postcode,
      legalDescription: p.legalDescription,
      longitude: p.longitude,
      latitude: p.latitude,
      parcelId: p.parcelId,
    }),
  );
}

/** Document containers (RD11), by display order. */
export async function listDocumentContainers(): Promise<DocumentContainer[]> {
  const { data } = await entities.documentContainer.query.all({}).go({ pages: 'all' });
  return data
    .map((c) =>
      defined({
        id: c.documentContainerId,
        name: c.name,
        displayName: c.displayName,
        description: c.description ?? '',
        mergedFileName: c.mergedFileName,
        displayOrder: c.displayOrder ?? 0,
        containerType: (c.containerType ?? 'Standard') as DocumentContainer['containerType'],
      }),
    )
    .sort((a, b) => a.displayOrder - b.displayOrder);
}

/** Participant types (RD10), by display order. */
export async function listParticipantTypes(): Promise<ParticipantType[]> {
  const { data } = await entities.participantType.query.all({}).go({ pages: 'all' });
  return data
    .map((p) => ({
      id: p.participantTypeId,
      name: p.name,
      displayName: p.displayName,
      displayOrder: p.displayOrder ?? 0,
      required: p.required ?? false,
      mandatory: p.mandatory ?? false,
      mustInvite: p.mustInvite ?? false,
      validationRequired: p.validationRequired ?? false,
      number: p.number ?? 'Unrestricted',
      minimumAccessLevel: p.minimumAccessLevel ?? 'None',
      enableGroups: p.enableGroups ?? false,
      maskedBy: p.maskedBy ?? [],
      managedBy: p.managedBy ?? [],
    }))
    .sort((a, b) => a.displayOrder - b.displayOrder);
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
