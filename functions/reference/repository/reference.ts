import { defined } from '../../../shared/domain/objects.js';
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
  QualificationType,
  Step,
} from '../../../shared/schemas/reference.js';
import type { JurisdictionParts } from '../jurisdiction.js';

/**
 * The reference data's reads, what the API serves (RD2–RD13, D7, U4, U5). The loader's writes
 * (./loader.ts) are apart, so the request Lambda does not bundle them.
 */

/** The id under which a user-authority relation granted to an e-mail waits for its account. */
export const emailGrantUserId = (email: string): string => `email:${email.trim().toLowerCase()}`;

/** The user id of system document tags (docs/reference-data.md: userId 0). */
export const SYSTEM_TAGS_USER_ID = '0';

type AuthorityRecord = EntityItem<typeof authorityEntity>;

function toAuthority(r: AuthorityRecord): Authority {
  return defined({
    id: r.authorityId,
    jurisdictionId: r.jurisdictionId,
    imageId: r.imageId,
    name: r.name,
    abbr: r.abbr ?? '',
    displayName: r.displayName,
    phone: r.phone,
    email: r.email,
    website: r.website ?? '',
    postalAddress: r.postalAddress,
    address: r.address,
    serviceable: r.serviceable ?? true,
    enabledFormSeries: (r.enabledFormSeries ?? []) as Authority['enabledFormSeries'],
    isIndependent: r.isIndependent ?? false,
    defaultIndependent: r.defaultIndependent ?? false,
    propertyLookupEnabled: r.propertyLookupEnabled ?? false,
    paymentsEnabled: r.paymentsEnabled ?? false,
    imageConversionEnabled: r.imageConversionEnabled ?? false,
    feesAndChargesUrl: r.feesAndChargesUrl,
    hidden: r.hidden ?? false,
    ...(r.statutoryClock ? { statutoryClock: r.statutoryClock } : {}),
    territorialAuthorities: r.territorialAuthorities ?? [],
    cities: r.cities ?? [],
    postcodePrefixes: r.postcodePrefixes ?? [],
    bounds: r.bounds,
  });
}

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

/** The authority relations stored under one user id (U4): a Cognito sub, or an e-mail grant id. */
export async function listUserAuthorities(
  userId: string,
): Promise<{ authorityId: string; defaultIndependent: boolean }[]> {
  const { data } = await entities.userAuthority.query.byUser({ userId }).go({ pages: 'all' });
  return data.map((r) => ({ authorityId: r.authorityId, defaultIndependent: r.defaultIndependent ?? false }));
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
