import { describe, expect, test } from 'vitest';
import {
  ApplicationsQuery,
  ApplicationsV2Query,
  ApplicationsV3Query,
} from '../../../../shared/schemas/applications.js';
import {
  badgeCounts,
  FilterBuilder,
  matchesNeeded,
  MAX_QUERY_LIMIT,
  nextLimit,
  pageOf,
  planQuery,
  sortRows,
  v1Request,
  v2Request,
  v3Request,
} from '../../../../functions/applications/model/lists.js';

const v3 = (q: Record<string, string | string[]>) => v3Request(ApplicationsV3Query.parse(q));
const v2 = (q: Record<string, string | string[]>) => v2Request(ApplicationsV2Query.parse(q));

/** Evaluates a FilterExpression built here against a row (the subset of the grammar the builder writes). */
function evaluate(
  filter: { expression: string; names: Record<string, string>; values: Record<string, unknown> },
  row: Record<string, unknown>,
): boolean {
  const js = filter.expression
    .replace(
      /attribute_not_exists\((#\w+)\)/g,
      (_, n: string) => `r[${JSON.stringify(filter.names[n])}] === undefined`,
    )
    .replace(
      /contains\((#\w+), (:\w+)\)/g,
      (_, n: string, v: string) =>
        `String(r[${JSON.stringify(filter.names[n])}] ?? '').includes(V[${JSON.stringify(v)}])`,
    )
    .replace(
      /(#\w+) IN \(([^)]*)\)/g,
      (_, n: string, vs: string) =>
        `[${vs
          .split(', ')
          .map((v) => `V[${JSON.stringify(v)}]`)
          .join(',')}].includes(r[${JSON.stringify(filter.names[n])}])`,
    )
    .replace(
      /(#\w+) = (:\w+)/g,
      (_, n: string, v: string) => `r[${JSON.stringify(filter.names[n])}] === V[${JSON.stringify(v)}]`,
    )
    .replace(
      /(#\w+) <> (:\w+)/g,
      (_, n: string, v: string) => `r[${JSON.stringify(filter.names[n])}] !== V[${JSON.stringify(v)}]`,
    )
    .replace(/ AND /g, ' && ')
    .replace(/ OR /g, ' || ');
  return new Function('r', 'V', `return ${js};`)(row, filter.values) as boolean;
}

const row = (over: Record<string, unknown> = {}) => ({
  recordType: 'Draft',
  visibility: 'visible',
  status: 'Draft',
  formId: 'bc',
  authorityId: 'wcc',
  complexity: 'Simple',
  accessLevel: 'Manage',
  formCategory: 'Standalone',
  hasOutstandingRFIs: false,
  hasOutstandingPayments: false,
  searchText: 'bld-2025-00001 |  | 1 queen street, auckland | building consent | wellington city council | ',
  ...over,
});

describe('list requests from the query schemas', () => {
  test('V3 defaults: visible, no record type, newest first, page 1 of 10', () => {
    expect(v3({})).toEqual({
      visibility: 'visible',
      recordType: undefined,
      filters: expect.any(Object),
      sortBy: 'modifiedDate',
      sortDirection: 'desc',
      pageIndex: 1,
      pageSize: 10,
    });
  });

  test('V3 isArchived and V2 isHidden read the hidden rows (any case)', () => {
    expect(v3({ isArchived: 'TRUE' }).visibility).toBe('hidden');
    expect(v3({ isArchived: 'false' }).visibility).toBe('visible');
    expect(v2({ isHidden: 'True' }).visibility).toBe('hidden');
  });

  test('comma-separated and repeated filter values are lists', () => {
    const r = v3({ status: 'Draft,Submitted', form: ['bc', 'ccc'], outstandingActions: 'RFI' });
    expect(r.filters.status).toEqual(['Draft', 'Submitted']);
    expect(r.filters.form).toEqual(['bc', 'ccc']);
    expect(r.filters.outstandingActions).toEqual(['RFI']);
  });

  test('bad parameters fail the schema (pageSize 0, status Nope, sortDirection sideways)', () => {
    expect(ApplicationsV3Query.safeParse({ pageSize: '0' }).success).toBe(false);
    expect(ApplicationsV3Query.safeParse({ status: 'Nope' }).success).toBe(false);
    expect(ApplicationsV3Query.safeParse({ sortDirection: 'sideways' }).success).toBe(false);
    expect(ApplicationsV3Query.safeParse({ outstandingActions: 'FEES' }).success).toBe(false);
    expect(ApplicationsV2Query.safeParse({ recordType: 'Other' }).success).toBe(false);
  });

  test('V1: visible, newest first, the first 100 of a record type', () => {
    expect(v1Request(ApplicationsQuery.parse({ recordType: 'Consent' }))).toMatchObject({
      visibility: 'visible',
      recordType: 'Consent',
      pageIndex: 1,
      pageSize: 100,
      sortBy: 'modifiedDate',
      sortDirection: 'desc',
    });
  });
});

describe('planQuery', () => {
  test('no record type: gsi1 without templates, newest first', () => {
    const p = planQuery(v3({}));
    expect(p).toMatchObject({
      index: 'byUser',
      visibility: 'visible',
      scanForward: false,
      inMemorySort: false,
    });
    expect(p.filter?.expression).toBe('#f_recordType <> :f0 AND #f_accessLevel IN (:f1, :f2, :f3)');
    expect(p.filter?.values).toEqual({
      ':f0': 'Template',
      ':f1': 'ReadOnly',
      ':f2': 'Edit',
      ':f3': 'Manage',
    });
    expect(evaluate(p.filter!, row({ recordType: 'Template' }))).toBe(false);
    expect(evaluate(p.filter!, row({ recordType: 'Consent' }))).toBe(true);
  });

  test('a record-type tab is one gsi2 partition whose only filter is the access that shows it', () => {
    const p = planQuery(v3({ recordType: 'Consent', isArchived: 'true' }));
    expect(p).toMatchObject({ index: 'byUserRecordType', recordType: 'Consent', visibility: 'hidden' });
    expect(p.filter?.expression).toBe('#f_accessLevel IN (:f0, :f1, :f2)');
    expect(planQuery(v2({ recordType: 'Template' }))).toMatchObject({
      index: 'byUserRecordType',
      recordType: 'Template',
    });
  });

  test('outstanding actions read the sparse gsi3 with visibility and record type as filters', () => {
    const p = planQuery(v3({ outstandingActions: 'RFI,PAYMENT' }));
    expect(p.index).toBe('byUserOutstanding');
    const f = p.filter!;
    expect(evaluate(f, row({ hasOutstandingRFIs: true }))).toBe(true);
    expect(evaluate(f, row({ hasOutstandingPayments: true }))).toBe(true);
    expect(evaluate(f, row({ hasOutstandingPayments: true, visibility: 'hidden' }))).toBe(false);
    expect(evaluate(f, row({ hasOutstandingPayments: true, recordType: 'Template' }))).toBe(false);
    const rfiOnly = planQuery(v3({ outstandingActions: 'RFI', recordType: 'Consent' })).filter!;
    expect(evaluate(rfiOnly, row({ hasOutstandingPayments: true, recordType: 'Consent' }))).toBe(false);
    expect(evaluate(rfiOnly, row({ hasOutstandingRFIs: true, recordType: 'Consent' }))).toBe(true);
    expect(evaluate(rfiOnly, row({ hasOutstandingRFIs: true, recordType: 'Draft' }))).toBe(false);
  });

  test('each filter: any of its values, every filter together', () => {
    const f = planQuery(
      v3({
        recordType: 'Draft',
        form: 'bc,ccc',
        authority: 'wcc',
        complexity: 'Simple',
        status: 'Draft,Submitted',
        accessLevel: 'Manage,Edit',
        formCategory: 'Standalone',
        parentApplicationId: '1000001',
      }),
    ).filter!;
    const match = row({ parentApplicationId: '1000001' });
    expect(evaluate(f, match)).toBe(true);
    expect(evaluate(f, { ...match, formId: 'ccc', status: 'Submitted', accessLevel: 'Edit' })).toBe(true);
    for (const [k, v] of Object.entries({
      formId: 'eot',
      authorityId: 'acc',
      complexity: 'Complex',
      status: 'Completed',
      accessLevel: 'ReadOnly',
      formCategory: 'Amendment',
      parentApplicationId: '1000002',
    }))
      expect(evaluate(f, { ...match, [k]: v }), k).toBe(false);
    expect(f.expression).toContain('#f_formId IN (');
    expect(f.expression).toContain('#f_authorityId = ');
  });

  test('searchText is trimmed, lower-cased and single-spaced, matched with contains', () => {
    const f = planQuery(v3({ searchText: '  Queen   STREET ' })).filter!;
    expect(Object.values(f.values)).toContain('queen street');
    expect(f.expression).toContain('contains(#f_searchText, ');
    expect(evaluate(f, row())).toBe(true);
    expect(evaluate(f, row({ searchText: 'bld-2025-00002 | 9 king road' }))).toBe(false);
    expect(planQuery(v3({ searchText: '   ' })).filter?.expression).toBe(
      planQuery(v3({})).filter?.expression,
    );
  });

  test('more than 100 values are OR-ed IN chunks', () => {
    const ids = Array.from({ length: 150 }, (_, i) => `f${i}`);
    const f = planQuery(v3({ recordType: 'Draft', form: ids.join(',') })).filter!;
    expect(f.expression.match(/#f_formId IN \(/g)).toHaveLength(2);
    expect(Object.keys(f.values)).toHaveLength(153);
    expect(evaluate(f, row({ formId: 'f149' }))).toBe(true);
    expect(evaluate(f, row({ formId: 'f150' }))).toBe(false);
  });

  test('ascending modified date reads the index forward; other sorts read everything and sort in memory', () => {
    expect(planQuery(v3({ sortDirection: 'ASC' }))).toMatchObject({ scanForward: true, inMemorySort: false });
    expect(planQuery(v3({ sortBy: 'status', sortDirection: 'asc' }))).toMatchObject({
      scanForward: false,
      inMemorySort: true,
    });
  });

  test('no redundant parentheses (DynamoDB rejects them): only a disjunction among several is wrapped', () => {
    const f = planQuery(v3({ outstandingActions: 'RFI,PAYMENT', status: 'Draft,Submitted' })).filter!;
    expect(f.expression).not.toContain('((');
    expect(f.expression).toMatch(
      / AND \(#f_hasOutstandingRFIs = :f\d+ OR #f_hasOutstandingPayments = :f\d+\)$/,
    );
    expect(
      planQuery(v3({ recordType: 'Draft', outstandingActions: 'RFI,PAYMENT' })).filter!.expression,
    ).not.toMatch(/^\(\(/);
    const single = planQuery(
      v3({ recordType: 'Draft', form: Array.from({ length: 150 }, (_, i) => `f${i}`).join(',') }),
    );
    expect(single.filter!.expression).toMatch(
      /^\(#f_formId IN \([^)]*\) OR #f_formId IN \([^)]*\)\) AND #f_accessLevel IN \([^)]*\)$/,
    );
  });

  test('a row at None or Unassigned is never listed (docs/applications.md), even when the access filter asks for it', () => {
    for (const q of <Record<string, string>[]>[
      {},
      { recordType: 'Draft' },
      { outstandingActions: 'RFI' },
      { accessLevel: 'Manage,None' },
    ]) {
      const f = planQuery(v3(q)).filter!;
      const r = row({ hasOutstandingRFIs: true, recordType: 'Draft', accessLevel: 'Manage' });
      expect(evaluate(f, r), JSON.stringify(q)).toBe(true);
      expect(evaluate(f, { ...r, accessLevel: 'None' }), JSON.stringify(q)).toBe(false);
      expect(evaluate(f, { ...r, accessLevel: 'Unassigned' }), JSON.stringify(q)).toBe(false);
    }
    const none = planQuery(v3({ accessLevel: 'None,Unassigned' })).filter!;
    expect(none.expression).toBe('#f_recordType <> :f0 AND attribute_not_exists(#f_accessLevel)');
  });

  test('placeholders never collide with the key condition ones', () => {
    const b = new FilterBuilder().eq('status', 'Draft').ne('recordType', 'Template');
    const f = b.build()!;
    expect(Object.keys(f.names).every((n) => n.startsWith('#f_'))).toBe(true);
    expect(Object.keys(f.values).every((v) => /^:f\d+$/.test(v))).toBe(true);
    expect(new FilterBuilder().build()).toBeUndefined();
  });
});

describe('paging', () => {
  test('a page needs every earlier page, itself and one more match', () => {
    expect(matchesNeeded(1, 10)).toBe(11);
    expect(matchesNeeded(5, 10)).toBe(51);
  });

  test('pageOf slices the page and tells whether a further match exists', () => {
    const all = Array.from({ length: 21 }, (_, i) => i);
    expect(pageOf(all, 1, 10)).toEqual({ items: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], hasMore: true });
    expect(pageOf(all, 3, 10)).toEqual({ items: [20], hasMore: false });
    expect(pageOf(all.slice(0, 20), 2, 10)).toEqual({ items: all.slice(10, 20), hasMore: false });
    expect(pageOf(all, 4, 10)).toEqual({ items: [], hasMore: false });
  });

  test('nextLimit: unfiltered reads what is missing; filtered reads by the selectivity seen', () => {
    expect(nextLimit(11, 0, 0, false)).toBe(11);
    expect(nextLimit(5000, 0, 0, false)).toBe(MAX_QUERY_LIMIT);
    expect(nextLimit(11, 0, 0, true)).toBe(25);
    expect(nextLimit(11, 25, 0, true)).toBe(100);
    // 5 of 100 matched → 6 more need about 150 rows (plus a quarter).
    expect(nextLimit(6, 100, 5, true)).toBe(150);
    expect(nextLimit(6, 100_000, 1, true)).toBe(MAX_QUERY_LIMIT);
    expect(nextLimit(50, 10, 10, true)).toBe(63);
  });
});

describe('sortRows', () => {
  const rows = [
    {
      applicationId: '1',
      modifiedDate: '2025-01-03',
      applicationNumber: 'BLD-2025-00010',
      status: 'Submitted',
      fullAddress: 'b street',
      formId: 'ccc',
    },
    {
      applicationId: '2',
      modifiedDate: '2025-01-02',
      applicationNumber: 'BLD-2025-00009',
      status: 'Draft',
      fullAddress: 'A street',
      formId: 'bc',
    },
    {
      applicationId: '3',
      modifiedDate: '2025-01-01',
      status: 'Completed',
      consentNumber: 'BC-1',
      formId: 'eot',
    },
  ];
  const ids = (r: { applicationId: string }[]) => r.map((x) => x.applicationId);

  test('natural order both ways, rows without the value last either way', () => {
    expect(ids(sortRows(rows, 'applicationNumber', 'asc'))).toEqual(['2', '1', '3']);
    expect(ids(sortRows(rows, 'applicationNumber', 'desc'))).toEqual(['1', '2', '3']);
    expect(ids(sortRows(rows, 'consentNumber', 'asc'))).toEqual(['3', '1', '2']);
  });

  test('address ignores case; status; form display name from the names given', () => {
    expect(ids(sortRows(rows, 'address', 'asc'))).toEqual(['2', '1', '3']);
    expect(ids(sortRows(rows, 'status', 'asc'))).toEqual(['3', '2', '1']);
    const names = new Map([
      ['bc', 'Building consent'],
      ['ccc', 'Code compliance certificate'],
      ['eot', 'Extension of time'],
    ]);
    expect(ids(sortRows(rows, 'formDisplayName', 'desc', names))).toEqual(['3', '1', '2']);
  });

  test('ties: newest first, then id', () => {
    const tied = [
      { applicationId: 'b', modifiedDate: '2025-01-01', status: 'Draft' },
      { applicationId: 'a', modifiedDate: '2025-01-01', status: 'Draft' },
      { applicationId: 'c', modifiedDate: '2025-02-01', status: 'Draft' },
    ];
    expect(ids(sortRows(tied, 'status', 'asc'))).toEqual(['c', 'a', 'b']);
  });
});

test('badge counts: recent lists cap at ten; all and archived add drafts and consents', () => {
  expect(
    badgeCounts({
      visibleDrafts: 12,
      submittedDrafts: 4,
      visibleConsents: 3,
      hiddenDrafts: 2,
      hiddenConsents: 1,
    }),
  ).toEqual({
    recentApplications: 10,
    allApplications: 15,
    submittedApplications: 4,
    archivedApplications: 3,
    recentConsents: 3,
    currentConsents: 3,
    archivedConsents: 1,
  });
});
