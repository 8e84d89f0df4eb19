/**
 * Lookups (docs/lookups.md): NZ Post address checker, property lookup (parcels) and the LBP
 * register, each through its adapter (functions/platform/adapters/lookups: the real client or the local
 * implementation over the sample data, chosen by environment).
 *
 * A failure of the service (it cannot be reached, times out, answers with an error or with a shape
 * it does not document) is a 502 with the one error body and the spec's message for that call:
 * lookupMessages (shared/schemas/lookups.ts). A miss is not a failure: an empty list.
 */
import * as z from 'zod';

import { lookupMessages, Practitioner } from '../../shared/schemas/lookups.js';
import type {
  AddressDetailsQuery,
  AddressSuggestQuery,
  ParcelsQuery,
  PractitionerSearchQuery,
} from '../../shared/schemas/lookups.js';
import {
  LookupServiceError,
  type LookupAdapters,
  type ParcelAddress,
} from '../platform/adapters/lookups/index.js';
import { logger } from '../platform/logger.js';
import { Invalid, NotFound, UpstreamFailed } from '../platform/errors.js';

/**
 * Runs a call to a lookup service; a failure becomes a 502 with `message` (NZ Post calls that could
 * not reach the service say so: 'Fail to connect to NZ Post service').
 */
async function viaService<T>(label: string, message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const service = err instanceof LookupServiceError ? err.service : undefined;
    const failure = err instanceof LookupServiceError ? err.failure : 'unexpected';
    const unreachable = service === 'nzpost' && (failure === 'connect' || failure === 'timeout');
    // The service's failure is a warning; anything else is our own error.
    const log = err instanceof LookupServiceError ? logger.warn : logger.error;
    log.call(logger, 'lookup failed', {
      call: label,
      service,
      failure,
      error: err as Error,
    });
    throw new UpstreamFailed(unreachable ? lookupMessages.nzPostConnect : message, { cause: err });
  }
}

/** The `address` query parameter: JSON of an Address or address lookup result (URL-encoded once more is accepted). */
const ParcelAddressJson = z.looseObject({
  dpid: z.union([z.string(), z.number()]).optional(),
  fullAddress: z.string().optional(),
  address1: z.string().optional(),
  address2: z.string().optional(),
  suburb: z.string().optional(),
  city: z.string().optional(),
  postcode: z.string().optional(),
  zipCode: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
});

export function parseParcelAddress(raw: string): ParcelAddress {
  const attempts = [raw];
  try {
    attempts.push(decodeURIComponent(raw));
  } catch {
    /* not encoded again */
  }
  for (const text of attempts) {
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      continue;
    }
    const parsed = ParcelAddressJson.safeParse(json);
    if (!parsed.success) break;
    const { dpid, ...rest } = parsed.data;
    const out: ParcelAddress = {};
    for (const [k, v] of Object.entries(rest)) {
      if (v !== undefined && k in ParcelAddressJson.shape) (out as Record<string, unknown>)[k] = v;
    }
    if (dpid !== undefined) out.dpid = String(dpid);
    return out;
  }
  throw new Invalid([{ field: 'query.address', reason: 'Must be the JSON of an address' }]);
}

/** The lookups: each call through its adapter (the port), failures as the call's spec message. */
export function lookupsService(adapters: () => LookupAdapters) {
  return {
    async suggest(query: z.output<typeof AddressSuggestQuery>) {
      return viaService('address suggest', lookupMessages.addressSuggest, async () => {
        const addresses = await adapters().addresses.suggest(query.q, query.max);
        return { success: true, addresses: addresses.slice(0, query.max) };
      });
    },
    async details(query: z.output<typeof AddressDetailsQuery>) {
      return viaService('address details', lookupMessages.addressDetails, async () => ({
        success: true,
        details: await adapters().addresses.details(query.dpid),
      }));
    },
    async parcels(query: z.output<typeof ParcelsQuery>) {
      const address = parseParcelAddress(query.address);
      return viaService('parcels', lookupMessages.parcels, async () => ({
        parcels: await adapters().property.parcels(query.authority, address),
      }));
    },
    async searchPractitioners(query: z.output<typeof PractitionerSearchQuery>) {
      return viaService('lbp search', lookupMessages.lbp, async () => {
        const practitioners = await adapters().lbp.search(query.searchText, query.limit);
        return { practitioners: practitioners.slice(0, query.limit) };
      });
    },
    async practitioner(lbpNumber: string) {
      const found = await viaService('lbp get', lookupMessages.lbp, () => adapters().lbp.get(lbpNumber));
      if (found === undefined) throw new NotFound(`No practitioner ${lbpNumber} on the register`);
      // The register's record may carry fields of its own: the contract is what we answer.
      return Practitioner.parse(found);
    },
  };
}
