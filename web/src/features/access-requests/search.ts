import type { Address } from '../../../../shared/schemas/common';
import { accessSearchCriteria, type AccessSearchIssue } from '../../../../shared/domain/access-requests';
import type { AccessSearchParams } from '../../api/access-requests';

/** The Request access dialog's search form: by address (simple) or project number and authorities. */
export interface AccessSearchForm {
  mode: 'simple' | 'advanced';
  /** The address picked from the lookup (its full address is searched). */
  address: Address | null;
  applicationNumber: string;
  authorities: string[];
}

/**
 * The query GET /user/applications-search is sent with, or the issues that keep it from being sent
 * (docs/access-requests.md, the shared rule the server runs too).
 */
export function searchOf(
  form: AccessSearchForm,
): { query: AccessSearchParams; issues?: undefined } | { query?: undefined; issues: AccessSearchIssue[] } {
  const result = accessSearchCriteria(form.mode, {
    address: form.address?.fullAddress,
    applicationNumber: form.applicationNumber,
    authorities: form.authorities,
  });
  if (!result.criteria) return { issues: result.issues };
  const c = result.criteria;
  const authorities = c.authorities.length ? c.authorities : undefined;
  return {
    query:
      c.mode === 'simple'
        ? { address: c.address, authorities }
        : { applicationNumber: c.projectNumber, authorities },
  };
}
