/**
 * The event consumers' and the merge worker's table rights (infra/constructs/consumer-grants.ts)
 * before any deploy: every key their entities produce falls in their `dynamodb:LeadingKeys` patterns,
 * and no such function's code reaches an entity not declared for it. (The local stack's DynamoDB does
 * not enforce IAM: the event integration tests prove the consumers work, not their grants.)
 */
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  consumerEntities,
  consumerPartitions,
  consumerRawKeys,
  tableEntities,
  workerEntities,
  workerPartitions,
} from '../../infra/constructs/consumer-grants.js';
import { orderPartition } from '../../functions/applications/model/list-order.js';
import { consumerFunctions } from '../../functions/platform/events/consumer-functions.js';

const root = path.resolve(import.meta.dirname, '../..');

/** IAM's StringLike: `*` any run of characters, `?` one character. */
const like = (pattern: string, value: string) =>
  new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  ).test(value);

type Attribute = { type: unknown };
type QueryEntity = {
  schema: { attributes: Record<string, Attribute>; indexes: Record<string, { pk: { composite: string[] } }> };
  query: Record<string, (c: Record<string, unknown>) => { params(o: { table: string }): unknown }>;
};

/** A value of an attribute's type (an enum's first member). */
const sample = (a: Attribute | undefined, name: string): unknown =>
  Array.isArray(a?.type) ? a.type[0] : a?.type === 'number' ? 7 : a?.type === 'boolean' ? true : `${name}-x1`;

/** The partition key ElectroDB writes for each index of an entity (the table's and each GSI's). */
function partitionKeysOf(name: string): string[] {
  const entity = tableEntities[name] as unknown as QueryEntity;
  return Object.entries(entity.schema.indexes).map(([accessPattern, index]) => {
    const composite = Object.fromEntries(
      index.pk.composite.map((c) => [c, sample(entity.schema.attributes[c], c)]),
    );
    const params = entity.query[accessPattern]!(composite).params({ table: 'portal' }) as {
      ExpressionAttributeValues: Record<string, string>;
    };
    return params.ExpressionAttributeValues[':pk']!;
  });
}

const features = consumerFunctions.map((f) => f.feature);

describe("the event consumers' partitions (dynamodb:LeadingKeys)", () => {
  it.each(features.map((f) => [f]))(
    '%s: every partition key its entities produce, on the table and each GSI, matches one of its patterns',
    (feature) => {
      const patterns = consumerPartitions(feature);
      for (const name of consumerEntities[feature]) {
        for (const key of partitionKeysOf(name))
          expect(
            patterns.some((p) => like(p, key)),
            `${feature}: ${name} key ${key} not in ${patterns.join(' ')}`,
          ).toBe(true);
      }
    },
  );

  it("the applications' list-order rows (keyed by hand, a partition per user) are within its patterns only", () => {
    const key = orderPartition('u-1');
    expect(consumerPartitions('applications').some((p) => like(p, key))).toBe(true);
    for (const feature of features.filter((f) => f !== 'applications'))
      expect(
        consumerPartitions(feature).some((p) => like(p, key)),
        feature,
      ).toBe(false);
  });

  it('a pattern admits its own partitions and not the others (IAM StringLike)', () => {
    expect(like('$portal#applicationId_*', '$portal#applicationId_a1')).toBe(true);
    expect(like('$portal#applicationId_*', '$portal#authorityId_wcc')).toBe(false);
    expect(like('$portal', '$portal#userId_u1')).toBe(false);
  });

  it('every consumer writes its replay guard and, where it emits events, the outbox in the event partition', () => {
    for (const feature of features) expect(consumerPartitions(feature)).toContain('$portal#eventId_*');
  });

  it("a consumer's role cannot reach what its feature never touches", () => {
    // Council clients (their secrets' hashes), payer links, notifications' inboxes, access requests.
    const foreign = (feature: (typeof features)[number], ...patterns: string[]) =>
      expect(
        consumerPartitions(feature).filter((p) => patterns.includes(p)),
        feature,
      ).toEqual([]);
    foreign(
      'access-requests',
      '$portal#userId_*',
      '$portal#organisationId_*',
      '$portal#clientId_*',
      '$portal#recipientType_*',
      '$portal#tokenHash_*',
      '$portal#invitationTokenHash_*',
    );
    // Contacts and the council's invitation mail never read an application's partition.
    foreign(
      'contacts',
      '$portal#applicationId_*',
      '$portal#clientId_*',
      '$portal#recipientType_*',
      '$portal#requestGuid_*',
      '$portal#tokenHash_*',
      '$portal#sessionId_*',
    );
    foreign(
      'council',
      '$portal#applicationId_*',
      '$portal#userId_*',
      '$portal#clientId_*',
      '$portal#recipientType_*',
      '$portal#tokenHash_*',
      '$portal#sessionId_*',
    );
    foreign(
      'documents',
      '$portal#clientId_*',
      '$portal#recipientType_*',
      '$portal#organisationId_*',
      '$portal#tokenHash_*',
    );
    foreign('notifications', '$portal#sessionId_*', '$portal#requestGuid_*', '$portal#invitationTokenHash_*');
    // Only the notifications' consumers read and write the inboxes; only access requests' their requests.
    expect(features.filter((f) => consumerPartitions(f).includes('$portal#recipientType_*'))).toEqual([
      'notifications',
    ]);
    expect(features.filter((f) => consumerPartitions(f).includes('$portal#requestGuid_*'))).toEqual([
      'access-requests',
    ]);
    // No consumer gets every partition of the table.
    const all = new Set(Object.values(consumerEntities).flat());
    for (const feature of features)
      expect(consumerEntities[feature].length, feature).toBeLessThan(Object.keys(tableEntities).length);
    expect(all.size).toBeLessThan(Object.keys(tableEntities).length);
  });

  it.each(features.map((f) => [f]))(
    "%s: its function's bundle uses exactly the entities its feature declares",
    async (feature) => {
      const fn = consumerFunctions.find((f) => f.feature === feature)!;
      const reach = await bundleReach(fn.handler);
      expect(reach.used, `${feature}: consumerEntities must list what its code uses`).toEqual(
        [...consumerEntities[feature]].sort(),
      );
      expect(reach.raw, `${feature}: consumerRawKeys.modules`).toEqual(
        [...consumerRawKeys[feature].modules].sort(),
      );
      // The scan read its consumers and the platform's stream handler.
      expect(reach.inputs).toContain('functions/platform/events/stream-handler.ts');
      expect(reach.used).toContain('consumedEvent');
    },
    60_000,
  );
});

