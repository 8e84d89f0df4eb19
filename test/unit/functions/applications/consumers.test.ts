/**
 * The applications' event consumers with in-memory fakes: the list-row fan-out, the search entries
 * and the badges/filters read model. A replayed event changes nothing; events out of order end in
 * the state of the application as it is.
 */
import { describe, expect, it } from 'vitest';
import { Logger } from '@aws-lambda-powertools/logger';
import { applicationConsumers } from '../../../../functions/applications/consumers';
import type { ApplicationConsumerDeps } from '../../../../functions/applications/consumers';
import type { ApplicationRecord } from '../../../../functions/applications/repository/applications';
import type { SearchEntry } from '../../../../functions/applications/repository/search-entries';
import { newEvent } from '../../../../functions/platform/events/outbox';
import type { DomainEvent } from '../../../../functions/platform/events/types';
import {
  badgesOfCounters,
  countersOf,
  filtersOfCounters,
  reconcile,
  signatureOf,
  totalsOf,
} from '../../../../functions/applications/model/read-model';
import type { Contribution, ContributionStore } from '../../../../functions/applications/model/read-model';
import { badgeCounts } from '../../../../functions/applications/model/lists';

const logger = new Logger({ serviceName: 'test', logLevel: 'SILENT' });

function app(id: string, fields: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return {
    applicationId: id,
    recordType: 'Draft',
    status: 'Draft',
    authorityId: 'wcc',
    jurisdictionId: 'nz',
    formId: 'bc',
    userId: 'u1',
    etag: 'e',
    startedDate: '2025-01-01T00:00:00.000Z',
    modifiedDate: '2025-01-01T00:00:00.000Z',
    applicationType: 'Standalone',
    applicationNumber: `BLD-2025-${id.padStart(5, '0')}`,
    address: { fullAddress: `${id} Queen Street` },
    ...fields,
  } as ApplicationRecord;
}

/** The table as maps: applications, access rows (visibility per user), contributions, summaries. */
function fakeWorld() {
  const applications = new Map<string, ApplicationRecord>();
  const rows = new Map<string, Map<string, 'visible' | 'hidden'>>();
  const contributions = new Map<string, Contribution>();
  const summaries = new Map<string, Record<string, number>>();
  const search = new Map<string, SearchEntry>();
  const synced: string[] = [];
  const orders: string[] = [];
  let failNextMove = 0;
  const ck = (u: string, a: string) => `${u}#${a}`;
  const sk = (e: SearchEntry) => `${e.authorityId}|${e.kind}|${e.value}|${e.applicationId}`;
  const store: ContributionStore = {
    async source(userId, applicationId) {
      const a = applications.get(applicationId);
      const v = rows.get(applicationId)?.get(userId);
      if (!a || !v) return undefined;
      return {
        recordType: a.recordType === 'Template' ? 'Template' : a.consentNumber ? 'Consent' : 'Draft',
        status: a.status,
        visibility: v,
        formId: a.formId,
        authorityId: a.authorityId,
        complexity: a.complexity,
      };
    },
    async contribution(userId, applicationId) {
      return contributions.get(ck(userId, applicationId));
    },
    async move(userId, applicationId, previous, next, deltas) {
      if (failNextMove > 0) {
        failNextMove--;
        // Someone else moved it first: the same state, written by them.
        const current = await store.source(userId, applicationId);
        const counters = countersOf(current);
        const was = contributions.get(ck(userId, applicationId))?.counters ?? [];
        const s = (summaries.get(userId) ?? {}) as Record<string, number>;
        for (const c of was) s[c] = (s[c] ?? 0) - 1;
        for (const c of counters) s[c] = (s[c] ?? 0) + 1;
        summaries.set(userId, s);
        contributions.set(ck(userId, applicationId), { counters, signature: signatureOf(counters) });
        return false;
      }
      const stored = contributions.get(ck(userId, applicationId));
      if (stored?.signature !== previous?.signature) return false;
      if (next.length)
        contributions.set(ck(userId, applicationId), { counters: next, signature: signatureOf(next) });
      else contributions.delete(ck(userId, applicationId));
      const s = summaries.get(userId) ?? {};
      for (const [c, d] of Object.entries(deltas)) s[c] = (s[c] ?? 0) + d;
      summaries.set(userId, s);
      return true;
    },
  };
  const deps: ApplicationConsumerDeps = {
    async getApplication(id) {
      return applications.get(id);
    },
    async syncAccessRows(a) {
      synced.push(`${a.applicationId}@${a.modifiedDate}`);
    },
    async putSearchEntries(entries) {
      for (const e of entries) search.set(sk(e), e);
    },
    async deleteSearchEntries(entries) {
      for (const e of entries) search.delete(sk(e));
    },
    async accessUserIds(id) {
      return [...(rows.get(id)?.keys() ?? [])];
    },
    contributions: store,
    async summaryPdf(id) {
      const a = applications.get(id);
      return a?.applicationFormPdf;
    },
    async reconcileListOrder(userId, applicationId) {
      orders.push(`${userId}@${applicationId}`);
    },
  };
  const consumers = applicationConsumers(deps);
  async function deliver(event: DomainEvent) {
    for (const c of consumers)
      if ((c.handles as readonly string[]).includes(event.type)) await c.handle(event, { logger });
  }
  /** The counts as a rebuild from the current state would give them. */
  function expected(userId: string) {
    const all = [...applications.keys()].map((id) => countersOf(syncStore(userId, id)));
    return totalsOf(all);
  }
  function syncStore(userId: string, id: string) {
    const a = applications.get(id);
    const v = rows.get(id)?.get(userId);
    if (!a || !v) return undefined;
    return {
      recordType: a.recordType === 'Template' ? 'Template' : a.consentNumber ? 'Consent' : 'Draft',
      status: a.status,
      visibility: v,
      formId: a.formId,
      authorityId: a.authorityId,
      complexity: a.complexity,
    };
  }
  const nonZero = (o: Record<string, number> | undefined) =>
    Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== 0));
  return {
    applications,
    rows,
    contributions,
    summaries,
    search,
    synced,
    orders,
    store,
    deliver,
    expected,
    nonZero,
    failMoves: (n: number) => (failNextMove = n),
  };
}

