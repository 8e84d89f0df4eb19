import type { Address } from '../schemas/common.js';

/**
 * The full address of an address (portal-core §3): its own fullAddress when it has one, else built
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
