import type { StatutoryClockConventions } from '../../../shared/schemas/reference.js';
import type * as z from 'zod';
import type {
  ApplicationFilters,
  ApplicationListItem,
  ApplicationPage,
  ApplicationsQuery,
  ApplicationsV2Query,
  ApplicationsV3Query,
  BadgeCounts,
} from '../../../shared/schemas/applications.js';
import type { AccessRow, ApplicationItem, ReadStats, TemplateItem } from '../repository/lists.js';
import { toTemplateDto } from './dto.js';
import { toListItem } from './list-item.js';
import {
  matchesNeeded,
  pageOf,
  planOrder,
  planQuery,
  sortRows,
  v1Request,
  v2Request,
  v3Request,
} from '../model/lists.js';
import type { ListRequest, OrderPlan, QueryPlan } from '../model/lists.js';
import { badgesOfCounters, filtersOfCounters, pairsOf } from '../model/read-model.js';

/**
 * The application lists (docs/applications.md): GET /user/applications (V1), /user/applicationsV2 (with
 * the templates), /user/applicationsV3, and the V2 badges and filters. Every list reads only the
 * caller's own access rows (the key condition is the caller's user id), so a user never sees
 * another's applications.
 */

type Names = {
  authorities: Map<string, { displayName: string; statutoryClock?: StatutoryClockConventions }>;
  forms: Map<string, { displayName: string; category?: string }>;
};

/** What the lists need from the world (functions/applications/lists.ts wires the table). */
export interface ListPorts {
  rows: {
    /** The caller's rows a plan selects in index order, reading just enough for `need` matches. */
    query(
      userId: string,
      plan: QueryPlan,
      options: { need?: number; stats?: ReadStats },
    ): Promise<{ rows: AccessRow[] }>;
  };
  /** The applications and templates of the rows (missing ones left out). */
  items(
    applicationIds: readonly string[],
    templateIds: readonly string[],
    stats?: ReadStats,
  ): Promise<{ applications: Map<string, ApplicationItem>; templates: Map<string, TemplateItem> }>;
  /** Display names of forms and authorities. */
  names(pairs: readonly { authorityId?: string | undefined; formId?: string | undefined }[]): Promise<Names>;
  /**
   * The caller's rows of another sort order from the list-order read model, in order, reading just
   * enough for `need` matches; undefined while the caller's entries are not built.
   */
  orders: {
    query(
      userId: string,
      plan: OrderPlan,
      options: { need?: number; stats?: ReadStats },
    ): Promise<{ rows: AccessRow[] } | undefined>;
  };
  /** The caller's badge and filter counters (the read model; built from their rows the first time). */
  counters(userId: string, stats?: ReadStats): Promise<Record<string, number>>;
}

export function listsService(ports: ListPorts) {
  /** List items of the rows in order: one batch read of the applications (and templates) and the names. */
  async function itemsOf(rows: readonly AccessRow[], stats?: ReadStats): Promise<ApplicationListItem[]> {
    if (rows.length === 0) return [];
    const templateIds = rows.filter((r) => r.recordType === 'Template').map((r) => r.applicationId);
    const [{ applications, templates }, names] = await Promise.all([
      ports.items(
        rows.map((r) => r.applicationId),
        templateIds,
        stats,
      ),
      ports.names(rows),
    ]);
    const templateDtos = new Map([...templates.values()].map((t) => [t.applicationId, toTemplateDto(t)]));
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
          clockConventions: authority?.statutoryClock,
          hasChildApplications: (application.childCount ?? 0) > 0,
          ...(template ? { template } : {}),
        }),
      ];
    });
  }

  /**
   * One page of a list. Sorted by modified date: the index is read in order until the page and one
   * more match are found. Another sort: the list-order entries of that order are read the same way;
   * where there are none (outstanding actions, templates, a user whose entries are not built yet)
   * every matching row of the caller is read, then sorted in memory, in the same order.
   */
  async function list(userId: string, req: ListRequest, stats?: ReadStats): Promise<ApplicationPage> {
    const plan = planQuery(req);
    const withStats = stats ? { stats } : {};
    const need = matchesNeeded(req.pageIndex, req.pageSize);
    const orderPlan = plan.inMemorySort ? planOrder(req) : undefined;
    const ordered = orderPlan
      ? await ports.orders.query(userId, orderPlan, { need, ...withStats })
      : undefined;
    let page: { items: AccessRow[]; hasMore: boolean };
    if (!plan.inMemorySort) {
      const { rows } = await ports.rows.query(userId, plan, { need, ...withStats });
      page = pageOf(rows, req.pageIndex, req.pageSize);
    } else if (ordered) {
      page = pageOf(ordered.rows, req.pageIndex, req.pageSize);
    } else {
      const { rows } = await ports.rows.query(userId, plan, withStats);
      const formNames =
        req.sortBy === 'formDisplayName'
          ? new Map([...(await ports.names(rows)).forms].map(([id, f]) => [id, f.displayName]))
          : undefined;
      page = pageOf(sortRows(rows, req.sortBy, req.sortDirection, formNames), req.pageIndex, req.pageSize);
    }
    return {
      items: await itemsOf(page.items, stats),
      pageIndex: req.pageIndex,
      pageSize: req.pageSize,
      hasMore: page.hasMore,
    };
  }

  return {
    list,
    /** V1: the caller's visible applications of a record type (or all but templates), newest first, up to 100. */
    async v1(userId: string, query: z.output<typeof ApplicationsQuery>): Promise<ApplicationListItem[]> {
      return (await list(userId, v1Request(query))).items;
    },
    v2: (userId: string, query: ApplicationsV2Query) => list(userId, v2Request(query)),
    /** Templates are never in V3: recordType is Draft or Consent by the schema. */
    v3: (userId: string, query: ApplicationsV3Query) => list(userId, v3Request(query)),

    /** Badge counts from the caller's read model (one GetItem of their summary item). */
    async badges(userId: string, stats?: ReadStats): Promise<BadgeCounts> {
      return badgesOfCounters(await ports.counters(userId, stats));
    },

    /** The filter options of the caller's applications (every visibility, no templates). */
    async filters(userId: string, stats?: ReadStats): Promise<ApplicationFilters> {
      const counters = await ports.counters(userId, stats);
      return filtersOfCounters(counters, await ports.names(pairsOf(counters)));
    },
  };
}
