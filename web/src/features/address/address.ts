/**
 * Address entry as pure functions: a lookup result (NZ Post details) → the portal's Address, and the
 * manual-entry values → an Address with its full address built by the shared rule (docs/lookups.md).
 */
import { buildFullAddress } from '../../../../shared/domain/address';
import { DEFAULT_COUNTRY, isValidPostcode, messages } from '../../../../shared/domain/validation';
import type { Address } from '../../../../shared/schemas/common';
import type { AddressLookupResult } from '../../../../shared/schemas/lookups';

const clean = (value: string | undefined) => value?.trim() ?? '';

/**
 * An NZ Post lookup result as an Address: address1 stays line 1; address2 to address5 (without the
 * lines that only repeat the city or the "city postcode" line) become line 2; the postcode is the zip
 * code; country NZ; picked, so not manual.
 */
export function addressFromLookup(result: AddressLookupResult): Address {
  const city = clean(result.city);
  const postcode = clean(result.postcode);
  const repeats = (line: string) =>
    line.toLowerCase() === city.toLowerCase() ||
    line.toLowerCase() === `${city} ${postcode}`.toLowerCase() ||
    line === postcode;
  const rest = [result.address2, result.address3, result.address4, result.address5]
    .map(clean)
    .filter((line) => line !== '' && !repeats(line));
  const address: Address = {
    address1: clean(result.address1),
    city,
    country: 'NZ',
    zipCode: postcode,
    fullAddress: clean(result.fullAddress),
    isManualAddress: false,
    latitude: result.latitude,
    longitude: result.longitude,
  };
  if (rest.length > 0) address.address2 = rest.join(', ');
  return address;
}

/** The manual-entry fields (docs/lookups.md: line 1, line 2, city, state/region, country, zip code). */
export interface ManualAddressValues {
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
}
export type ManualAddressField = keyof ManualAddressValues;

export const MANUAL_ADDRESS_FIELDS: readonly ManualAddressField[] = [
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'zipCode',
];
/** Required when the address is required: line 1, city, country, zip (line 2 and state optional). */
export const REQUIRED_MANUAL_FIELDS: readonly ManualAddressField[] = [
  'address1',
  'city',
  'country',
  'zipCode',
];

export function manualValuesOf(address: Address | null | undefined): ManualAddressValues {
  return {
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    country: address?.country || DEFAULT_COUNTRY,
    zipCode: address?.zipCode ?? '',
  };
}

/** The manual values as an Address (null while every part but the country is empty). */
export function addressFromManual(values: ManualAddressValues): Address | null {
  const parts = {
    address1: clean(values.address1),
    address2: clean(values.address2) || undefined,
    city: clean(values.city),
    state: clean(values.state) || undefined,
    country: clean(values.country) || DEFAULT_COUNTRY,
    zipCode: clean(values.zipCode),
  };
  const started = [parts.address1, parts.address2, parts.city, parts.state, parts.zipCode].some(Boolean);
  if (!started) return null;
  return { ...parts, fullAddress: buildFullAddress(parts), isManualAddress: true };
}

/**
 * 'Required' for each empty required part when the address is required; a New Zealand postcode
 * that is given must be 4 digits.
 */
export function manualAddressErrors(
  values: ManualAddressValues,
  required: boolean,
): Partial<Record<ManualAddressField, string>> {
  const errors: Partial<Record<ManualAddressField, string>> = {};
  if (required)
    for (const field of REQUIRED_MANUAL_FIELDS) if (!clean(values[field])) errors[field] = messages.required;
  const postcode = clean(values.zipCode);
  if (postcode && !isValidPostcode(postcode, clean(values.country) || DEFAULT_COUNTRY))
    errors.zipCode = messages.postcode;
  return errors;
}
