/**
 * The three lookup services the portal calls (docs/lookups.md), each an interface with a real client
 * (nzpost.ts, linz.ts, lbp.ts) and a local implementation over the sample data (local.ts).
 */
import type {
  AddressLookupResult,
  AddressSuggestion,
  Parcel,
  Practitioner,
} from '../../../../shared/schemas/lookups.js';

/** NZ Post AddressChecker: physical addresses. */
export interface AddressService {
  /** Up to `max` suggestions for the text typed so far; a miss is an empty list. */
  suggest(q: string, max: number): Promise<AddressSuggestion[]>;
  /** The address with this DPID (a list of one), or an empty list when there is none. */
  details(dpid: string): Promise<AddressLookupResult[]>;
}

/** The address the parcels are asked for: an address lookup result or a stored Address. */
export interface ParcelAddress {
  dpid?: string;
  fullAddress?: string;
  address1?: string;
  address2?: string;
  suburb?: string;
  city?: string;
  postcode?: string;
  zipCode?: string;
  latitude?: number;
  longitude?: number;
}

/** Property data (LINZ parcels / the council's rating data). */
export interface PropertyService {
  /** The parcels under the address, as the authority knows them; unknown → empty list. */
  parcels(authority: string, address: ParcelAddress): Promise<Parcel[]>;
}

/** The MBIE Licensed Building Practitioners public register. */
export interface LbpRegister {
  /** Practitioners whose name matches every token, or whose BP number starts with the text. */
  search(searchText: string, limit: number): Promise<Practitioner[]>;
  /** One practitioner by BP number, or undefined. */
  get(lbpNumber: string): Promise<Practitioner | undefined>;
}

export interface LookupAdapters {
  addresses: AddressService;
  property: PropertyService;
  lbp: LbpRegister;
}

export type LookupServiceName = 'nzpost' | 'property' | 'lbp';

/**
 * Why a call to a lookup service failed:
 * - connect: the service could not be reached (DNS, refused, reset, TLS) or the credentials could
 *   not be obtained from its token endpoint;
 * - timeout: no answer within the client's timeout;
 * - status: the service answered with an error status (or `success: false`);
 * - invalid: the answer was not the documented shape.
 */
export type LookupFailure = 'connect' | 'timeout' | 'status' | 'invalid';

export class LookupServiceError extends Error {
  override readonly name = 'LookupServiceError';
  constructor(
    readonly service: LookupServiceName,
    readonly failure: LookupFailure,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`${service}: ${message}`, options);
  }
}
