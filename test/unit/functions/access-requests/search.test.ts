import { describe, expect, it } from 'vitest';
import { searchService } from '../../../../functions/access-requests/service/search.js';
import type { SearchPorts } from '../../../../functions/access-requests/service/search.js';
import type { ApplicationAccessRecord, ApplicationRecord } from '../../../../functions/platform/access.js';
import { ApplicationsSearchQuery } from '../../../../shared/schemas/access-requests.js';

const T0 = new Date('2026-03-02T00:00:00.000Z');
const app = (id: string, extra: Partial<ApplicationRecord> = {}) =>
  ({
    applicationId: id,
    status: 'Draft',
    recordType: 'Draft',
    authorityId: 'akl',
    formId: 'bc',
    applicationNumber: `BLD-${id}`,
    address: { fullAddress: '1 Main St, Auckland', parcelId: 'secret-parcel' },
    userId: 'owner',
    childCount: 0,
    ...extra,
  }) as ApplicationRecord;

function setup(entries: Record<string, string[]>, apps: ApplicationRecord[]) {
  const queries: string[] = [];
  const ports: SearchPorts = {
    now: () => T0,
    normalise: (v) => v.trim().toLowerCase(),
    async searchEntries(authorityId, kind, value) {
      queries.push(`${authorityId}/${kind}/${value}`);
      return entries[`${authorityId}/${kind}/${value}`] ?? [];
    },
    applicationsByIds: async (ids) => apps.filter((a) => ids.includes(a.applicationId)),
    accessRowsOf: async (ids, userId) =>
      userId === 'member'
        ? [{ applicationId: ids[0]!, userId, accessLevel: 'Edit' } as ApplicationAccessRecord]
        : [],
    activeGuardsOf: async (ids) => [
      {
        applicationId: ids[0]!,
        expireTime: '2026-03-05T00:00:00.000Z',
        createdDate: '2026-03-01T00:00:00.000Z',
      },
    ],
    names: () => ({ formDisplayName: 'Building consent', authorityDisplayName: 'Auckland Council' }),
  };
  return { queries, search: searchService(ports) };
}
const q = (raw: Record<string, string>) => ApplicationsSearchQuery.parse(raw);

describe('access search', () => {
  it('simple mode queries the address entries (any authority when none is given) and shows only the spec’s fields', async () => {
    const { queries, search } = setup({ 'all/address/1 main st, auckland': ['5', '7'] }, [
      app('5'),
      app('7', { childCount: 2 }),
    ]);
    const page = await search('stranger', q({ address: ' 1 Main St, Auckland ' }));
    expect(queries).toEqual(['all/address/1 main st, auckland']);
    expect(page.items.map((i) => i.applicationId)).toEqual(['7', '5']);
    expect(page.items[0]).toEqual({
      applicationId: '7',
      applicationNumber: 'BLD-7',
      formDisplayName: 'Building consent',
      address: { fullAddress: '1 Main St, Auckland' },
      authorityDisplayName: 'Auckland Council',
      status: 'Draft',
      accessRequestedDate: '2026-03-01T00:00:00.000Z',
      hasChildApplications: true,
    });
  });

  it('advanced mode: BLD numbers match the application number, others the consent number, at each authority', async () => {
    const { queries, search } = setup({}, []);
    await search('u', q({ applicationNumber: ' BLD-5 ', authorities: 'akl,wlg' }));
    await search('u', q({ applicationNumber: 'ABA-1', authorities: 'akl' }));
    expect(queries).toEqual([
      'akl/applicationNumber/bld-5',
      'wlg/applicationNumber/bld-5',
      'akl/consentNumber/aba-1',
    ]);
  });

  it('accessLevel is the caller’s own (Open); pages with hasMore', async () => {
    const ids = ['1', '2', '3'];
    const { search } = setup(
      { 'all/address/x': ids },
      ids.map((i) => app(i)),
    );
    const first = await search('member', q({ address: 'x', pageSize: '2' }));
    expect(first).toMatchObject({ pageIndex: 1, pageSize: 2, hasMore: true });
    expect(first.items[0]).toMatchObject({ applicationId: '3', accessLevel: 'Edit' });
    const second = await search('member', q({ address: 'x', pageSize: '2', pageIndex: '2' }));
    expect(second).toMatchObject({ hasMore: false, items: [{ applicationId: '1' }] });
  });
});
