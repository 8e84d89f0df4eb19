import type { ApplicationAddress } from '../../../shared/schemas/applications.js';
import type { Address } from '../../../shared/schemas/common.js';
import { buildFullAddress, isSameSite } from '../../../shared/domain/address.js';

/** The roles a self-applying owner holds (participant type names, shared/reference/participant-types.json). */
export const SELF_APPLICANT_ROLES = ['RegisteredOwner', 'Owner', 'OwnerContact', 'InvoicePayer'] as const;

/** A copy to a site no authority serves, without an authority asked for. */
export const NO_AUTHORITY_SERVES = 'No building consent authority serves this address: choose one';

/**
 * The authority of a copy whose request names none (Duplicate): the source's for the source's own
 * site (or when no site is given); for another site, the one detected for it, as the
 * new-application flow does (undefined when none serves it).
 */
export function copyAuthorityId(
  source: { authorityId: string; address?: Partial<Address> | undefined },
  address: Partial<Address> | undefined,
  detect: (address: Partial<Address>) => { id: string } | undefined,
): string | undefined {
  if (!address || isSameSite(address, source.address)) return source.authorityId;
  return detect(address)?.id;
}

const ADDRESS_KEYS = [
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'zipCode',
  'fullAddress',
  'isManualAddress',
  'latitude',
  'longitude',
] as const;

/** The stored site address: the address fields only (parcel fields apart), trimmed, with its full address. */
export function siteAddressOf(input: ApplicationAddress | Partial<Address>): Address {
  const out: Record<string, unknown> = {};
  for (const k of ADDRESS_KEYS) {
    const v = (input as Record<string, unknown>)[k];
    if (typeof v === 'string') {
      if (v.trim() !== '') out[k] = v.trim();
    } else if (v !== undefined && v !== null) out[k] = v;
  }
  const address = out as Address;
  if (!address.fullAddress) {
    const built = buildFullAddress(address);
    if (built) address.fullAddress = built;
  }
  return address;
}

/**
 * The legal description of the site from the parcel fields: the given legal description, else
 * 'Lot <n> DP <n>' from the lot and deposited-plan numbers; undefined when there is none.
 */
export function legalDescriptionOf(input: Partial<ApplicationAddress>): string | undefined {
  const own = input.legalDescription?.trim();
  if (own) return own;
  const lot = input.lotNumber?.trim();
  const dp = input.dpNumber?.trim();
  const parts = [lot ? `Lot ${lot}` : '', dp ? `DP ${dp}` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** Field → [before, after] of the keys that changed (history delta). */
/** JSON with object keys sorted and undefined members dropped (a map read back may change order). */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.entries(x as Record<string, unknown>)
            .filter(([, y]) => y !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : x,
  ) ?? 'undefined';

export function deltaOf(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: readonly string[],
): Record<string, [unknown, unknown]> {
  const delta: Record<string, [unknown, unknown]> = {};
  for (const k of keys) {
    const a = before[k];
    const b = after[k];
    if (canonical(a) !== canonical(b)) delta[k] = [a ?? null, b ?? null];
  }
  return delta;
}

/** A history page: sorted by timestamp in the given direction, then the page cut (1-based). */
export function pageOf<T extends { timestamp: string }>(
  items: readonly T[],
  { direction, page, pageSize }: { direction: 'asc' | 'desc'; page: number; pageSize: number },
): T[] {
  const sorted = [...items].sort((a, b) =>
    direction === 'asc' ? a.timestamp.localeCompare(b.timestamp) : b.timestamp.localeCompare(a.timestamp),
  );
  return sorted.slice((page - 1) * pageSize, page * pageSize);
}
