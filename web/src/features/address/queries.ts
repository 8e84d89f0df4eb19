import { queryOptions } from '@tanstack/react-query';
import { fetchAddressDetails, suggestAddresses } from '../../api/lookups';

/** Query-key factory for the address lookups. */
export const addressKeys = {
  all: ['address'] as const,
  suggestions: (q: string) => [...addressKeys.all, 'suggest', q] as const,
  details: (dpid: string) => [...addressKeys.all, 'details', dpid] as const,
};

/** Suggestions and details change rarely: kept a few minutes, never retried (the user types again). */
const LOOKUP_STALE_MS = 5 * 60_000;

export const addressSuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: addressKeys.suggestions(q),
    queryFn: ({ signal }) => suggestAddresses(q, signal),
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });

export const addressDetailsQuery = (dpid: string) =>
  queryOptions({
    queryKey: addressKeys.details(dpid),
    queryFn: ({ signal }) => fetchAddressDetails(dpid, signal),
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