const aggregate = (id: string) => ({ type: 'application' as const, id });
const created = (id: string, userIds: string[]) =>
  newEvent('ApplicationCreated', { aggregate: aggregate(id), actor: 'u1', data: { userIds } });
const submitted = (id: string) =>
  newEvent('ApplicationSubmitted', { aggregate: aggregate(id), actor: 'u1', data: { status: 'Submitted' } });
const hidden = (id: string, userId: string, visibility: 'visible' | 'hidden') =>
  newEvent('ApplicationVisibilityChanged', {
    aggregate: aggregate(id),
    actor: userId,
    data: { userId, visibility },
  });

describe('applications.listCounts (badges and filters read model)', () => {
  it('counts a new application for every user with a row; a replayed event changes nothing', async () => {
    const w = fakeWorld();
    w.applications.set('1', app('1'));
    w.rows.set(
      '1',
      new Map([
        ['u1', 'visible'],
        ['u2', 'visible'],
      ]),
    );
    const e = created('1', ['u1', 'u2']);
    await w.deliver(e);
    const once = structuredClone([...w.summaries]);
    expect(badgesOfCounters(w.summaries.get('u1')!)).toMatchObject({
      allApplications: 1,
      recentApplications: 1,
    });
    await w.deliver(e);
    await w.deliver(e);
    expect([...w.summaries]).toEqual(once);
  });

  it('events out of order end in the counts of the current state', async () => {
    const w = fakeWorld();
    w.applications.set('1', app('1'));
    w.rows.set('1', new Map([['u1', 'visible']]));
    const c = created('1', ['u1']);
    const h = hidden('1', 'u1', 'hidden');
    const s = submitted('1');
    // The state after all three: submitted and archived.
    w.applications.set('1', app('1', { status: 'Submitted' }));
    w.rows.get('1')!.set('u1', 'hidden');
    await w.deliver(s);
    await w.deliver(h);
    await w.deliver(c);
    await w.deliver(s); // and a replay
    expect(w.nonZero(w.summaries.get('u1'))).toEqual(w.nonZero(w.expected('u1')));
    expect(badgesOfCounters(w.summaries.get('u1')!)).toMatchObject({
      allApplications: 0,
      submittedApplications: 0,
      archivedApplications: 1,
    });
  });

  it('a delete removes the contributions of the users it names; a late create adds nothing back', async () => {
    const w = fakeWorld();
    w.applications.set('1', app('1', { complexity: 'Simple' }));
    w.rows.set('1', new Map([['u1', 'visible']]));
    await w.deliver(created('1', ['u1']));
    expect(
      filtersOfCounters(w.summaries.get('u1')!, { forms: new Map(), authorities: new Map() }).complexities,
    ).toEqual([{ id: 'Simple', name: 'Simple' }]);
    const del = newEvent('ApplicationDeleted', {
      aggregate: aggregate('1'),
      actor: 'u1',
      data: { userIds: ['u1'], search: { authorityId: 'wcc' } },
    });
    w.applications.delete('1');
    w.rows.delete('1');
    await w.deliver(del);
    await w.deliver(created('1', ['u1']));
    await w.deliver(del);
    expect(w.nonZero(w.summaries.get('u1'))).toEqual({});
    expect(w.contributions.size).toBe(0);
    expect(
      filtersOfCounters(w.summaries.get('u1')!, { forms: new Map(), authorities: new Map() }),
    ).toMatchObject({
      forms: [],
      authorities: [],
      statuses: [],
      complexities: [],
    });
  });

  it('retries when another delivery moved the contribution first, without counting twice', async () => {
    const w = fakeWorld();
    w.applications.set('1', app('1'));
    w.rows.set('1', new Map([['u1', 'visible']]));
    w.failMoves(1);
    await reconcile(w.store, 'u1', '1');
    await reconcile(w.store, 'u1', '1');
    expect(w.nonZero(w.summaries.get('u1'))).toEqual(w.nonZero(w.expected('u1')));
  });

  it('an update that changes no counted field reads nothing', async () => {
    const w = fakeWorld();
    w.applications.set('1', app('1'));
    w.rows.set('1', new Map([['u1', 'visible']]));
    await w.deliver(
      newEvent('ApplicationUpdated', { aggregate: aggregate('1'), actor: 'u1', data: { changed: ['name'] } }),
    );
    expect(w.summaries.size).toBe(0);
  });
});

