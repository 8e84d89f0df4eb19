import type { ApiAnswer } from '../../../web/src/api/call';
import type { AuthorityDto, BreadcrumbDto, FormDto, StepDto } from '../../../shared/schemas/reference';

/**
 * Builders of reference data as GET /public/jurisdictions/{id} answers it (typed from the route's
 * contract, shared/contracts/reference.ts): a test names only what it is about; the rest is a valid
 * default, so a fake answer always matches the contract the web's response check parses it with.
 */
export type JurisdictionAnswer = ApiAnswer<'GET /public/jurisdictions/{id}'>;

export const authorityDto = (over: Partial<AuthorityDto> & { id: string }): AuthorityDto => ({
  jurisdictionId: 'nz',
  name: over.displayName ?? over.id,
  abbr: over.id.toUpperCase(),
  displayName: over.id,
  website: 'https://example.nz',
  serviceable: true,
  enabledFormSeries: ['bc', 'amendment'],
  isIndependent: false,
  defaultIndependent: false,
  propertyLookupEnabled: false,
  paymentsEnabled: false,
  imageConversionEnabled: false,
  hidden: false,
  ...over,
});

export const stepDto = (over: Partial<StepDto> & { id: string; breadcrumbId: string }): StepDto =>
  ({
    name: over.id,
    displayName: over.id,
    displayOrder: 1,
    type: 'ApplicationReview',
    minimumAccessLevel: 'ReadOnly',
    ...over,
  }) as StepDto;

export const breadcrumbDto = (
  over: Partial<BreadcrumbDto> & { id: string; formId: string },
): BreadcrumbDto => ({
  name: over.id,
  displayName: over.id,
  displayOrder: 1,
  steps: [],
  ...over,
});

export const formDto = (over: Partial<FormDto> & { id: string }): FormDto => ({
  jurisdictionId: 'nz',
  name: over.id,
  displayName: over.id,
  description: `${over.displayName ?? over.id} description`,
  displayOrder: 1,
  category: 'Standalone',
  series: 'bc',
  isHidden: false,
  declarationText: 'I declare',
  breadcrumbs: [],
  ...over,
});

/** A jurisdiction with these forms and authorities; its breadcrumbs listed at the top as the server lists them. */
export function jurisdictionAnswer(
  over: Partial<Omit<JurisdictionAnswer, 'breadcrumbs'>> = {},
): JurisdictionAnswer {
  const forms = over.forms ?? [];
  return {
    id: 'nz',
    name: 'nz',
    displayName: 'New Zealand',
    etag: 'e1',
    authorities: [],
    documentCategories: [],
    ...over,
    forms,
    breadcrumbs: forms.flatMap((f) => f.breadcrumbs.map((b) => ({ ...b, jurisdictionFormId: f.id }))),
  };
}
