/**
 * The badges and filters read model's backfill (infra/seed/backfill-read-model.ts) and its bounded
 * lazy build against the local stack. Users "from before the read model": their applications and
 * access rows written straight to the table (no domain events, so no summary), one of them with a
 * consumer's unbuilt summary and a stale contribution, one already built. The backfill builds each
 * unbuilt user with the same function as the lazy build, and a second run writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { waitFor } from '../support/wait';

const o = readOutputs();
process.env.AWS_ENDPOINT_URL_DYNAMODB = String(o.DynamoDbEndpoint);
process.env.AWS_REGION = o.Region;
process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
process.env.TABLE_NAME = o.TableName;

const { BatchWriteCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
const { entities } = await import('../../functions/platform/data/service.js');
const { documentClient } = await import('../../functions/platform/adapters/aws/dynamodb.js');
const { listRowFields } = await import('../../functions/applications/model/list-row.js');
const rm = await import('../../functions/applications/repository/read-model.js');
const lo = await import('../../functions/applications/repository/list-order.js');
const { reconcile, badgesOfCounters } = await import('../../functions/applications/model/read-model.js');
const { backfillReadModel, tablePorts } = await import('../../infra/seed/backfill-read-model.js');

type Item = Record<string, unknown>;
const run = randomUUID().slice(0, 8);
const user = (name: string) => `backfill-${run}-${name}`;
let nextId = 800_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

interface Seed {
  status?: 'Draft' | 'Submitted' | 'InProgress' | 'Completed';
  recordType?: 'Draft' | 'Template';
  consentNumber?: string;
  formId?: string;
  authorityId?: string;
  complexity?: string;
  hidden?: boolean;
}

/** An application and the user's access row, as the repository writes them (without the events). */
function itemsOf(userId: string, s: Seed) {
  const applicationId = String(nextId++);
  const application = {
    applicationId,
    recordType: s.recordType ?? ('Draft' as const),
    status: s.status ?? 'Draft',
    authorityId: s.authorityId ?? 'wcc',
    jurisdictionId: 'nz',
    formId: s.formId ?? 'bc',
    applicationType: 'Standalone' as const,
    userId,
    etag: randomUUID(),
    startedDate: '2025-01-01T00:00:00.000Z',
    modifiedDate: '2025-02-01T00:00:00.000Z',
    address: { fullAddress: `${applicationId} Queen Street, Auckland` },
    hasOutstandingRFIs: false,
    hasOutstandingPayments: false,
    ...(s.consentNumber ? { consentNumber: s.consentNumber } : {}),
    ...(s.complexity ? { complexity: s.complexity } : {}),
  };
  return {
    applicationId,
    items: [
      entities.application.put(application).params<{ Item: Item }>().Item,
      entities.applicationAccess
        .put({
          ...listRowFields(application, {
            formDisplayName: 'Building consent',
            formCategory: 'Standalone',
            authorityDisplayName: 'Wellington City Council',
          }),
          applicationId,
          userId,
          accessLevel: 'Manage',
          isOwner: true,
          visibility: s.hidden ? 'hidden' : 'visible',
        })
        .params<{ Item: Item }>().Item,
    ],
  };
}

async function batchPut(items: Item[]) {
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const out = await documentClient().send(
        new BatchWriteCommand({ RequestItems: { [o.TableName]: pending } }),
      );
      pending = (out.UnprocessedItems?.[o.TableName] ?? []) as typeof pending;
    }
  }
}

async function seed(userId: string, seeds: Seed[]) {
  const made = seeds.map((s) => itemsOf(userId, s));
  await batchPut(made.flatMap((m) => m.items));
  return made.map((m) => m.applicationId);
}

