import type { Authority } from '../../shared/schemas/reference.js';

/**
 * Whether an authority accepts applications is the operator's, not the reference data's: onboarding
 * (`npm run council -- onboard <authority>`) sets `serviceable: true` on the authority's row and
 * revocation sets it false. The loader writes an authority's JSON value only when it has no row yet;
 * a stored row keeps its own (docs/reference-data.md "Serviceable").
 */
export function withStoredServiceable<A extends Pick<Authority, 'id' | 'serviceable'>>(
  authorities: readonly A[],
  stored: ReadonlyMap<string, boolean>,
): A[] {
  return authorities.map((a) => {
    const kept = stored.get(a.id);
    return kept === undefined || kept === a.serviceable ? a : { ...a, serviceable: kept };
  });
}