describe('countersOf: the semantics of the COUNT queries it replaces', () => {
  it('visible Drafts, submitted ones, Consents, hidden ones; templates count nowhere', () => {
    const rows = [
      { recordType: 'Draft', status: 'Draft', visibility: 'visible' as const },
      { recordType: 'Draft', status: 'Submitted', visibility: 'visible' as const },
      { recordType: 'Draft', status: 'Submitted', visibility: 'hidden' as const },
      { recordType: 'Consent', status: 'InProgress', visibility: 'visible' as const },
      { recordType: 'Consent', status: 'Completed', visibility: 'hidden' as const },
      { recordType: 'Template', status: 'Draft', visibility: 'visible' as const },
    ];
    expect(badgesOfCounters(totalsOf(rows.map(countersOf)))).toEqual(
      badgeCounts({
        visibleDrafts: 2,
        submittedDrafts: 1,
        visibleConsents: 1,
        hiddenDrafts: 1,
        hiddenConsents: 1,
      }),
    );
  });

  it('a row at None or Unassigned counts nowhere (its application is not in the lists either)', () => {
    const base = { recordType: 'Draft', status: 'Draft', visibility: 'visible' as const, formId: 'bc' };
    expect(countersOf({ ...base, accessLevel: 'Manage' })).not.toEqual([]);
    expect(countersOf({ ...base, accessLevel: 'ReadOnly' })).not.toEqual([]);
    expect(countersOf({ ...base, accessLevel: 'None' })).toEqual([]);
    expect(countersOf({ ...base, accessLevel: 'Unassigned' })).toEqual([]);
  });

  it('filters: distinct values of every visibility, display names, Unknown for an unknown status', () => {
    const counters = totalsOf(
      [
        {
          recordType: 'Draft',
          status: 'Draft',
          visibility: 'visible' as const,
          formId: 'bc',
          authorityId: 'wcc',
        },
        {
          recordType: 'Consent',
          status: 'Odd',
          visibility: 'hidden' as const,
          formId: 'bc',
          authorityId: 'akl',
        },
        {
          recordType: 'Template',
          status: 'Draft',
          visibility: 'visible' as const,
          formId: 'tpl',
          authorityId: 'x',
        },
      ].map(countersOf),
    );
    const f = filtersOfCounters(counters, {
      forms: new Map([['bc', { displayName: 'Building consent' }]]),
      authorities: new Map([['wcc', { displayName: 'Wellington City Council' }]]),
    });
    expect(f.forms).toEqual([{ id: 'bc', name: 'Building consent' }]);
    expect(f.authorities).toEqual([
      { id: 'akl', name: 'akl' },
      { id: 'wcc', name: 'Wellington City Council' },
    ]);
    expect(f.statuses.map((s) => s.id)).toEqual(['Draft', 'Odd']);
    expect(f.statuses.find((s) => s.id === 'Odd')!.name).toBe('Unknown');
  });
});

