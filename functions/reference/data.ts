import * as z from 'zod';
import authoritiesJson from '../../shared/reference/authorities.json' with { type: 'json' };
import breadcrumbsJson from '../../shared/reference/breadcrumbs.json' with { type: 'json' };
import countriesJson from '../../shared/reference/countries.json' with { type: 'json' };
import documentCategoriesJson from '../../shared/reference/document-categories.json' with { type: 'json' };
import documentContainersJson from '../../shared/reference/document-containers.json' with { type: 'json' };
import documentTagsJson from '../../shared/reference/document-tags.json' with { type: 'json' };
import documentTypesJson from '../../shared/reference/document-types.json' with { type: 'json' };
import formsJson from '../../shared/reference/forms.json' with { type: 'json' };
import imagesJson from '../../shared/reference/images.json' with { type: 'json' };
import jurisdictionsJson from '../../shared/reference/jurisdictions.json' with { type: 'json' };
import participantTypesJson from '../../shared/reference/participant-types.json' with { type: 'json' };
import qualificationTypesJson from '../../shared/reference/qualification-types.json' with { type: 'json' };
import stepsJson from '../../shared/reference/steps.json' with { type: 'json' };
import userAuthoritiesJson from '../../shared/reference/user-authorities.json' with { type: 'json' };
import { Country } from '../../shared/schemas/country.js';
import type { JurisdictionParts } from './jurisdiction.js';
import { demoDataMode, withoutDemoData, type DemoDataMode } from './demo-data.js';
import type { ReferenceData } from './reference-data.js';
import {
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
  ReferenceImage,
  Step,
  UserAuthorityGrant,
} from '../../shared/schemas/reference.js';

export type { ReferenceData };

/** The raw JSON of shared/reference/, keyed by file name (without .json). */
export const referenceFiles = {
  countries: countriesJson,
  jurisdictions: jurisdictionsJson,
  authorities: authoritiesJson,
  forms: formsJson,
  breadcrumbs: breadcrumbsJson,
  steps: stepsJson,
  'participant-types': participantTypesJson,
  'qualification-types': qualificationTypesJson,
  'document-categories': documentCategoriesJson,
  'document-containers': documentContainersJson,
  'document-tags': documentTagsJson,
  'document-types': documentTypesJson,
  'user-authorities': userAuthoritiesJson,
  images: imagesJson,
} as const;

export class ReferenceDataError extends Error {
  override readonly name = 'ReferenceDataError';
}

function parseList<S extends z.ZodType>(file: string, schema: S, raw: unknown): z.output<S>[] {
  const r = z.array(schema).safeParse(raw);
  if (!r.success) throw new ReferenceDataError(`${file}.json: ${z.prettifyError(r.error)}`);
  return r.data;
}

function unique<T>(file: string, items: readonly T[], key: (t: T) => string | number): void {
  const seen = new Set<string | number>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) throw new ReferenceDataError(`${file}.json: duplicate ${String(k)}`);
    seen.add(k);
  }
}

function resolves(file: string, what: string, value: string, known: ReadonlySet<string>): void {
  if (!known.has(value)) throw new ReferenceDataError(`${file}.json: unknown ${what} ${value}`);
}

/**
 * Parses every list with its schema and checks the cross-references: ids unique; forms,
 * authorities, categories and types → jurisdiction; breadcrumbs → form; steps → breadcrumb;
 * images named by authorities and forms exist; participant types' maskedBy/managedBy name types;
 * user-authority grants → an independent authority.
 */
