import type {
  ApplicationSearchItem,
  ApplicationsSearchQuery,
  ApplicationsSearchResponse,
} from '../../../shared/schemas/access-requests.js';
import { accessRank } from '../../../shared/domain/applications.js';
import { accessSearchCriteria, accessSearchModeOf } from '../../../shared/domain/access-requests.js';
import { defined } from '../../../shared/domain/objects.js';
import { Address } from '../../../shared/schemas/common.js';
import { Invalid } from '../../platform/errors.js';
import type { ApplicationAccessRecord, ApplicationRecord } from '../../platform/access.js';
import type { SearchKind } from '../repository/search.js';

/** What the search needs: the search entries, the applications, the caller's access and requests. */
export interface SearchPorts {
  now(): Date;
  /** Normalises a value as the search entries store it (functions/applications/model/list-row.ts). */
  normalise(value: string): string;
  searchEntries(authorityId: string, kind: SearchKind, value: string, limit: number): Promise<string[]>;
  applicationsByIds(ids: readonly string[]): Promise<ApplicationRecord[]>;
  accessRowsOf(ids: readonly string[], userId: string): Promise<ApplicationAccessRecord[]>;
  activeGuardsOf(
    ids: readonly string[],
    requesterId: string,
  ): Promise<{ applicationId: string; expireTime: string; createdDate?: string | undefined }[]>;
  names(a: Pick<ApplicationRecord, 'formId' | 'authorityId'>): {
    formDisplayName?: string;
    authorityDisplayName?: string;
  };
}

/** The most authorities one search queries (each is one Query). */
export const MAX_SEARCH_AUTHORITIES = 20;

/**
 * GET /user/applications-search (docs/access-requests.md): simple mode by the address as picked from the
 * address lookup (at the given authorities, or any), advanced mode by the project number at the
 * given authorities (BLD… the application number, else the consent number). One Query per authority
 * on the search entries, then the page's applications, the caller's access rows and active requests
 * by BatchGet: the cost follows the matches and the page, never the table. Results show only the
 * spec's fields; accessLevel is the caller's own (none: absent → Request access).
 */
export function searchService(ports: SearchPorts) {
  return async function search(
    userId: string,
    q: ApplicationsSearchQuery,
  ): Promise<ApplicationsSearchResponse> {
    const result = accessSearchCriteria(accessSearchModeOf(q), q);
    if (!result.criteria)
      throw new Invalid(result.issues.map((i) => ({ field: `query.${i.field}`, reason: i.reason })));
    const c = result.criteria;
    if (c.authorities.length > MAX_SEARCH_AUTHORITIES)
      throw new Invalid([{ field: 'query.authorities', reason: `At most ${MAX_SEARCH_AUTHORITIES}` }]);
    const kind: SearchKind = c.mode === 'simple' ? 'address' : c.field;
    const value = ports.normalise(c.mode === 'simple' ? c.address : c.projectNumber);
    const authorities = c.authorities.length ? c.authorities : ['all'];
    const need = q.pageIndex * q.pageSize;
    const found = await Promise.all(authorities.map((a) => ports.searchEntries(a, kind, value, need)));
    // Newest first by id (ids are issued in order), each once.
    const ids = [...new Set(found.flat())].sort((a, b) => Number(b) - Number(a) || b.localeCompare(a));
    const start = (q.pageIndex - 1) * q.pageSize;
    const pageIds = ids.slice(start, start + q.pageSize);
    const [apps, rows, guards] = await Promise.all([
      ports.applicationsByIds(pageIds),
      ports.accessRowsOf(pageIds, userId),
      ports.activeGuardsOf(pageIds, userId),
    ]);
    const now = ports.now().getTime();
    const byId = new Map(apps.map((a) => [a.applicationId, a]));
    const items: ApplicationSearchItem[] = [];
    for (const id of pageIds) {
      const a = byId.get(id);
      if (!a || a.recordType === 'Template') continue;
      const row = rows.find((r) => r.applicationId === id);
      const guard = guards.find((g) => g.applicationId === id && new Date(g.expireTime).getTime() > now);
      const names = ports.names(a);
      items.push(
        defined({
          applicationId: a.applicationId,
          applicationNumber: a.applicationNumber,
          consentNumber: a.consentNumber,
          formDisplayName: names.formDisplayName,
          // The address fields only (no parcel, legal description or valuation of the site).
          address: a.address ? Address.parse(a.address) : undefined,
          authorityDisplayName: names.authorityDisplayName,
          status: a.status,
          accessLevel: row && accessRank(row.accessLevel) >= 1 ? row.accessLevel : undefined,
          accessRequestedDate: guard?.createdDate,
          hasChildApplications: (a.childCount ?? 0) > 0,
        }) as ApplicationSearchItem,
      );
    }
    return { items, pageIndex: q.pageIndex, pageSize: q.pageSize, hasMore: ids.length > start + q.pageSize };
  };
}
