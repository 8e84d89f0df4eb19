/** The lists service (V1, V2, V3, badges, filters) over fake ports: which rows it reads, how it pages and names. */
import { describe, expect, it } from 'vitest';
import { listsService } from '../../../../functions/applications/service/listing.js';
import type { ListPorts } from '../../../../functions/applications/service/listing.js';
import type { OrderPlan, QueryPlan } from '../../../../functions/applications/model/lists.js';
import { sortRows } from '../../../../functions/applications/model/lists.js';
import type {
  AccessRow,
  ApplicationItem,
  TemplateItem,
} from '../../../../functions/applications/repository/lists.js';
import {
  ApplicationFilters,
  ApplicationListItem,
  ApplicationPage,
  ApplicationsQuery,
  ApplicationsV2Query,
  ApplicationsV3Query,
  BadgeCounts,
} from '../../../../shared/schemas/applications.js';
import { countersOf, totalsOf } from '../../../../functions/applications/model/read-model.js';

const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();

function world(count: number, { ordersBuilt = false } = {}) {
  const rows: AccessRow[] = [];
  const apps = new Map<string, ApplicationItem>();
  const templates = new Map<string, TemplateItem>();
  for (let i = 1; i <= count; i++) {
    const id = String(1000000 + i);
    const recordType = i % 5 === 0 ? 'Template' : i % 2 === 0 ? 'Consent' : 'Draft';
    const formId = i % 3 === 0 ? 'bc-sfh' : 'bc';
    rows.push({
      applicationId: id,
      userId: 'ann',
      accessLevel: 'Manage',
      visibility: 'visible',
      recordType,
      status: recordType === 'Consent' ? 'InProgress' : 'Draft',
      modifiedDate: day(i),
      formId,
      authorityId: 'akl',
      isOwner: true,
      applicationNumber: `BLD-2026-${String(i).padStart(5, '0')}`,
    } as unknown as AccessRow);
    apps.set(id, {
      applicationId: id,
      recordType: recordType === 'Consent' ? 'Draft' : recordType,
      consentNumber: recordType === 'Consent' ? `BC-${i}` : undefined,
      status: recordType === 'Consent' ? 'InProgress' : 'Draft',
      formId,
      authorityId: 'akl',
      jurisdictionId: 'nz',
      userId: 'ann',
      etag: 'e',
      startedDate: day(i),
      modifiedDate: day(i),
      applicationNumber: `BLD-2026-${String(i).padStart(5, '0')}`,
    } as unknown as ApplicationItem);
    if (recordType === 'Template')
      templates.set(id, {
        applicationId: id,
        displayName: `T${i}`,
        numOfDocuments: 0,
        thumbnailJpeg: 'SlBFRw==',
      } as TemplateItem);
  }
  const calls: { need: number | undefined; plan: QueryPlan }[] = [];
  const orderCalls: { need: number | undefined; plan: OrderPlan }[] = [];
  const ports: ListPorts = {
    rows: {
      query: async (_userId, plan, { need }) => {
        calls.push({ need, plan });
        const matching = rows
          .filter((r) => !plan.recordType || r.recordType === plan.recordType)
          .sort((a, b) => (plan.scanForward ? 1 : -1) * a.modifiedDate.localeCompare(b.modifiedDate));
        return { rows: need === undefined ? matching : matching.slice(0, need) };
      },
    },
    orders: {
      // The list-order entries: the rows of the plan's order, sorted by the shared order key.
      query: async (_userId, plan, { need }) => {
        orderCalls.push({ need, plan });
        if (!ordersBuilt) return undefined;
        const sorted = sortRows(
          rows.filter((r) => r.recordType !== 'Template'),
          plan.sortBy,
          plan.direction,
        );
        return { rows: need === undefined ? sorted : sorted.slice(0, need) };
      },
    },
    items: async (ids, templateIds) => ({
      applications: new Map(ids.flatMap((id) => (apps.has(id) ? [[id, apps.get(id)!] as const] : []))),
      templates: new Map(
        templateIds.flatMap((id) => (templates.has(id) ? [[id, templates.get(id)!] as const] : [])),
      ),
    }),
    names: async () => ({
      authorities: new Map([['akl', { displayName: 'Auckland Council' }]]),
      forms: new Map([
        ['bc', { displayName: 'Building consent', category: 'Standalone' }],
        ['bc-sfh', { displayName: 'Asimple house consent', category: 'Standalone' }],
      ]),
    }),
    counters: async () =>
      totalsOf(rows.filter((r) => r.recordType !== 'Template').map((r) => countersOf(r as never))),
  };
  return { service: listsService(ports), calls, orderCalls, apps };
}

