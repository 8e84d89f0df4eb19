import type { AccessLevel } from '../../../shared/schemas/common.js';
import type { FormCategory } from '../../../shared/schemas/reference.js';
import type {
  ApplicationsQuery,
  ApplicationsV2Query,
  ApplicationsV3Query,
  ApplicationStatus,
  RecordType,
} from '../../../shared/schemas/applications.js';
import { MAX_PAGE_SIZE } from '../../../shared/schemas/applications.js';
import type { z } from 'zod';
import type { SortBy as SortBySchema } from '../../../shared/schemas/applications.js';
import { normaliseSearch } from './list-row.js';
import { canRead } from '../../../shared/domain/applications.js';
import { isOrderedSort, orderString, sortValue } from './list-order.js';
import type { OrderedSort, SortableRow } from './list-order.js';

/** The access levels that let a user see an application. */
const READABLE_LEVELS: readonly AccessLevel[] = ['ReadOnly', 'Edit', 'Manage'];

/**
 * The application lists (docs/applications.md: /user/applications, /user/applicationsV2, /user/applicationsV3)
 * as pure decisions: which index a list reads, the FilterExpression of its filters, how many rows a
 * page needs, and the in-memory sort of the other sort orders. The repository
 * (functions/applications/repository/lists.ts) runs the queries; nothing here touches DynamoDB.
 *
 * Data: one applicationAccess row per (application, user with access) with the list fields
 * denormalised (L1–L4 in functions/platform/data/README.md):
 * - byUser (gsi1): userId / visibility + modifiedDate: every list without a record type;
 * - byUserRecordType (gsi2): userId + recordType / visibility + modifiedDate: Draft, Consent, Template;
 * - byUserOutstanding (gsi3, sparse): userId / modifiedDate, only rows with outstanding RFIs or payments.
 * The row's recordType is the list record type (Consent when a consent number exists, else Draft;
 * templates stay Template: listRowFields), so a record-type tab is one partition of gsi2.
 */

export type SortBy = z.infer<typeof SortBySchema>;
export type SortDirection = 'asc' | 'desc';
export type Visibility = 'visible' | 'hidden';
export type OutstandingAction = 'RFI' | 'PAYMENT' | 'DOCUMENT';
export type ListIndex = 'byUser' | 'byUserRecordType' | 'byUserOutstanding';

/** The filters of a list; each array matches any of its values, and every filter given must match. */
export interface ListFilters {
  form?: string[] | undefined;
  authority?: string[] | undefined;
  complexity?: string[] | undefined;
  status?: ApplicationStatus[] | undefined;
  accessLevel?: AccessLevel[] | undefined;
  formCategory?: FormCategory[] | undefined;
  parentApplicationId?: string | undefined;
  outstandingActions?: OutstandingAction[] | undefined;
  searchText?: string | undefined;
}

/** One list request, whichever route it came from. */
export interface ListRequest {
  visibility: Visibility;
  /** A record-type tab (gsi2 partition); absent: every record type but Template. */
  recordType?: RecordType | undefined;
  filters: ListFilters;
  sortBy: SortBy;
  sortDirection: SortDirection;
  pageIndex: number;
  pageSize: number;
}

const visibilityOf = (hidden: boolean | undefined): Visibility => (hidden ? 'hidden' : 'visible');

/** GET /user/applicationsV3: isArchived → hidden rows; record type Draft/Consent by V3's rule; no templates. */
export function v3Request(q: ApplicationsV3Query): ListRequest {
  return {
    visibility: visibilityOf(q.isArchived),
    recordType: q.recordType,
    filters: {
      form: q.form,
      authority: q.authority,
      complexity: q.complexity,
      status: q.status,
      accessLevel: q.accessLevel,
      formCategory: q.formCategory,
      parentApplicationId: q.parentApplicationId,
      outstandingActions: q.outstandingActions,
      searchText: q.searchText,
    },
    sortBy: q.sortBy,
    sortDirection: q.sortDirection,
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
  };
}

/** GET /user/applicationsV2: isHidden → hidden rows; recordType Template lists the templates. */
export function v2Request(q: ApplicationsV2Query): ListRequest {
  return {
    visibility: visibilityOf(q.isHidden),
    recordType: q.recordType,
    filters: {
      form: q.form,
      authority: q.authority,
      complexity: q.complexity,
      status: q.status,
      accessLevel: q.accessLevel,
      searchText: q.searchText,
    },
    sortBy: q.sortBy,
    sortDirection: q.sortDirection,
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
  };
}

/** GET /user/applications?recordType=: visible, newest first, the first 100. */
export function v1Request(q: z.output<typeof ApplicationsQuery>): ListRequest {
  return {
    visibility: 'visible',
    recordType: q.recordType,
    filters: {},
    sortBy: 'modifiedDate',
    sortDirection: 'desc',
    pageIndex: 1,
    pageSize: MAX_PAGE_SIZE,
  };
}