/** Every read-model item of a user (summary and contributions), as stored. */
async function readModelItems(userId: string) {
  const pk = (entities.applicationListSummary.get({ userId }).params() as { Key: { pk: string } }).Key.pk;
  const out = await documentClient().send(
    new QueryCommand({
      TableName: o.TableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
}

async function deleteReadModel(userId: string) {
  const items = await readModelItems(userId);
  for (let i = 0; i < items.length; i += 25) {
    await documentClient().send(
      new BatchWriteCommand({
        RequestItems: {
          [o.TableName]: items
            .slice(i, i + 25)
            .map((it) => ({ DeleteRequest: { Key: { pk: it.pk, sk: it.sk } } })),
        },
      }),
    );
  }
}

const withoutBuiltAt = (items: Item[]) => items.map(({ builtAt: _, ...rest }) => rest);

const ann = user('ann');
const bob = user('bob');
const cat = user('cat');
const dan = user('dan');
const big = user('big');

beforeAll(async () => {
  // ann: drafts, a submitted one, consents, a hidden one and a template.
  await seed(ann, [
    { complexity: 'Simple' },
    { status: 'Submitted', formId: 'bc-sfh', authorityId: 'akl', complexity: 'Complex' },
    { status: 'InProgress', consentNumber: 'BC-2025-0001' },
    { status: 'Completed', consentNumber: 'BC-2025-0002', hidden: true },
    { hidden: true },
    { recordType: 'Template' },
  ]);
  // bob: a consumer ran for one application before any build (an unbuilt summary from its ADD, a
  // contribution), and that application's row has gone since (a stale contribution).
  const [gone] = await seed(bob, [{}, { status: 'Submitted' }, { authorityId: 'akl' }]);
  expect(await reconcile(rm.tableContributionStore, bob, gone!)).toBe('moved');
  await entities.applicationAccess.delete({ applicationId: gone!, userId: bob }).go();
  // cat: one draft; dan: built already, its summary and its list order (the summary must stay as it is).
  await seed(cat, [{ formId: 'amendment' }]);
  await seed(dan, [{}, { status: 'Completed', consentNumber: 'BC-2025-0003' }]);
  await rm.buildSummary(dan);
  await lo.buildListOrder(dan);
  // big: more contributions than one round of BatchWrite (8 × 25).
  await seed(
    big,
    Array.from({ length: 230 }, (_, i) => ({
      status: (['Draft', 'Submitted', 'InProgress'] as const)[i % 3],
      complexity: i % 2 ? 'Simple' : 'Standard',
      hidden: i % 10 === 0,
    })),
  );
}, 120_000);

describe('the lazy build, bounded', () => {
  test('a build out of budget answers from the rows, writes no summary, and the next one goes on', async () => {
    const first = await rm.buildReadModel(big, { writeBudgetMs: 0 });
    expect(first).toMatchObject({
      rows: 230,
      contributionsWritten: 200,
      summaryWritten: false,
      complete: false,
    });
    expect(badgesOfCounters(first.counters)).toMatchObject({
      allApplications: 207,
      submittedApplications: 138,
      archivedApplications: 23,
    });
    expect(await rm.builtUserIds([big])).toEqual(new Set());
    // summaryOf (what the API calls) finds no summary: the same counters, and it finishes the build.
    expect(await rm.summaryOf(big)).toEqual(first.counters);
    expect(await rm.builtUserIds([big])).toEqual(new Set([big]));
    const again = await rm.buildReadModel(big, { keepCurrentSummary: true });
    expect(again).toMatchObject({ contributionsWritten: 0, summaryWritten: false, complete: true });
    expect(again.counters).toEqual(first.counters);
    // Back to unbuilt for the backfill below.
    await deleteReadModel(big);
  }, 180_000);
});

describe('backfill-read-model', () => {
  const users = [ann, bob, cat, dan, big];

  test('--dry-run writes nothing', async () => {
    const before = await Promise.all(users.map(readModelItems));
    const out = await backfillReadModel(
      { users, dryRun: true, rebuild: false, concurrency: 2, segments: 1 },
      await tablePorts(),
      () => {},
    );
    expect(out).toMatchObject({ users: 5, alreadyBuilt: 1, built: 4, summariesWritten: 0 });
    expect(await Promise.all(users.map(readModelItems))).toEqual(before);
  });

  test('builds every unbuilt user found in the access rows, as the lazy build would; a second run writes nothing', async () => {
    expect(await rm.builtUserIds(users)).toEqual(new Set([dan]));
    const danBefore = await readModelItems(dan);
    const lines: string[] = [];
    const first = await backfillReadModel(
      { users: [], dryRun: false, rebuild: false, concurrency: 3, segments: 2 },
      await tablePorts(),
      (l) => lines.push(l),
    );
    expect(first.failed).toBe(0);
    expect(first.users).toBeGreaterThanOrEqual(5);
    expect(first.built).toBeGreaterThanOrEqual(4);
    expect(lines.at(-1)).toMatch(/^backfill: (\d+)\/\1 users/);
    expect(await rm.builtUserIds(users)).toEqual(new Set(users));
    expect(await readModelItems(dan)).toEqual(danBefore);

    // What the backfill stored is what the lazy build stores: drop it, let summaryOf build it.
    for (const u of [ann, bob, cat, big]) {
      const backfilled = await readModelItems(u);
      const counters = await rm.summaryOf(u);
      await deleteReadModel(u);
      expect(await rm.summaryOf(u), u).toEqual(counters);
      // The lazy build stops writing after its time budget and goes on at the next read (on a loaded
      // machine the 230-row user takes more than one): read until it is whole.
      await waitFor(
        `${u}'s lazy build to finish`,
        async () => {
          if ((await rm.builtUserIds([u])).has(u)) return true;
          expect(await rm.summaryOf(u), u).toEqual(counters);
          return false;
        },
        { timeoutMs: 60_000, intervalMs: 10 },
      );
      expect(withoutBuiltAt(await readModelItems(u)), u).toEqual(withoutBuiltAt(backfilled));
    }
    expect(badgesOfCounters(await rm.summaryOf(ann))).toEqual({
      recentApplications: 2,
      allApplications: 3,
      submittedApplications: 1,
      archivedApplications: 2,
      recentConsents: 1,
      currentConsents: 1,
      archivedConsents: 1,
    });
    // bob: the stale contribution is gone, the unbuilt summary replaced.
    expect(await rm.summaryOf(bob)).toMatchObject({ 'b:visibleDrafts': 2, 'b:submittedDrafts': 1 });
    expect((await readModelItems(bob)).filter((i) => i.__edb_e__ === 'applicationContribution')).toHaveLength(
      2,
    );

    const before = await Promise.all(users.map(readModelItems));
    const second = await backfillReadModel(
      { users: [], dryRun: false, rebuild: false, concurrency: 3, segments: 1 },
      await tablePorts(),
      () => {},
    );
    expect(second).toMatchObject({ built: 0, contributionsWritten: 0, summariesWritten: 0, failed: 0 });
    const rebuilt = await backfillReadModel(
      { users, dryRun: false, rebuild: true, concurrency: 3, segments: 1 },
      await tablePorts(),
      () => {},
    );
    expect(rebuilt).toMatchObject({
      built: 5,
      contributionsWritten: 0,
      summariesWritten: 0,
      rows: 6 + 2 + 1 + 2 + 230,
    });
    expect(await Promise.all(users.map(readModelItems))).toEqual(before);
  }, 300_000);
});
