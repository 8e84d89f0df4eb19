/** The read-model backfill's pure parts over fake ports: arguments, users, skipping, concurrency. */
import { describe, expect, it } from 'vitest';
import {
  backfillReadModel,
  distinct,
  forEachLimited,
  merged,
  parseBackfillArgs,
} from '../../../infra/seed/backfill-read-model.js';
import type { BackfillArgs, BackfillPorts } from '../../../infra/seed/backfill-read-model.js';
import type { BuildResult } from '../../../functions/applications/repository/read-model.js';
import type { AccessLevel } from '../../../shared/schemas/common.js';
import { rebuildPlan, signatureOf } from '../../../functions/applications/model/read-model.js';

const defaults: BackfillArgs = { users: [], dryRun: false, rebuild: false, concurrency: 4, segments: 1 };

async function* pagesOf(...pages: string[][]) {
  for (const p of pages) {
    await Promise.resolve();
    yield p;
  }
}

/** A fake table: rows per user, which users are built; records builds and the most in flight. */
function fakePorts(rows: Record<string, number>, builtAlready: string[] = [], fail: string[] = []) {
  const built = new Set(builtAlready);
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const ports: BackfillPorts = {
    userPages: () =>
      // Each user once per row, in pages of 3 that split a user's rows.
      pagesOf(
        ...Object.entries(rows)
          .flatMap(([u, n]) => Array<string>(n).fill(u))
          .reduce<string[][]>((ps, u, i) => (i % 3 ? (ps.at(-1)!.push(u), ps) : [...ps, [u]]), []),
      ),
    builtUsers: async (ids) => new Set(ids.filter((u) => built.has(u))),
    async build(userId): Promise<BuildResult> {
      calls.push(userId);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      if (fail.includes(userId)) throw new Error('throttled');
      const first = !built.has(userId);
      built.add(userId);
      return {
        counters: {},
        rows: rows[userId] ?? 0,
        contributionsWritten: first ? (rows[userId] ?? 0) : 0,
        summaryWritten: first,
        complete: true,
      };
    },
  };
  return { ports, calls, maxInFlight: () => maxInFlight };
}

describe('backfill-read-model arguments', () => {
  it('defaults to the local stack, every user, 4 at a time', () => {
    expect(parseBackfillArgs([])).toEqual(defaults);
  });

  it('takes a deployed table, users, dry run, rebuild, concurrency and segments', () => {
    expect(
      parseBackfillArgs([
        '--table',
        'ConsentPortal-prod-Table',
        '--user',
        'u1',
        '--user',
        'u2',
        '--user',
        'u1',
        '--dry-run',
        '--rebuild',
        '--concurrency',
        '8',
        '--segments',
        '4',
        '--region',
        'ap-southeast-2',
      ]),
    ).toEqual({
      table: 'ConsentPortal-prod-Table',
      region: 'ap-southeast-2',
      users: ['u1', 'u2'],
      dryRun: true,
      rebuild: true,
      concurrency: 8,
      segments: 4,
    });
    expect(parseBackfillArgs(['--outputs', '.local-test/outputs.json'])).toMatchObject({
      outputs: '.local-test/outputs.json',
    });
  });

  it('refuses bad values and unknown options', () => {
    expect(() => parseBackfillArgs(['--concurrency', '0'])).toThrow(/--concurrency/);
    expect(() => parseBackfillArgs(['--concurrency', '2.5'])).toThrow(/--concurrency/);
    expect(() => parseBackfillArgs(['--segments', 'many'])).toThrow(/--segments/);
    expect(() => parseBackfillArgs(['--user', ' '])).toThrow(/--user/);
    expect(() => parseBackfillArgs(['--table', 't', '--outputs', 'o.json'])).toThrow(/not both/);
    expect(() => parseBackfillArgs(['--bogus'])).toThrow();
  });
});

describe('users and concurrency', () => {
  it('distinct: each user once, in the order first seen, across pages', async () => {
    expect(await distinct(pagesOf(['a', 'a', 'b'], ['b', 'c'], [], ['a', 'd']))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(await distinct([['x', 'x']])).toEqual(['x']);
  });

  it('merged: every page of every segment, segments read side by side', async () => {
    const order: string[] = [];
    async function* segment(name: string, n: number, delay: number) {
      for (let i = 0; i < n; i++) {
        await new Promise((r) => setTimeout(r, delay));
        order.push(name);
        yield [`${name}${i}`];
      }
    }
    const all = await distinct(merged([segment('a', 3, 5), segment('b', 3, 1), segment('c', 0, 1)]));
    expect(all.sort()).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'b2']);
    // b's pages did not wait for a's.
    expect(order.indexOf('b') < order.indexOf('a')).toBe(true);
  });

  it('forEachLimited: at most `limit` at a time, every item run, failures returned', async () => {
    let inFlight = 0;
    let max = 0;
    const seen: number[] = [];
    const failures = await forEachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      inFlight++;
      max = Math.max(max, inFlight);
      await new Promise((r) => setTimeout(r, n % 3));
      inFlight--;
      seen.push(n);
      if (n === 5) throw new Error('five');
    });
    expect(max).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(failures.map((f) => [f.item, (f.error as Error).message])).toEqual([[5, 'five']]);
    expect(await forEachLimited([], 4, () => Promise.reject(new Error('never')))).toEqual([]);
  });
});