describe('applications.searchRows', () => {
  it('puts the entries on create (replay: the same set), replaces the address, removes them on delete', async () => {
    const w = fakeWorld();
    w.applications.set('1', app('1'));
    await w.deliver(created('1', []));
    await w.deliver(created('1', []));
    const values = () => [...w.search.values()].map((e) => `${e.authorityId}:${e.kind}:${e.value}`).sort();
    expect(values()).toEqual([
      'all:address:1 queen street',
      'all:applicationNumber:bld-2025-00001',
      'wcc:address:1 queen street',
      'wcc:applicationNumber:bld-2025-00001',
    ]);
    const before = { authorityId: 'wcc', applicationNumber: 'BLD-2025-00001', fullAddress: '1 Queen Street' };
    w.applications.set('1', app('1', { address: { fullAddress: '2 King Street' } }));
    const moved = newEvent('ApplicationUpdated', {
      aggregate: aggregate('1'),
      actor: 'u1',
      data: { changed: ['address'], searchBefore: before },
    });
    await w.deliver(moved);
    await w.deliver(created('1', [])); // late
    await w.deliver(moved); // replay
    expect(values()).toEqual([
      'all:address:2 king street',
      'all:applicationNumber:bld-2025-00001',
      'wcc:address:2 king street',
      'wcc:applicationNumber:bld-2025-00001',
    ]);
    w.applications.delete('1');
    await w.deliver(
      newEvent('ApplicationDeleted', {
        aggregate: aggregate('1'),
        actor: 'u1',
        data: { userIds: [], search: { ...before, fullAddress: '2 King Street' } },
      }),
    );
    await w.deliver(created('1', [])); // late: the application is gone
    expect(values()).toEqual([]);
  });
});

describe('applications.listRows', () => {
  it('rewrites the rows from the application as it is now; nothing when it is gone', async () => {
    const w = fakeWorld();
    w.applications.set('1', app('1', { modifiedDate: '2025-02-02T00:00:00.000Z' }));
    const e = newEvent('ApplicationUpdated', {
      aggregate: aggregate('1'),
      actor: 'u1',
      data: { changed: ['name'] },
    });
    await w.deliver(e);
    await w.deliver(e);
    expect(w.synced).toEqual(['1@2025-02-02T00:00:00.000Z', '1@2025-02-02T00:00:00.000Z']);
    w.applications.delete('1');
    await w.deliver(submitted('1'));
    expect(w.synced).toHaveLength(2);
  });
});

describe('applications.listOrders (list-order entries)', () => {
  it('reconciles the entries of every user whose row an event may change, on any update', async () => {
    const w = fakeWorld();
    w.applications.set('1', app('1'));
    w.rows.set(
      '1',
      new Map([
        ['u1', 'visible'],
        ['u2', 'visible'],
      ]),
    );
    await w.deliver(created('1', ['u1']));
    expect(w.orders).toEqual(['u1@1', 'u2@1']);
    w.orders.length = 0;
    // A change no badge counts (the name) still moves modifiedDate, the tie-break of every order.
    await w.deliver(
      newEvent('ApplicationUpdated', { aggregate: aggregate('1'), actor: 'u1', data: { changed: ['name'] } }),
    );
    expect(w.orders).toEqual(['u1@1', 'u2@1']);
    w.orders.length = 0;
    await w.deliver(hidden('1', 'u2', 'hidden'));
    expect(w.orders).toEqual(['u2@1']);
  });
});
