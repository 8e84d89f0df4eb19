/**
 * Lookups (docs/lookups.md Address lookup result, Parcel; NZ Post address checker, property
 * lookup, LBP register): the portal's own API shapes, shared by the lookup handlers, their adapters
 * (a real client and a local implementation each) and the web address picker.
 */
import * as z from 'zod';
import { messages } from '../domain/validation.js';

/** Address and person search: minimum 2 characters (docs/lookups.md; the web debounces 1000 ms). */
export const ADDRESS_SEARCH_MIN_CHARS = 2;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 1000;
/** LBP search limit (docs/lookups.md). */
export const LBP_SEARCH_LIMIT = 10;

/** GET /user/nzpost/addresschecker/suggest?type=Physical&q= */
export const AddressSuggestQuery = z.object({
  type: z.literal('Physical').default('Physical'),
  q: z.string().trim().min(ADDRESS_SEARCH_MIN_CHARS, `At least ${ADDRESS_SEARCH_MIN_CHARS} characters`),
  max: z.coerce.number().int().min(1).max(20).default(10),
});
export const AddressSuggestion = z.object({ dpid: z.string(), fullAddress: z.string() });
export type AddressSuggestion = z.infer<typeof AddressSuggestion>;
export const AddressSuggestResponse = z.object({
  success: z.boolean(),
  addresses: z.array(AddressSuggestion),
});
export type AddressSuggestResponse = z.infer<typeof AddressSuggestResponse>;

/** GET /user/nzpost/addresschecker/details?type=Physical&dpid= */
export const AddressDetailsQuery = z.object({
  type: z.literal('Physical').default('Physical'),
  dpid: z.string().trim().min(1, messages.required),
});
/** The address lookup result (docs/lookups.md): address1 to address5, city, country NZ, postcode, … */
export const AddressLookupResult = z.object({
  dpid: z.string(),
  address1: z.string(),
  address2: z.string().optional(),
  address3: z.string().optional(),
  address4: z.string().optional(),
  address5: z.string().optional(),
  suburb: z.string().optional(),
  city: z.string(),
  postcode: z.string(),
  country: z.literal('NZ'),
  isManualAddress: z.literal(false),
  fullAddress: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** The territorial authority the address lies in (used by authority detection). */
  territorialAuthority: z.string().optional(),
});
export type AddressLookupResult = z.infer<typeof AddressLookupResult>;
/** The web reads `details` and `success` (docs/lookups.md). */
export const AddressDetailsResponse = z.object({
  success: z.boolean(),
  details: z.array(AddressLookupResult),
});
export type AddressDetailsResponse = z.infer<typeof AddressDetailsResponse>;

/** GET /v1/service/property-lookup/parcels?authority=&address= (address: encoded JSON of an Address). */
export const ParcelsQuery = z.object({
  authority: z.string().trim().min(1, messages.required),
  address: z.string().trim().min(1, messages.required),
});
export const Parcel = z.object({
  parcelId: z.string(),
  ratingAddress: z.string(),
  legalDescription: z.string(),
  lotNumber: z.string().optional(),
  dpNumber: z.string().optional(),
  valuationNumber: z.string().optional(),
});
export type Parcel = z.infer<typeof Parcel>;
export const ParcelsResponse = z.object({ parcels: z.array(Parcel) });
export type ParcelsResponse = z.infer<typeof ParcelsResponse>;

/** LBP licence status and the register's inactive reasons (docs/lookups.md). */
export const LbpLicenceStatus = z.enum(['Active', 'Inactive']);
export const LbpInactiveReason = z.enum([
  'Cancelled (Disciplinary)',
  'Cancelled (Voluntary)',
  'Suspended (Disciplinary)',
  'Suspended (Voluntary)',
  'Lapsed',
  'Created in Error',
]);
export const LbpLicenceClass = z.object({
  /** e.g. Carpentry, Site 1, Design 2, Roofing, Bricklaying and Blocklaying, External Plastering, Foundations. */
  licenceClass: z.string(),
  status: LbpLicenceStatus,
  reason: LbpInactiveReason.optional(),
});
export const Practitioner = z.object({
  lbpNumber: z.string().regex(/^BP\d{6}$/),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  city: z.string().optional(),
  licenceClasses: z.array(LbpLicenceClass),
});
export type Practitioner = z.infer<typeof Practitioner>;
/** GET /v1/service/licensed-building-practitioners?searchText=&limit=10 */
export const PractitionerSearchQuery = z.object({
  searchText: z.string().trim().min(1, messages.required),
  limit: z.coerce.number().int().min(1).max(50).default(LBP_SEARCH_LIMIT),
});
export const PractitionerSearchResponse = z.object({ practitioners: z.array(Practitioner) });
export type PractitionerSearchResponse = z.infer<typeof PractitionerSearchResponse>;

/** The spec's lookup failure messages (docs/lookups.md). */
export const lookupMessages = {
  addressDetails: 'Fail to retrieve the address information',
  addressSuggest: 'Fail to provide suggestions based on your search',
  nzPostConnect: 'Fail to connect to NZ Post service',
  parcels: 'Failed to fetch parcels',
  lbp: 'Failed to get registered lbps',
} as const;