describe('backfillReadModel', () => {
  it('builds each user without a summary once, skips the built ones, and a second run builds nothing', async () => {
    const t = fakePorts({ ann: 5, bob: 2, cat: 7, dan: 1 }, ['bob']);
    const lines: string[] = [];
    const first = await backfillReadModel({ ...defaults, concurrency: 2 }, t.ports, (l) => lines.push(l));
    expect(t.calls.sort()).toEqual(['ann', 'cat', 'dan']);
    expect(t.maxInFlight()).toBe(2);
    expect(first).toMatchObject({
      users: 4,
      alreadyBuilt: 1,
      built: 3,
      failed: 0,
      rows: 13,
      contributionsWritten: 13,
      summariesWritten: 3,
    });
    expect(lines[0]).toMatch(/^backfill: 4 user\(s\) with access rows, 1 already built, 3 to build/);
    expect(lines.at(-1)).toMatch(/^backfill: 3\/3 users \(13 rows read\)/);

    const second = await backfillReadModel(defaults, t.ports, () => {});
    expect(second).toMatchObject({ users: 4, alreadyBuilt: 4, built: 0, contributionsWritten: 0 });
    expect(t.calls).toHaveLength(3);
  });

  it('--rebuild builds every user; the builds decide what to write', async () => {
    const t = fakePorts({ ann: 5, bob: 2 }, ['ann', 'bob']);
    const out = await backfillReadModel({ ...defaults, rebuild: true }, t.ports, () => {});
    expect(t.calls.sort()).toEqual(['ann', 'bob']);
    expect(out).toMatchObject({ alreadyBuilt: 0, built: 2, contributionsWritten: 0, summariesWritten: 0 });
  });

  it('--user: only those users, no scan; a built one is skipped', async () => {
    const t = fakePorts({ ann: 5, bob: 2 }, ['bob']);
    t.ports.userPages = () => {
      throw new Error('no scan with --user');
    };
    const out = await backfillReadModel({ ...defaults, users: ['bob', 'zed'] }, t.ports, () => {});
    expect(t.calls).toEqual(['zed']);
    expect(out).toMatchObject({ users: 2, alreadyBuilt: 1, built: 1 });
  });

  it('--dry-run: says who would be built and builds no one', async () => {
    const t = fakePorts({ ann: 5, bob: 2, cat: 1 }, ['bob']);
    const lines: string[] = [];
    const out = await backfillReadModel({ ...defaults, dryRun: true }, t.ports, (l) => lines.push(l));
    expect(t.calls).toEqual([]);
    expect(out).toMatchObject({ users: 3, alreadyBuilt: 1, built: 2, summariesWritten: 0 });
    expect(lines).toEqual([
      expect.stringMatching(/2 to build \(dry run: nothing written\)/),
      '  would build ann',
      '  would build cat',
    ]);
  });

  it('a failing user is reported and the others are built', async () => {
    const t = fakePorts({ ann: 5, bob: 2, cat: 1 }, [], ['bob']);
    const lines: string[] = [];
    const out = await backfillReadModel(defaults, t.ports, (l) => lines.push(l));
    expect(out).toMatchObject({ built: 2, failed: 1 });
    expect(lines).toContain('backfill: bob failed: throttled');
  });

  it('prints progress every 2 s of the clock and at the end', async () => {
    let clock = 0;
    const t = fakePorts({ a: 1, b: 1, c: 1, d: 1, e: 1 });
    const build = t.ports.build;
    t.ports.build = async (u) => {
      clock += 900;
      return build(u);
    };
    const lines: string[] = [];
    await backfillReadModel(
      { ...defaults, concurrency: 1 },
      t.ports,
      (l) => lines.push(l),
      () => clock,
    );
    expect(lines.slice(1)).toEqual([
      'backfill: 3/5 users (3 rows read) 2.7 s',
      'backfill: 5/5 users (5 rows read) 4.5 s',
    ]);
  });
});

describe('rebuildPlan (what a build writes)', () => {
  const row = (applicationId: string, over: Record<string, string> = {}) => ({
    accessLevel: 'Manage' as AccessLevel,
    applicationId,
    recordType: 'Draft',
    status: 'Draft',
    visibility: 'visible' as const,
    formId: 'bc',
    authorityId: 'wcc',
    ...over,
  });

  it('puts the missing and changed contributions, deletes the stale ones, sums the counters', () => {
    const rows = [row('1'), row('2', { status: 'Submitted' }), row('3', { recordType: 'Template' })];
    const current = rebuildPlan([row('1')], []).puts[0]![1];
    const plan = rebuildPlan(rows, [
      { applicationId: '1', signature: signatureOf(current) },
      { applicationId: '2', signature: 'old' },
      { applicationId: '9', signature: 'gone' },
    ]);
    expect(plan.puts.map(([id]) => id)).toEqual(['2']);
    expect(plan.deletes).toEqual(['9']);
    expect(plan.counters).toMatchObject({
      'b:visibleDrafts': 2,
      'b:submittedDrafts': 1,
      'f:status:Draft': 1,
      'f:status:Submitted': 1,
      'f:form:bc': 2,
    });
  });

  it('a row at None or Unassigned contributes nothing (and a stored contribution of one is deleted)', () => {
    const plan = rebuildPlan(
      [
        row('1', { accessLevel: 'None' }),
        row('2', { accessLevel: 'Unassigned' }),
        row('3', { accessLevel: 'Edit' }),
      ],
      [{ applicationId: '1', signature: 'before the level changed' }],
    );
    expect(plan.puts.map(([id]) => id)).toEqual(['3']);
    expect(plan.deletes).toEqual(['1']);
    expect(plan.counters['b:visibleDrafts']).toBe(1);
  });

  it('writes nothing when the stored contributions are the rows’', () => {
    const rows = [row('1'), row('2', { visibility: 'hidden' })];
    const first = rebuildPlan(rows, []);
    const stored = first.puts.map(([applicationId, c]) => ({ applicationId, signature: signatureOf(c) }));
    expect(rebuildPlan(rows, stored)).toEqual({ counters: first.counters, puts: [], deletes: [] });
  });
});
