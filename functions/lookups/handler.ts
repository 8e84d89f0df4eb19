/**
 * Lookups (portal-core §7): NZ Post address checker, property lookup (parcels) and the LBP
 * register, each through its adapter (functions/platform/adapters/lookups: the real client or the local
 * implementation over the bundled sample data, chosen by environment).
 *
 * A failure of the service (it cannot be reached, times out, answers with an error or with a shape
 * it does not document) is a 502 with the one error body and the spec's message for that call:
 * lookupMessages (shared/schemas/lookups.ts). A miss is not a failure: an empty list.
 */
import * as z from 'zod';
import { lookupMessages, Practitioner } from '../../shared/schemas/lookups.js';
import {
  lookupAdapters,
  LookupServiceError,
  type ParcelAddress,
} from '../platform/adapters/lookups/index.js';
import { createFeatureHandler } from '../platform/http/handler.js';
import type { RequestContext, Implementations } from '../platform/http/handler.js';
import { Invalid, NotFound, UpstreamFailed } from '../platform/errors.js';
import { contract } from './contract.js';

/**
 * Runs a call to a lookup service; a failure becomes a 502 with `message` (NZ Post calls that could
 * not reach the service say so: 'Fail to connect to NZ Post service').
 */
async function viaService<T>(ctx: RequestContext, message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const service = err instanceof LookupServiceError ? err.service : undefined;
    const failure = err instanceof LookupServiceError ? err.failure : 'unexpected';
    const unreachable = service === 'nzpost' && (failure === 'connect' || failure === 'timeout');
    // The service's failure is a warning; anything else is our own error.
    const log = err instanceof LookupServiceError ? ctx.logger.warn : ctx.logger.error;
    log.call(ctx.logger, 'lookup failed', {
      routeKey: ctx.event.routeKey,
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

export const routes = {
  'GET /user/nzpost/addresschecker/suggest': async ({ query }, ctx) => {
    return viaService(ctx, lookupMessages.addressSuggest, async () => {
      const addresses = await lookupAdapters().addresses.suggest(query.q, query.max);
      return { success: true, addresses: addresses.slice(0, query.max) };
    });
  },

  'GET /user/nzpost/addresschecker/details': async ({ query }, ctx) => {
    return viaService(ctx, lookupMessages.addressDetails, async () => ({
      success: true,
      details: await lookupAdapters().addresses.details(query.dpid),
    }));
  },

  'GET /v1/service/property-lookup/parcels': async ({ query }, ctx) => {
    const address = parseParcelAddress(query.address);
    return viaService(ctx, lookupMessages.parcels, async () => ({
      parcels: await lookupAdapters().property.parcels(query.authority, address),
    }));
  },

  'GET /v1/service/licensed-building-practitioners': async ({ query }, ctx) => {
    return viaService(ctx, lookupMessages.lbp, async () => {
      const practitioners = await lookupAdapters().lbp.search(query.searchText, query.limit);
      return { practitioners: practitioners.slice(0, query.limit) };
    });
  },

  'GET /v1/service/licensed-building-practitioners/{lbpNumber}': async ({ params }, ctx) => {
    const found = await viaService(ctx, lookupMessages.lbp, () => lookupAdapters().lbp.get(params.lbpNumber));
    if (found === undefined) throw new NotFound(`No practitioner ${params.lbpNumber} on the register`);
    // The register's record may carry fields of its own: the contract is what we answer.
    return Practitioner.parse(found);
  },
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('lookups', contract, routes);
