import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  consumerFilterPattern,
  consumerFunctions,
} from '../../../../../functions/platform/events/consumer-functions.js';
import { matchesFilter } from '../../../../../functions/platform/events/filter.js';
import { consumers } from '../../../../../functions/platform/events/registry.js';
import type { EventConsumer } from '../../../../../functions/platform/events/consumers.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

type Entry = () => Promise<{ consumers: readonly EventConsumer[] }>;
/** The feature entries (functions/<feature>/stream.ts), by handler module. */
const entries: Record<string, Entry> = {
  'access-requests/stream': () => import('../../../../../functions/access-requests/stream.js'),
  'applications/stream': () => import('../../../../../functions/applications/stream.js'),
  'contacts/stream': () => import('../../../../../functions/contacts/stream.js'),
  'council/stream': () => import('../../../../../functions/council/stream.js'),
  'documents/stream': () => import('../../../../../functions/documents/stream.js'),
  'notifications/stream': () => import('../../../../../functions/notifications/stream.js'),
  'organisations/stream': () => import('../../../../../functions/organisations/stream.js'),
  'participants/stream': () => import('../../../../../functions/participants/stream.js'),
  'payments/stream': () => import('../../../../../functions/payments/stream.js'),
};
const entryOf = (handler: string) => entries[handler];
const root = path.resolve(import.meta.dirname, '../../../../..');
const entryFiles = readdirSync(path.join(root, 'functions'))
  .filter((d) => existsSync(path.join(root, 'functions', d, 'stream.ts')))
  .map((d) => `${d}/stream`);

const insert = (type: string, entity = 'domainEvent') => ({
  eventName: 'INSERT',
  dynamodb: { NewImage: { __edb_e__: { S: entity }, type: { S: type } } },
});

describe('consumer functions: one per feature, each with its own filter', () => {
  it("every feature entry is a consumer function, and every consumer runs in exactly one, its feature's", () => {
    expect(entryFiles.sort()).toEqual(consumerFunctions.map((f) => f.handler).sort());
    for (const fn of consumerFunctions) expect(entryOf(fn.handler)).toBeDefined();
    const owners = consumers.map((c) =>
      consumerFunctions.filter((f) => c.name.startsWith(`${f.consumerPrefix}.`)),
    );
    expect(owners.map((o) => o.length)).toEqual(consumers.map(() => 1));
  });

  it.each(consumerFunctions.map((f) => [f.feature, f] as const))(
    "%s: the filter lets through exactly the types its feature's consumers handle",
    async (_feature, fn) => {
      const mine = consumers.filter((c) => c.name.startsWith(`${fn.consumerPrefix}.`));
      expect([...fn.handles].sort()).toEqual([...new Set(mine.flatMap((c) => c.handles))].sort());
      // Its entry runs those consumers and no other.
      const { consumers: entry } = await entryOf(fn.handler)!();
      expect(entry.map((c) => c.name).sort()).toEqual(mine.map((c) => c.name).sort());
    },
  );

  it('the filter takes new outbox items of its types only', () => {
    const council = consumerFunctions.find((f) => f.feature === 'council')!;
    const pattern = consumerFilterPattern(council);
    expect(matchesFilter(pattern, insert('RegisteredApplicantInvitationSent'))).toBe(true);
    expect(matchesFilter(pattern, insert('ApplicationSubmitted'))).toBe(false);
    expect(matchesFilter(pattern, insert('RegisteredApplicantInvitationSent', 'application'))).toBe(false);
    expect(
      matchesFilter(pattern, { ...insert('RegisteredApplicantInvitationSent'), eventName: 'MODIFY' }),
    ).toBe(false);
  });

  it('each filter pattern fits Lambda’s limit (4,096 characters)', () => {
    for (const fn of consumerFunctions)
      expect(JSON.stringify(consumerFilterPattern(fn)).length).toBeLessThanOrEqual(4096);
  });
});
