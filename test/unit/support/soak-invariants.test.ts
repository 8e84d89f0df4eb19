/**
 * The soak's invariants (test/support/soak/invariants.ts, docs/reliability.md "Soak") on items as
 * the table holds them: a consistent table holds every one; each kind of damage breaks the one that
 * names it, with the item in its detail.
 */
import { describe, expect, test } from 'vitest';
import { tableInvariants, type InvariantOptions } from '../../support/soak/invariants';
import { countersOf, signatureOf, totalsOf } from '../../../functions/applications/model/read-model';

type Item = Record<string, unknown>;

const application: Item = {
  __edb_e__: 'application',
  applicationId: '1001',
  authorityId: 'wcc',
  formId: 'bc',
  status: 'InProgress',
  recordType: 'Draft',
  modifiedDate: '2026-11-30T01:00:00.000Z',
  applicationNumber: 'BLD-2026-00001',
  hasOutstandingPayments: false,
  hasOutstandingRFIs: false,
};
const row: Item = {
  __edb_e__: 'applicationAccess',
  applicationId: '1001',
  userId: 'u1',
  accessLevel: 'Manage',
  visibility: 'visible',
  status: 'InProgress',
  recordType: 'Draft',
  modifiedDate: '2026-11-30T01:00:00.000Z',
  authorityId: 'wcc',
  formId: 'bc',
  applicationNumber: 'BLD-2026-00001',
  hasOutstandingPayments: false,
  hasOutstandingRFIs: false,
  hasOutstandingDocuments: false,
  hasOutstandingActions: false,
};
const counters = countersOf({
  recordType: 'Draft',
  status: 'InProgress',
  visibility: 'visible',
  accessLevel: 'Manage',
  formId: 'bc',
  authorityId: 'wcc',
});

function consistent(): Item[] {
  return [
    application,
    row,
    {
      __edb_e__: 'applicationContribution',
      userId: 'u1',
      applicationId: '1001',
      signature: signatureOf(counters),
    },
    {
      __edb_e__: 'applicationListSummary',
      userId: 'u1',
      builtAt: '2026-11-30T00:00:00.000Z',
      ...totalsOf([counters]),
    },
    { __edb_e__: 'domainEvent', eventId: 'e1', type: 'ApplicationSubmitted', aggregateId: '1001' },
    {
      __edb_e__: 'councilFeedEntry',
      authorityId: 'wcc',
      eventId: 'e1',
      type: 'ApplicationSubmitted',
      applicationId: '1001',
    },
    { __edb_e__: 'councilLodgement', authorityId: 'wcc', applicationId: '1001', status: 'InProgress' },
    {
      __edb_e__: 'payment',
      applicationId: '1001',
      paymentId: 'p1',
      status: 'Paid',
      paymentMethod: 'Gateway',
      transactions: [{ transactionReference: 's1', paymentMethod: 'Gateway', result: 'Approved' }],
    },
    {
      __edb_e__: 'paymentSession',
      sessionId: 's1',
      applicationId: '1001',
      paymentId: 'p1',
      state: 'Approved',
    },
    {
      __edb_e__: 'payment',
      applicationId: '1001',
      paymentId: 'p2',
      status: 'Paid',
      paymentMethod: 'Deposit',
    },
    {
      __edb_e__: 'applicationDocument',
      applicationId: '1001',
      documentName: 'plan.pdf',
      uploadStatus: 'Completed',
    },
    { __edb_e__: 'notification', eventId: 'e1', recipientType: 'User', recipientId: 'u1' },
  ];
}

const byEntity = (items: Item[]) => {
  const m = new Map<string, Item[]>();
  for (const i of items) m.set(String(i.__edb_e__), [...(m.get(String(i.__edb_e__)) ?? []), i]);
  return m;
};

const broken = (items: Item[], options: InvariantOptions = {}) =>
  tableInvariants(byEntity(items), options)
    .flat()
    .filter((i) => !i.held)
    .map((i) => [i.name, i.detail]);

const replace = (items: Item[], entity: string, change: (i: Item) => Item) =>
  items.map((i) => (i.__edb_e__ === entity ? change(i) : i));

