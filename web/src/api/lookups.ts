import {
  AddressDetailsResponse,
  AddressSuggestResponse,
  LBP_SEARCH_LIMIT,
  lookupMessages,
  PractitionerSearchResponse,
  type AddressLookupResult,
  type Practitioner,
  type AddressSuggestion,
} from '../../../shared/schemas/lookups';
import { api } from './call';
import { ServiceError } from './errors';

/**
 * GET /user/nzpost/addresschecker/suggest?type=Physical&q= → the suggestions. A response that is
 * not `success` (or not the contract's shape) is 'Fail to provide suggestions based on your search'.
 */
export async function suggestAddresses(q: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  const raw: unknown = await api('GET /user/nzpost/addresschecker/suggest', {
    query: { type: 'Physical', q },
    signal,
    unchecked: true,
  });
  const parsed = AddressSuggestResponse.safeParse(raw);
  if (!parsed.success || !parsed.data.success) {
    throw new ServiceError('ServerError', lookupMessages.addressSuggest);
  }
  return parsed.data.addresses;
}

/**
 * GET /user/nzpost/addresschecker/details?type=Physical&dpid= → the first detail. Not `success`,
 * no detail or not the contract's shape: 'Fail to retrieve the address information'.
 */
export async function fetchAddressDetails(dpid: string, signal?: AbortSignal): Promise<AddressLookupResult> {
  const raw: unknown = await api('GET /user/nzpost/addresschecker/details', {
    query: { type: 'Physical', dpid },
    signal,
    unchecked: true,
  });
  const parsed = AddressDetailsResponse.safeParse(raw);
  const first = parsed.success && parsed.data.success ? parsed.data.details[0] : undefined;
  if (!first) throw new ServiceError('ServerError', lookupMessages.addressDetails);
  return first;
}

/**
 * GET /v1/service/licensed-building-practitioners?searchText=&limit=10 (docs/lookups.md: limit 10).
 * A failure or an answer not of the contract's shape is 'Failed to get registered lbps'.
 */
export async function searchPractitioners(searchText: string, signal?: AbortSignal): Promise<Practitioner[]> {
  const raw: unknown = await api('GET /v1/service/licensed-building-practitioners', {
    query: { searchText, limit: LBP_SEARCH_LIMIT },
    signal,
    unchecked: true,
  }).catch((e: unknown) => {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ServiceError('ServerError', lookupMessages.lbp);
  });
  const parsed = PractitionerSearchResponse.safeParse(raw);
  if (!parsed.success) throw new ServiceError('ServerError', lookupMessages.lbp);
  return parsed.data.practitioners;
}