// ---- FilterExpression ----

/** A FilterExpression with its own placeholders (`#f_<attribute>`, `:f<n>`), never ElectroDB's. */
export interface Filter {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** Builds one FilterExpression from conditions; every condition must hold (AND). */
export class FilterBuilder {
  private readonly parts: string[] = [];
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private n = 0;

  name(attribute: string): string {
    const key = `#f_${attribute}`;
    this.names[key] = attribute;
    return key;
  }

  value(v: unknown): string {
    const key = `:f${this.n++}`;
    this.values[key] = v;
    return key;
  }

  add(condition: string): this {
    this.parts.push(condition);
    return this;
  }

  eq(attribute: string, v: unknown): this {
    return this.add(`${this.name(attribute)} = ${this.value(v)}`);
  }

  ne(attribute: string, v: unknown): this {
    return this.add(`${this.name(attribute)} <> ${this.value(v)}`);
  }

  /** The attribute is one of the values (IN takes at most 100 operands: larger sets are OR-ed chunks). */
  oneOf(attribute: string, vs: readonly unknown[]): this {
    const distinct = [...new Set(vs)];
    if (distinct.length === 0) return this;
    if (distinct.length === 1) return this.eq(attribute, distinct[0]);
    const name = this.name(attribute);
    const chunks: string[] = [];
    for (let i = 0; i < distinct.length; i += 100)
      chunks.push(
        `${name} IN (${distinct
          .slice(i, i + 100)
          .map((v) => this.value(v))
          .join(', ')})`,
      );
    return this.add(chunks.join(' OR '));
  }

  contains(attribute: string, v: string): this {
    return this.add(`contains(${this.name(attribute)}, ${this.value(v)})`);
  }