describe('lists', () => {
  it('by date: reads the index only up to the page and one more, and says whether there is more', async () => {
    const w = world(30);
    const page = ApplicationPage.parse(
      await w.service.v3('ann', ApplicationsV3Query.parse({ pageIndex: '2', pageSize: '5' })),
    );
    expect(w.calls).toEqual([expect.objectContaining({ need: 11 })]);
    expect(page).toMatchObject({ pageIndex: 2, pageSize: 5, hasMore: true });
    expect(page.items).toHaveLength(5);
    const last = await w.service.v3('ann', ApplicationsV3Query.parse({ pageIndex: '6', pageSize: '5' }));
    expect(last.hasMore).toBe(false);
  });

  it('by another field: reads every matching row, sorts them (form names from the names port), then pages', async () => {
    const w = world(12);
    const page = await w.service.v3(
      'ann',
      ApplicationsV3Query.parse({ sortBy: 'formDisplayName', sortDirection: 'asc', pageSize: '3' }),
    );
    expect(w.calls).toEqual([expect.objectContaining({ need: undefined })]);
    expect(page.items.map((i) => ApplicationListItem.parse(i).formDisplayName)).toEqual([
      'Asimple house consent',
      'Asimple house consent',
      'Asimple house consent',
    ]);
  });

  it('by another field with the list-order entries built: reads them only up to the page and one more', async () => {
    const w = world(30, { ordersBuilt: true });
    const page = await w.service.v3(
      'ann',
      ApplicationsV3Query.parse({
        sortBy: 'applicationNumber',
        sortDirection: 'desc',
        pageIndex: '2',
        pageSize: '5',
        status: 'Draft',
      }),
    );
    expect(w.calls).toEqual([]);
    expect(w.orderCalls).toEqual([
      expect.objectContaining({
        need: 11,
        plan: expect.objectContaining({
          sortBy: 'applicationNumber',
          direction: 'desc',
          visibility: 'visible',
        }),
      }),
    ]);
    expect(w.orderCalls[0]!.plan.filter?.expression).toContain('#f_status');
    // 24 rows but templates (every fifth), highest number first: page 2 is the 6th to the 10th.
    expect(page.items.map((i) => i.id)).toEqual(['1000023', '1000022', '1000021', '1000019', '1000018']);
    expect(page.hasMore).toBe(true);
  });

  it('outstanding actions and templates sort in memory, without asking the list-order entries', async () => {
    const w = world(10, { ordersBuilt: true });
    await w.service.v3('ann', ApplicationsV3Query.parse({ sortBy: 'status', outstandingActions: 'RFI' }));
    await w.service.v2('ann', ApplicationsV2Query.parse({ recordType: 'Template', sortBy: 'status' }));
    expect(w.orderCalls).toEqual([]);
    expect(w.calls).toHaveLength(2);
  });

  it('leaves out a row whose application was deleted a moment ago; templates carry their template', async () => {
    const w = world(10);
    w.apps.delete('1000010');
    const page = await w.service.v2('ann', ApplicationsV2Query.parse({ recordType: 'Template' }));
    expect(page.items.map((i) => i.id)).toEqual(['1000005']);
    expect(page.items[0]!.template).toEqual({
      applicationId: '1000005',
      displayName: 'T5',
      numOfDocuments: 0,
      thumbnail: { image: 'data:image/jpeg;base64,SlBFRw==', name: 'thumbnail.jpg' },
    });
  });

  it('V1: the items alone', async () => {
    const w = world(4);
    const items = await w.service.v1('ann', ApplicationsQuery.parse({}));
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((i) => i.id)).toEqual(['1000004', '1000003', '1000002', '1000001']);
  });

  it('badges and filters come from the read model’s counters', async () => {
    const w = world(10);
    const badges = BadgeCounts.parse(await w.service.badges('ann'));
    // 10 rows: 2 templates (left out), 4 drafts, 4 consents (All counts both); none archived.
    expect(badges).toMatchObject({
      allApplications: 8,
      currentConsents: 4,
      archivedApplications: 0,
      archivedConsents: 0,
    });
    const filters = ApplicationFilters.parse(await w.service.filters('ann'));
    expect(filters.authorities).toEqual([{ id: 'akl', name: 'Auckland Council' }]);
    expect(filters.forms.map((f) => f.name).sort()).toEqual(['Asimple house consent', 'Building consent']);
  });
});
