import type { Implementations } from '../../platform/http/handler.js';
import type { contract } from '../contract.js';
import type {
  ApplicationFilters,
  ApplicationListItem,
  ApplicationPage,
  BadgeCounts,
} from '../../../shared/schemas/applications.js';
import { pageOf, planQuery, sortRows, v1Request, v2Request, v3Request } from '../service/lists.js';
import type { ListRequest } from '../service/lists.js';
import { displayNames, getListItems, queryAccessRows, queryForPage } from '../repository/lists.js';
import type { AccessRow, ReadStats } from '../repository/lists.js';
import { toListItem } from '../service/list-item.js';
import { toTemplateDto } from '../repository/thumbnails.js';
import { summaryOf } from '../repository/read-model.js';
import { badgesOfCounters, filtersOfCounters, pairsOf } from '../service/read-model.js';

/**
 * The application lists (portal-core §7): GET /user/applications (V1), /user/applicationsV2 (with
 * the templates), /user/applicationsV3, and the V2 badges and filters. Every list reads only the
 * caller's own applicationAccess rows (the key condition is the caller's user id), so a user never
 * sees another's applications.
 */

/** List items of the rows in order: one BatchGet of the applications (and templates) and the names. */
async function listItemsOf(rows: readonly AccessRow[], stats?: ReadStats): Promise<ApplicationListItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.applicationId);
  const templateIds = rows.filter((r) => r.recordType === 'Template').map((r) => r.applicationId);
  const [{ applications, templates }, names] = await Promise.all([
    getListItems(ids, templateIds, stats),
    displayNames(rows),
  ]);
  const templateDtos = new Map(
    await Promise.all(
      [...templates.values()].map(async (t) => [t.applicationId, await toTemplateDto(t)] as const),
    ),
  );
  return rows.flatMap((row) => {
    const application = applications.get(row.applicationId);
    // A row whose application was deleted a moment ago is left out.
    if (!application) return [];
    const form = row.formId ? names.forms.get(row.formId) : undefined;
    const authority = row.authorityId ? names.authorities.get(row.authorityId) : undefined;
    const template = templateDtos.get(row.applicationId);
    return [
      toListItem(application, row, {
        formDisplayName: form?.displayName,
        formCategory: form?.category,
        authorityDisplayName: authority?.displayName,
        hasChildApplications: (application.childCount ?? 0) > 0,
        ...(template ? { template } : {}),
      }),
    ];
  });
}

/**
 * One page of a list. Sorted by modified date: the index is read in order until the page and one
 * more match are found. Any other sort: every matching row of the caller is read, then sorted.
 */
export async function listApplications(
  userId: string,
  req: ListRequest,
  stats?: ReadStats,
): Promise<ApplicationPage> {
  const plan = planQuery(req);
  let page: { items: AccessRow[]; hasMore: boolean };
  if (!plan.inMemorySort) {
    const { rows } = await queryForPage(userId, plan, req.pageIndex, req.pageSize, stats);
    page = pageOf(rows, req.pageIndex, req.pageSize);
  } else {
    const { rows } = await queryAccessRows(userId, plan, stats ? { stats } : {});
    const formNames =
      req.sortBy === 'formDisplayName'
        ? new Map([...(await displayNames(rows)).forms].map(([id, f]) => [id, f.displayName]))
        : undefined;
    page = pageOf(sortRows(rows, req.sortBy, req.sortDirection, formNames), req.pageIndex, req.pageSize);
  }
  return {
    items: await listItemsOf(page.items, stats),
    pageIndex: req.pageIndex,
    pageSize: req.pageSize,
    hasMore: page.hasMore,
  };
}

/**
 * Badge counts from the caller's read model (one GetItem of their summary item, kept by the
 * `applications.listCounts` consumer; built from their rows the first time).
 */
export async function badgesOf(userId: string, stats?: ReadStats): Promise<BadgeCounts> {
  return badgesOfCounters(await summaryOf(userId, stats));
}

/** The filter options of the caller's applications (every visibility, no templates): the read model. */
export async function filtersOf(userId: string, stats?: ReadStats): Promise<ApplicationFilters> {
  const counters = await summaryOf(userId, stats);
  return filtersOfCounters(counters, await displayNames(pairsOf(counters)));
}

export const listRoutes = {
  /** V1: the caller's visible applications of a record type (or all but templates), newest first, up to 100. */
  'GET /user/applications': async ({ caller, query }) => {
    return (await listApplications(caller.userId, v1Request(query))).items;
  },

  'GET /user/applicationsV2': async ({ caller, query }) => {
    return listApplications(caller.userId, v2Request(query));
  },

  'GET /user/applicationsV3': async ({ caller, query }) => {
    // Templates are never in V3: recordType is Draft or Consent by the schema.
    return listApplications(caller.userId, v3Request(query));
  },

  'GET /user/applicationsV2/badges': async ({ caller }) => {
    return badgesOf(caller.userId);
  },

  'GET /user/applicationsV2/filters': async ({ caller }) => {
    return filtersOf(caller.userId);
  },
} satisfies Partial<Implementations<typeof contract>>;
