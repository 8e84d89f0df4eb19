/**
 * The new-application wizard as pure functions (docs/applications.md): every step keeps its state in the
 * URL's query (addresses, parcels and categories encoded with lib/urls/queryCodec), so going back
 * loses nothing and a step can be reloaded. The pages only read these and call the API.
 */

import { Address, type Address as AddressT } from '../../../../shared/schemas/common';
import type { CreateApplicationRequest, ApplicationAddress } from '../../../../shared/schemas/applications';
import { Parcel } from '../../../../shared/schemas/lookups';
import { FormCategory, type AuthorityDto, type FormDto } from '../../../../shared/schemas/reference';
import type { UserDto } from '../../../../shared/schemas/user';
import { decodeParam, encodeParam } from '../../lib/urls/queryCodec';
import type { ChildApplicationType } from '../../lib/urls/rules';

export const BASE = '/new-application';

/** `?intention` of the address step. No intention: a new application from scratch. */
export const INTENTIONS = ['from-existing-application', 'from-template'] as const;
export type Intention = (typeof INTENTIONS)[number];

export function parseIntention(raw: string | null | undefined): Intention | undefined {
  const wanted = raw?.trim().toLowerCase();
  return INTENTIONS.find((i) => i === wanted);
}

/** The query of the address and authority-property-records steps. */
export interface PropertyQuery {
  intention?: Intention | undefined;
  refApplicationId?: string | undefined;
  address?: AddressT | undefined;
  authorityId?: string | undefined;
}

function withQuery(path: string, entries: Array<[string, string | undefined]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) if (value !== undefined && value !== '') params.set(key, value);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const propertyEntries = (q: PropertyQuery): Array<[string, string | undefined]> => [
  ['intention', q.intention],
  ['refApplicationId', q.refApplicationId],
  ['address', q.address ? encodeParam(q.address) : undefined],
  ['authority-id', q.authorityId],
];

export const addressUrl = (q: PropertyQuery = {}) => withQuery(`${BASE}/address`, propertyEntries(q));

/** The property records step; `parcelId` keeps the parcel picked there when coming back. */
export const propertyRecordsUrl = (
  q: PropertyQuery & { address: AddressT; authorityId: string; parcelId?: string | undefined },
) => withQuery(`${BASE}/authority-property-records`, [...propertyEntries(q), ['parcel-id', q.parcelId]]);

/** Reads the address step's query; whatever does not parse is left out. */
export function parseAddressStepQuery(search: URLSearchParams): PropertyQuery {
  const id = search.get('refApplicationId')?.trim();
  return {
    intention: parseIntention(search.get('intention')),
    refApplicationId: id && /^\d+$/.test(id) ? id : undefined,
    address: decodeParam(search.get('address'), Address),
    authorityId: search.get('authority-id')?.trim() || undefined,
  };
}

/** The query of form-selection: address, authority, category, parent application and parcel. */
export interface FormSelectionQuery {
  address: AddressT;
  authorityId: string;
  category: FormCategory;
  parentApplicationId?: string | undefined;
  parcel?: Parcel | undefined;
}

export const formSelectionUrl = (q: FormSelectionQuery) =>
  withQuery(`${BASE}/form-selection`, [
    ['address', encodeParam(q.address)],
    ['authority-id', q.authorityId],
    ['category', encodeParam(q.category)],
    ['parent-application-id', q.parentApplicationId],
    ['parcel', q.parcel ? encodeParam(q.parcel) : undefined],
  ]);

/**
 * Reads form-selection's query: undefined without a parsing address and an authority. The category
 * defaults to Standalone; a parcel or parent that does not parse is dropped.
 */
export function parseFormSelectionQuery(search: URLSearchParams): FormSelectionQuery | undefined {
  const address = decodeParam(search.get('address'), Address);
  const authorityId = search.get('authority-id')?.trim();
  if (!address || !authorityId) return undefined;
  const parent = search.get('parent-application-id')?.trim();
  return {
    address,
    authorityId,
    category: decodeParam(search.get('category'), FormCategory) ?? 'Standalone',
    parentApplicationId: parent && /^\d+$/.test(parent) ? parent : undefined,
    parcel: decodeParam(search.get('parcel'), Parcel),
  };
}

/** The child-application step: `?type=` and the picked consent (`parent-application-id`). */
export const childApplicationUrl = (type: ChildApplicationType, parentApplicationId?: string) =>
  withQuery(`${BASE}/child-application`, [
    ['type', type],
    ['parent-application-id', parentApplicationId],
  ]);

export const childCategory = (type: ChildApplicationType): FormCategory =>
  type === 'amendment' ? 'Amendment' : 'Supporting';

/** The address of a new application: the site address with the parcel's fields. */
export function applicationAddress(address: AddressT, parcel?: Parcel): ApplicationAddress {
  if (!parcel) return { ...address };
  const out: ApplicationAddress = {
    ...address,
    parcelId: parcel.parcelId,
    ratingAddress: parcel.ratingAddress,
    legalDescription: parcel.legalDescription,
  };
  if (parcel.lotNumber) out.lotNumber = parcel.lotNumber;
  if (parcel.dpNumber) out.dpNumber = parcel.dpNumber;
  if (parcel.valuationNumber) out.valuationNumber = parcel.valuationNumber;
  return out;
}

