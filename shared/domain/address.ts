import type { Address } from '../schemas/common.js';

/**
 * The full address of an address (docs/lookups.md): its own fullAddress when it has one, else built
 * from address1, address2, city and state joined by commas, then the zip code after a space.
 * Empty parts are left out.
 */
export function fullAddressOf(address: Partial<Address> | null | undefined): string {
  if (!address) return '';
  const own = address.fullAddress?.trim();
  if (own) return own;
  return buildFullAddress(address);
}

/** Builds the full address from its parts (manual address entry). */
export function buildFullAddress(parts: Partial<Address>): string {
  const line = [parts.address1, parts.address2, parts.city, parts.state]
    .map((p) => p?.trim())
    .filter((p): p is string => !!p)
    .join(', ');
  const zip = parts.zipCode?.trim();
  return zip ? (line ? `${line} ${zip}` : zip) : line;
}

/**
 * Whether two addresses are the same site (the same full address, spacing and case forgiven): a
 * copy of an application keeps its source's authority for the source's own site only.
 */
export function isSameSite(
  a: Partial<Address> | null | undefined,
  b: Partial<Address> | null | undefined,
): boolean {
  const norm = (x: Partial<Address> | null | undefined) =>
    fullAddressOf(x).toLowerCase().replace(/\s+/g, ' ');
  return norm(a) === norm(b);
}

/** What authority detection goes by (GET /public/authorities/detection's query). */
export interface AddressDetectionQuery {
  latitude?: number;
  longitude?: number;
  city?: string;
  postcode?: string;
}

/**
 * The detection query of an address, as the web and the server both ask it: its coordinates, city
 * and four-digit postcode. Undefined when the address gives nothing to detect by.
 */
export function detectionQueryOf(address: Partial<Address>): AddressDetectionQuery | undefined {
  const q: AddressDetectionQuery = {};
  if (address.latitude !== undefined && address.longitude !== undefined) {
    q.latitude = address.latitude;
    q.longitude = address.longitude;
  }
  const city = address.city?.trim();
  if (city) q.city = city;
  const postcode = address.zipCode?.trim();
  if (postcode && /^\d{4}$/.test(postcode)) q.postcode = postcode;
  return Object.keys(q).length > 0 ? q : undefined;
}