  build(): Filter | undefined {
    if (this.parts.length === 0) return undefined;
    // DynamoDB rejects redundant parentheses: only a disjunction among several conditions gets them.
    const expression =
      this.parts.length === 1
        ? this.parts[0]!
        : this.parts.map((p) => (p.includes(' OR ') ? `(${p})` : p)).join(' AND ');
    return { expression, names: { ...this.names }, values: { ...this.values } };
  }
}

const nonEmpty = <T>(a: readonly T[] | undefined): a is readonly T[] => !!a && a.length > 0;

/** Which index a list reads, its key condition parts and its filter. */
export interface QueryPlan {
  index: ListIndex;
  /** The gsi2 partition (byUserRecordType). */
  recordType?: RecordType;
  /** gsi1/gsi2 hold visibility in the sort key; gsi3 does not (then it is in the filter). */
  visibility: Visibility;
  filter?: Filter | undefined;
  /** Index order: modifiedDate ascending when true. */
  scanForward: boolean;
  /** Another sort than modifiedDate: every matching row is read, then sorted in memory. */
  inMemorySort: boolean;
}

/** The filters of a list (all but the record type and visibility) as conditions of `fb`. */
function addFilters(fb: FilterBuilder, f: ListFilters): void {
  if (nonEmpty(f.form)) fb.oneOf('formId', f.form);
  if (nonEmpty(f.authority)) fb.oneOf('authorityId', f.authority);
  if (nonEmpty(f.complexity)) fb.oneOf('complexity', f.complexity);
  if (nonEmpty(f.status)) fb.oneOf('status', f.status);
  // A row at None or Unassigned gives no access: never listed (docs/applications.md), whatever the filter asks.
  const levels = nonEmpty(f.accessLevel) ? f.accessLevel.filter(canRead) : READABLE_LEVELS;
  if (levels.length > 0) fb.oneOf('accessLevel', levels);
  // Only levels without access asked for: no row can match (every row has its level).
  else fb.add(`attribute_not_exists(${fb.name('accessLevel')})`);
  if (nonEmpty(f.formCategory)) fb.oneOf('formCategory', f.formCategory);
  if (f.parentApplicationId) fb.eq('parentApplicationId', f.parentApplicationId);
  if (nonEmpty(f.outstandingActions)) {
    const flag = {
      RFI: 'hasOutstandingRFIs',
      PAYMENT: 'hasOutstandingPayments',
      DOCUMENT: 'hasOutstandingDocuments',
    } as const;
    const kinds = [...new Set(f.outstandingActions)].map((a) => `${fb.name(flag[a])} = ${fb.value(true)}`);
    fb.add(kinds.join(' OR '));
  }
  const q = normaliseSearch(f.searchText);
  if (q) fb.contains('searchText', q);
}

/**
 * The plan of a list: a record-type tab reads its gsi2 partition; an outstanding-actions filter reads
 * the sparse gsi3 (only rows with outstanding items are in it); anything else reads gsi1 without
 * templates. Every other filter is a FilterExpression.
 */
export function planQuery(req: ListRequest): QueryPlan {
  const f = req.filters;
  const fb = new FilterBuilder();
  let index: ListIndex;
  if (nonEmpty(f.outstandingActions)) {
    index = 'byUserOutstanding';
    fb.eq('visibility', req.visibility);
    if (req.recordType) fb.eq('recordType', req.recordType);
    else fb.ne('recordType', 'Template');
  } else if (req.recordType) {
    index = 'byUserRecordType';
  } else {
    index = 'byUser';
    fb.ne('recordType', 'Template');
  }
  addFilters(fb, f);
  const plan: QueryPlan = {
    index,
    visibility: req.visibility,
    filter: fb.build(),
    scanForward: req.sortBy === 'modifiedDate' && req.sortDirection === 'asc',
    inMemorySort: req.sortBy !== 'modifiedDate',
  };
  if (index === 'byUserRecordType' && req.recordType) plan.recordType = req.recordType;
  return plan;
}

/** A page of another sort order read from the list-order read model (repository/list-order.ts). */
export interface OrderPlan {
  sortBy: OrderedSort;
  direction: SortDirection;
  visibility: Visibility;
  /** The list's filters, its record type tab (or every record type but Template) among them. */
  filter?: Filter | undefined;
}

/**
 * The list-order plan of a list sorted by another order than modifiedDate, or undefined where the
 * list sorts in memory: the outstanding-actions filter (the sparse gsi3 holds only those rows) and
 * the templates.
 */
export function planOrder(req: ListRequest): OrderPlan | undefined {
  if (!isOrderedSort(req.sortBy) || nonEmpty(req.filters.outstandingActions) || req.recordType === 'Template')
    return undefined;
  const fb = new FilterBuilder();
  if (req.recordType) fb.eq('recordType', req.recordType);
  else fb.ne('recordType', 'Template');
  addFilters(fb, req.filters);
  return { sortBy: req.sortBy, direction: req.sortDirection, visibility: req.visibility, filter: fb.build() };
}

// ---- Paging ----

/** Matches needed to answer page `pageIndex`: every earlier page, this one, and one more for hasMore. */
export const matchesNeeded = (pageIndex: number, pageSize: number): number => pageIndex * pageSize + 1;

/** The most rows one Query call is asked to read (DynamoDB stops at 1 MB anyway). */
export const MAX_QUERY_LIMIT = 1000;

/**
 * The Limit of the next Query call: the rows still needed when nothing is filtered out; with a
 * filter, as many as the selectivity seen so far says it takes to find them (a quarter more), at
 * least the rows still needed and at most MAX_QUERY_LIMIT; nothing matched yet reads four times
 * what was read.
 */
export function nextLimit(remaining: number, read: number, matched: number, filtered: boolean): number {
  if (!filtered) return Math.min(MAX_QUERY_LIMIT, Math.max(1, remaining));
  if (read === 0) return Math.min(MAX_QUERY_LIMIT, Math.max(remaining, 25));
  if (matched === 0) return Math.min(MAX_QUERY_LIMIT, Math.max(remaining, read * 4));
  const estimate = Math.ceil(((remaining * read) / matched) * 1.25);
  return Math.min(MAX_QUERY_LIMIT, Math.max(remaining, estimate));
}

/** Page `pageIndex` of the matches in order, and whether a further match exists. */
export function pageOf<T>(matches: readonly T[], pageIndex: number, pageSize: number) {
  const start = (pageIndex - 1) * pageSize;
  return { items: matches.slice(start, start + pageSize), hasMore: matches.length > start + pageSize };
}

// ---- In-memory sort ----

export type { SortableRow } from './list-order.js';

/**
 * Rows sorted by `sortBy` in `direction`, by the one order of list-order.ts (natural: BLD-2025-00009
 * before BLD-2025-00010, case ignored; rows without the value last either way; ties newest first,
 * then by id), the order the list-order read model keeps.
 */
export function sortRows<T extends SortableRow>(
  rows: readonly T[],
  sortBy: SortBy,
  direction: SortDirection,
  formNames: ReadonlyMap<string, string> = new Map(),
): T[] {
  const keyed = rows.map((row) => ({
    row,
    key: orderString(sortValue(row, sortBy, formNames), row.modifiedDate, row.applicationId, direction),
  }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.row);
}

/** min(10, count): the dashboard's recent lists show ten. */
export const RECENT_COUNT = 10;

/** Badge counts of the caller's rows (docs/applications.md). */
export function badgeCounts(c: {
  visibleDrafts: number;
  submittedDrafts: number;
  visibleConsents: number;
  hiddenDrafts: number;
  hiddenConsents: number;
}) {
  return {
    recentApplications: Math.min(RECENT_COUNT, c.visibleDrafts),
    allApplications: c.visibleDrafts + c.visibleConsents,
    submittedApplications: c.submittedDrafts,
    archivedApplications: c.hiddenDrafts + c.hiddenConsents,
    recentConsents: Math.min(RECENT_COUNT, c.visibleConsents),
    currentConsents: c.visibleConsents,
    archivedConsents: c.hiddenConsents,
  };
}