/** The site address of an application address (its parcel fields dropped). */
export const siteOf = (address: ApplicationAddress): AddressT => Address.parse(address);

/** Whether an address says where the site is (as the server requires): a full address, or line 1 and a city. */
export const isSiteAddress = (a: AddressT | null | undefined): a is AddressT =>
  !!a && (!!a.fullAddress?.trim() || (!!a.address1?.trim() && !!a.city?.trim()));

/**
 * The authorities a user may choose (docs/applications.md): the normal, non-hidden authorities of the
 * jurisdiction plus the user's own independent authorities, in display-name order.
 */
export function authorityChoices(
  authorities: readonly AuthorityDto[],
  user: Pick<UserDto, 'independentAuthorities'>,
): AuthorityDto[] {
  const own = new Set((user.independentAuthorities ?? []).map((a) => a.id));
  return authorities
    .filter((a) => (a.isIndependent ? own.has(a.id) : !a.hidden))
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * Whether an application can be started with the authority: it takes applications on the portal
 * (serviceable: the council is onboarded). Others are listed but cannot be chosen.
 */
export const takesApplications = (authority: Pick<AuthorityDto, 'serviceable'>): boolean =>
  authority.serviceable;

/**
 * The authority preselected: the detected one when it may be chosen and takes applications, else the
 * user's default independent one (when it takes applications).
 */
export function initialAuthority(
  choices: readonly AuthorityDto[],
  detected: string | null | undefined,
  user: Pick<UserDto, 'independentAuthorities'>,
): string | undefined {
  const usable = (id: string | undefined) => !!id && choices.some((a) => a.id === id && takesApplications(a));
  if (detected && usable(detected)) return detected;
  const preferred = user.independentAuthorities?.find((a) => a.defaultIndependent)?.id;
  return usable(preferred) ? preferred : undefined;
}

/**
 * The authority the applicant is told about before starting, when it does not take applications on
 * the portal yet: the one in the choice (a copy's source, a link), else the detected one.
 */
export function authorityNotTakingApplications(
  choices: readonly AuthorityDto[],
  chosen: string | undefined,
  detected: string | null | undefined,
): AuthorityDto | undefined {
  const find = (id: string | null | undefined) => choices.find((a) => a.id === id);
  const shown = find(chosen) ?? find(detected);
  return shown && !takesApplications(shown) ? shown : undefined;
}

/** Forms of a category the authority enables (its enabledFormSeries), visible, in display order. */
export function formsFor(
  forms: readonly FormDto[],
  authority: Pick<AuthorityDto, 'enabledFormSeries'> | undefined,
  category: FormCategory,
): FormDto[] {
  if (!authority) return [];
  const series = new Set(authority.enabledFormSeries);
  return forms
    .filter((f) => f.category === category && !f.isHidden && series.has(f.series))
    .sort((a, b) => a.displayOrder - b.displayOrder);
}

/**
 * The step after the address (and authority): the property records when the authority looks
 * parcels up; else, for a duplicate or a template, the create call itself ('create'); else form
 * selection.
 */
export function afterAddress(
  q: PropertyQuery & { address: AddressT; authorityId: string },
  authority: Pick<AuthorityDto, 'propertyLookupEnabled'>,
): { url: string } | 'create' {
  if (authority.propertyLookupEnabled) return { url: propertyRecordsUrl(q) };
  if (q.intention && q.refApplicationId) return 'create';
  return {
    url: formSelectionUrl({ address: q.address, authorityId: q.authorityId, category: 'Standalone' }),
  };
}

/** The step after the property records: the create call (duplicate, template) or form selection. */
export function afterPropertyRecords(
  q: PropertyQuery & { address: AddressT; authorityId: string },
  parcel: Parcel | undefined,
): { url: string } | 'create' {
  if (q.intention && q.refApplicationId) return 'create';
  return {
    url: formSelectionUrl({ address: q.address, authorityId: q.authorityId, category: 'Standalone', parcel }),
  };
}

/** POST /user/applications for a duplicate or a template: Duplicate / CreateFromTemplate with the chosen site. */
export function copyRequest(
  intention: Intention,
  refApplicationId: string,
  address: ApplicationAddress,
  authorityId: string,
): CreateApplicationRequest {
  return intention === 'from-template'
    ? { operationName: 'CreateFromTemplate', applicationId: refApplicationId, address, authorityId }
    : { operationName: 'Duplicate', applicationId: refApplicationId, address, authorityId };
}

/** POST /user/applications Create from scratch. */
export const createRequest = (
  address: ApplicationAddress,
  authorityId: string,
  formId: string,
): CreateApplicationRequest => ({ operationName: 'Create', address, authorityId, formId });