export function parseReferenceData(raw: Record<keyof typeof referenceFiles, unknown>): ReferenceData {
  const data: ReferenceData = {
    countries: parseList('countries', Country, raw.countries),
    jurisdictions: parseList('jurisdictions', Jurisdiction, raw.jurisdictions),
    authorities: parseList('authorities', Authority, raw.authorities),
    forms: parseList('forms', Form, raw.forms),
    breadcrumbs: parseList('breadcrumbs', Breadcrumb, raw.breadcrumbs),
    steps: parseList('steps', Step, raw.steps),
    participantTypes: parseList('participant-types', ParticipantType, raw['participant-types']),
    qualificationTypes: parseList('qualification-types', QualificationType, raw['qualification-types']),
    documentCategories: parseList('document-categories', DocumentCategory, raw['document-categories']),
    documentContainers: parseList('document-containers', DocumentContainer, raw['document-containers']),
    documentTags: parseList('document-tags', DocumentTag, raw['document-tags']),
    documentTypes: parseList('document-types', DocumentType, raw['document-types']),
    userAuthorities: parseList('user-authorities', UserAuthorityGrant, raw['user-authorities']),
    images: parseList('images', ReferenceImage, raw.images),
  };

  unique('countries', data.countries, (c) => c.id);
  unique('countries', data.countries, (c) => c.abbreviatedName);
  unique('jurisdictions', data.jurisdictions, (j) => j.id);
  unique('jurisdictions', data.jurisdictions, (j) => j.name.toLowerCase());
  unique('authorities', data.authorities, (a) => a.id);
  unique('forms', data.forms, (f) => f.id);
  unique('breadcrumbs', data.breadcrumbs, (b) => b.id);
  unique('steps', data.steps, (s) => s.id);
  unique('participant-types', data.participantTypes, (p) => p.id);
  unique('participant-types', data.participantTypes, (p) => p.name);
  unique('qualification-types', data.qualificationTypes, (q) => q.id);
  for (const q of data.qualificationTypes) unique('qualification-types', q.classes, (c) => c.id);
  unique('document-categories', data.documentCategories, (c) => c.id);
  unique('document-containers', data.documentContainers, (c) => c.id);
  unique('document-tags', data.documentTags, (t) => t.id);
  unique('document-types', data.documentTypes, (t) => t.id);
  unique('images', data.images, (i) => i.id);
  unique('user-authorities', data.userAuthorities, (g) => `${g.email}|${g.authorityId}`);

  const jurisdictionIds = new Set(data.jurisdictions.map((j) => j.id));
  const formIds = new Set(data.forms.map((f) => f.id));
  const breadcrumbIds = new Set(data.breadcrumbs.map((b) => b.id));
  const imageIds = new Set(data.images.map((i) => i.id));
  const typeNames = new Set(data.participantTypes.map((p) => p.name));
  for (const a of data.authorities) {
    resolves('authorities', 'jurisdiction', a.jurisdictionId, jurisdictionIds);
    if (a.imageId) resolves('authorities', 'image', a.imageId, imageIds);
  }
  const containerIds = new Set(data.documentContainers.map((c) => c.id));
  for (const f of data.forms) {
    resolves('forms', 'jurisdiction', f.jurisdictionId, jurisdictionIds);
    if (f.imageId) resolves('forms', 'image', f.imageId, imageIds);
    for (const c of f.requiredDocumentContainers ?? [])
      resolves('forms', 'document container', c, containerIds);
  }
  for (const b of data.breadcrumbs) resolves('breadcrumbs', 'form', b.formId, formIds);
  for (const s of data.steps) resolves('steps', 'breadcrumb', s.breadcrumbId, breadcrumbIds);
  for (const c of data.documentCategories)
    resolves('document-categories', 'jurisdiction', c.jurisdictionId, jurisdictionIds);
  for (const t of data.documentTypes) {
    resolves('document-types', 'jurisdiction', t.jurisdictionId, jurisdictionIds);
    if (t.scope !== 'all') resolves('document-types', 'form', t.scope, formIds);
  }
  for (const p of data.participantTypes) {
    for (const n of [...p.maskedBy, ...p.managedBy]) resolves('participant-types', 'type', n, typeNames);
  }
  for (const t of data.documentTags) {
    if (t.userId !== '0') throw new ReferenceDataError(`document-tags.json: ${t.id} is not a system tag`);
  }
  const independent = new Set(data.authorities.filter((a) => a.isIndependent).map((a) => a.id));
  for (const g of data.userAuthorities)
    resolves('user-authorities', 'independent authority', g.authorityId, independent);
  return data;
}

const parsed = new Map<DemoDataMode, ReferenceData>();

/**
 * The bundled reference data (shared/reference/*.json), parsed once; without the demo authority and
 * its grants when `mode` (default: DEMO_DATA, ./demo-data.ts) excludes them, as in a prod-like stage.
 */
export function referenceData(mode: DemoDataMode = demoDataMode()): ReferenceData {
  let data = parsed.get(mode);
  if (!data) {
    const all = parseReferenceData(referenceFiles);
    data = mode === 'excluded' ? withoutDemoData(all) : all;
    parsed.set(mode, data);
  }
  return data;
}

/** The parts of one jurisdiction out of the whole reference data. */
export function jurisdictionParts(data: ReferenceData, jurisdiction: Jurisdiction): JurisdictionParts {
  const forms = data.forms.filter((f) => f.jurisdictionId === jurisdiction.id);
  const formIds = new Set(forms.map((f) => f.id));
  const breadcrumbs = data.breadcrumbs.filter((b) => formIds.has(b.formId));
  const crumbIds = new Set(breadcrumbs.map((b) => b.id));
  return {
    jurisdiction,
    forms,
    breadcrumbs,
    steps: data.steps.filter((s) => crumbIds.has(s.breadcrumbId)),
    authorities: data.authorities.filter((a) => a.jurisdictionId === jurisdiction.id),
    documentCategories: data.documentCategories.filter((c) => c.jurisdictionId === jurisdiction.id),
  };
}