describe('the soak invariants', () => {
  test('a consistent table holds every one, with its counts', () => {
    const all = tableInvariants(byEntity(consistent()), {
      requests: [{ route: 'GET /user', group: 'accounts', status: 200, start: 0, end: 1 }],
      feedRead: new Map([['wcc', [{ type: 'ApplicationSubmitted', applicationId: '1001', eventId: 'e1' }]]]),
    }).flat();
    expect(all.filter((i) => !i.held)).toEqual([]);
    expect(Object.fromEntries(all.map((i) => [i.name, i.count]))).toMatchObject({
      'every submission on its council feed exactly once': 1,
      'every invoice paid at most once (and a Paid one exactly once)': 2,
      'every upload Completed or Error, none left Pending/Uploading': 1,
      'notifications sent once per event and recipient': 1,
    });
  });

  test('each kind of damage breaks the invariant that names it', () => {
    const items = consistent();
    const feedTwice = [...items, { ...items[5]!, eventId: 'e2' }];
    expect(broken(feedTwice)).toEqual([
      ['every submission on its council feed exactly once', '1: 1001 (wcc): 1 submission(s), 2 on the feed'],
    ]);
    const statusBehind = replace(items, 'councilLodgement', (l) => ({ ...l, status: 'Submitted' }));
    expect(broken(statusBehind)[0]![1]).toBe('1: 1001: council Submitted, application InProgress');
    const paidTwice = replace(items, 'payment', (p) =>
      p.paymentId === 'p2'
        ? {
            ...p,
            transactions: [{ transactionReference: 's2', paymentMethod: 'Gateway', result: 'Approved' }],
          }
        : p,
    );
    expect(broken(paidTwice)).toEqual([
      [
        'every invoice paid at most once (and a Paid one exactly once)',
        '2: 1001/p2: settled 2 times; 1001/p2: Paid with 2 settlements',
      ],
    ]);
    const unsettled = [
      ...items,
      {
        __edb_e__: 'paymentSession',
        sessionId: 's3',
        applicationId: '1001',
        paymentId: 'p2',
        state: 'Approved',
      },
    ];
    expect(broken(unsettled)[0]![1]).toBe('1: s3: Approved, 0 transaction(s) on its invoice');
    // Pending: broken when the gateway has its outcome; held while it is open there (unpaid).
    const pending = [
      ...items,
      {
        __edb_e__: 'paymentSession',
        sessionId: 's4',
        applicationId: '1001',
        paymentId: 'p1',
        state: 'Pending',
      },
    ];
    expect(broken(pending)[0]![1]).toBe('1: s4: still Pending, the gateway has its outcome');
    expect(broken(pending, { openAtGateway: new Set(['s4']) })).toEqual([]);
    const stuck = replace(items, 'applicationDocument', (d) => ({ ...d, uploadStatus: 'Uploading' }));
    expect(broken(stuck)[0]![1]).toBe('1: 1001/plan.pdf: Uploading');
    const staleRow = replace(items, 'applicationAccess', (r) => ({ ...r, status: 'Submitted' }));
    expect(broken(staleRow).map(([name]) => name)).toEqual([
      'badges and filters equal a rebuild from the rows (per user)',
      "every list row carries its application's list fields",
    ]);
    const twice = [
      ...items,
      { __edb_e__: 'notification', eventId: 'e1', recipientType: 'User', recipientId: 'u1' },
    ];
    expect(broken(twice)[0]![1]).toBe('1: e1|User|u1: 2 times');
  });

  test('a 5xx is expected inside a fault window and its grace, and breaks outside it', () => {
    const at = (start: number) => ({
      route: 'GET /user',
      group: 'accounts',
      status: 503,
      start,
      end: start + 10,
    });
    const faultWindows = [{ name: 'dynamodb stopped', start: 1_000, end: 11_000 }];
    expect(broken(consistent(), { requests: [at(2_000), at(15_000)], faultWindows })).toEqual([]);
    expect(
      broken(consistent(), { requests: [at(500), at(20_000)], faultWindows }).map(([name]) => name),
    ).toEqual(['no 5xx outside a fault window', 'no 5xx after the last recovery']);
  });
});
