import type { Address } from '../../shared/schemas/common.js';
import type { Authority, AuthorityDetectionQuery } from '../../shared/schemas/reference.js';
import { detectionQueryOf } from '../../shared/domain/address.js';

const norm = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\b(district|city|council)\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The authority an address belongs to (GET /public/authorities/detection). Only public authorities
 * (not hidden, not independent) are candidates, in the order given. The first rule that matches
 * any authority decides:
 * 1. the territorial authority's name or code (the address details carry it);
 * 2. the city;
 * 3. the postcode, by the longest configured prefix;
 * 4. the coordinates, inside an authority's bounds.
 */
export function detectAuthority(
  authorities: readonly Authority[],
  q: AuthorityDetectionQuery,
): Authority | undefined {
  const candidates = authorities.filter((a) => !a.hidden && !a.isIndependent);
  if (q.territorialAuthority) {
    const ta = norm(q.territorialAuthority);
    const hit = candidates.find(
      (a) => norm(a.name) === ta || a.territorialAuthorities.some((t) => norm(t) === ta),
    );
    if (hit) return hit;
  }
  if (q.city) {
    const city = norm(q.city);
    const hit = candidates.find((a) => a.cities.some((c) => norm(c) === city));
    if (hit) return hit;
  }
  if (q.postcode) {
    let best: { a: Authority; len: number } | undefined;
    for (const a of candidates) {
      for (const p of a.postcodePrefixes) {
        if (q.postcode.startsWith(p) && (!best || p.length > best.len)) best = { a, len: p.length };
      }
    }
    if (best) return best.a;
  }
  if (q.latitude !== undefined && q.longitude !== undefined) {
    const { latitude: lat, longitude: lng } = q;
    const hit = candidates.find(
      (a) =>
        a.bounds &&
        lat >= a.bounds.minLatitude &&
        lat <= a.bounds.maxLatitude &&
        lng >= a.bounds.minLongitude &&
        lng <= a.bounds.maxLongitude,
    );
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The authority of an address as the new-application flow detects it: the query the web sends
 * (shared/domain/address.ts detectionQueryOf) against the same rules. Undefined when none serves it.
 */
export function detectAuthorityOfAddress(
  authorities: readonly Authority[],
  address: Partial<Address>,
): Authority | undefined {
  const q = detectionQueryOf(address);
  return q ? detectAuthority(authorities, q) : undefined;
}