describe("the merge worker's partitions (dynamodb:LeadingKeys, as the consumers')", () => {
  const worker = 'documents/merge/worker';

  it('every partition key its entities produce, on the table and each GSI, matches one of its patterns', () => {
    const patterns = workerPartitions(worker);
    for (const name of workerEntities[worker])
      for (const key of partitionKeysOf(name))
        expect(
          patterns.some((p) => like(p, key)),
          `${name} key ${key} not in ${patterns.join(' ')}`,
        ).toBe(true);
  });

  it('its bundle uses exactly the entities declared for it, and keys nothing by hand', async () => {
    const reach = await bundleReach(worker);
    expect(reach.used, 'workerEntities must list what its code uses').toEqual(
      [...workerEntities[worker]].sort(),
    );
    expect(reach.raw).toEqual([]);
    // A merge reads the application and its documents, and writes the merged file's item and event.
    expect(reach.used).toEqual(
      expect.arrayContaining([
        'application',
        'applicationDocument',
        'documentContainerRelation',
        'domainEvent',
      ]),
    );
  }, 60_000);

  it("its role cannot reach what a merge never touches: people's inboxes, organisations, council clients, payments", () => {
    const patterns = workerPartitions(worker);
    for (const foreign of [
      '$portal#clientId_*',
      '$portal#recipientType_*',
      '$portal#organisationId_*',
      '$portal#tokenHash_*',
      '$portal#invitationTokenHash_*',
      '$portal#sessionId_*',
      '$portal#requestGuid_*',
    ])
      expect(patterns, foreign).not.toContain(foreign);
    // Not a consumer: no replay guard of its own (the consumer that hands it the job has one).
    expect(workerEntities[worker]).not.toContain('consumedEvent');
    expect(workerEntities[worker].length).toBeLessThan(Object.keys(tableEntities).length);
  });
});

/**
 * What a function's bundle reaches of the table (tree-shaken, as deployed: code that cannot run is
 * not read): the entities its code uses, the modules that send raw DynamoDB commands, its inputs.
 */
async function bundleReach(handler: string) {
  const result = await build({
    entryPoints: [path.join(root, 'functions', `${handler}.ts`)],
    absWorkingDir: root,
    bundle: true,
    write: false,
    outfile: 'stream.js',
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]!.text;
  // Entities are used only as `entities.x`, `e.x` (a transaction's callback) or through a
  // collection; nothing indexes them by a computed name (but the lazy service joining them).
  expect(text.replace(/\bentities\d*\[alias\]/g, '')).not.toMatch(/\bentities\d*\s*\[/);
  const collections = [...text.matchAll(/collections\s*\.\s*(\w+)/g)].map((m) => m[1]!);
  const used = Object.entries(tableEntities)
    .filter(
      ([name, entity]) =>
        new RegExp(`\\b(?:entities|e)\\d*\\.${name}\\b`).test(text) ||
        Object.values(entity.schema.indexes).some((i) =>
          [i.collection ?? []].flat().some((c) => collections.includes(c)),
        ),
    )
    .map(([name]) => name)
    .sort();
  // Whatever the receiver is called, an entity's operation is on a used entity.
  const operated = Object.keys(tableEntities).filter((name) =>
    new RegExp(
      `\\.\\s*${name}\\s*\\.\\s*(?:get|query|put|create|update|patch|delete|remove|upsert|batchGet|check)\\b`,
    ).test(text),
  );
  expect(operated.filter((n) => !used.includes(n))).toEqual([]);
  // Raw DynamoDB commands (keys built by hand) only in the modules read for their keys.
  // A module counts when its code kept in the bundle sends one (esbuild heads each module's part
  // with `// <path>`): a module kept only for its imports' initialisation sends nothing.
  const kept = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)
    .filter(([file, input]) => input.bytesInOutput > 0 && file.startsWith('functions/'))
    .map(([file]) => file);
  const parts = new Map<string, string>();
  for (const part of text.split(/^\/\/ (?=\S+\.[cm]?[jt]sx?$)/m)) {
    const file = part.slice(0, part.indexOf('\n'));
    parts.set(file, (parts.get(file) ?? '') + part);
  }
  const raw = kept
    .filter((file) =>
      /new\s+(?:Get|Put|Update|Delete|Query|Scan|BatchGet|BatchWrite|TransactWrite|TransactGet)(?:Item|Items)?Command\d*\s*\(/.test(
        parts.get(file) ?? '',
      ),
    )
    .sort();
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs).toContain(`functions/${handler}.ts`);
  return { used, raw, inputs };
}
