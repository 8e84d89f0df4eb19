import type { RequiredDocument } from '../../shared/schemas/applications.js';
import type {
  Authority,
  DocumentContainer,
  Form,
  StatutoryClockConventions,
} from '../../shared/schemas/reference.js';
import { referenceData } from './data.js';
import type { ReferenceData } from './data.js';
import { formReference } from './form-reference.js';
import type { FormReference } from './form-reference.js';

/**
 * The one reference catalogue every rule reads (creation eligibility, required documents, the rule
 * engine, list names, the summary PDF): the bundled reference data of shared/reference/, parsed and
 * cross-checked once per cold start (./data.ts). The table copy the loader writes from the same
 * JSON is what the public endpoints serve; test/unit/functions/reference/catalogue.test.ts proves
 * the two agree. Reads are synchronous: no rule waits for the table.
 */
export interface ReferenceCatalogue {
  authority(id: string): Authority | undefined;
  /** The jurisdiction's authorities (authority detection), in the reference data's order. */
  authorities(jurisdictionId: string): Authority[];
  forms(jurisdictionId: string): Form[];
  form(formId: string): Form | undefined;
  formReference(formId: string): FormReference | undefined;
  documentContainers(): DocumentContainer[];
  documentCategoryIds(jurisdictionId: string): string[];
  /** The form's required document containers as the application's required documents. */
  requiredDocuments(formId: string): RequiredDocument[];
  /** Display names of an application's form and authority (list rows and DTOs). */
  names(ids: { formId: string; authorityId: string }): {
    formDisplayName?: string;
    formCategory?: Form['category'];
    authorityDisplayName?: string;
    /** The authority's own conventions of the statutory clock, when it has any. */
    clockConventions?: StatutoryClockConventions;
  };
  /** Everything, for the rule engine and the summary PDF. */
  data(): ReferenceData;
}

export function catalogueOf(data: ReferenceData): ReferenceCatalogue {
  const authorities = new Map(data.authorities.map((a) => [a.id, a]));
  const forms = new Map(data.forms.map((f) => [f.id, f]));
  const containers = [...data.documentContainers].sort((a, b) => a.displayOrder - b.displayOrder);
  return {
    authority: (id) => authorities.get(id),
    authorities: (jurisdictionId) => data.authorities.filter((a) => a.jurisdictionId === jurisdictionId),
    forms: (jurisdictionId) => data.forms.filter((f) => f.jurisdictionId === jurisdictionId),
    form: (formId) => forms.get(formId),
    formReference: (formId) => formReference(formId, data),
    documentContainers: () => containers,
    documentCategoryIds: (jurisdictionId) =>
      data.documentCategories.filter((c) => c.jurisdictionId === jurisdictionId).map((c) => c.id),
    requiredDocuments: (formId) =>
      (forms.get(formId)?.requiredDocumentContainers ?? []).flatMap((id) => {
        const c = containers.find((x) => x.id === id);
        if (!c) return [];
        return [
          {
            id: c.id,
            name: c.displayName,
            description: c.description,
            status: 'Required',
            documentContainerId: c.id,
          },
        ];
      }),
    names: ({ formId, authorityId }) => {
      const form = forms.get(formId);
      const authority = authorities.get(authorityId);
      return {
        ...(form ? { formDisplayName: form.displayName, formCategory: form.category } : {}),
        ...(authority ? { authorityDisplayName: authority.displayName } : {}),
        ...(authority?.statutoryClock ? { clockConventions: authority.statutoryClock } : {}),
      };
    },
    data: () => data,
  };
}

let cached: ReferenceCatalogue | undefined;

/** The catalogue of the bundled reference data (built once per cold start). */
export function catalogue(): ReferenceCatalogue {
  cached ??= catalogueOf(referenceData());
  return cached;
}
