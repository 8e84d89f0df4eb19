/**
 * Builds the badges and filters read model (an `applicationListSummary` per user and an
 * `applicationContribution` per (user, application): docs/events.md) and the list-order entries
 * (the other sort orders of the lists: repository/list-order.ts) for the users who have access
 * rows but not both built yet: the users from before the read model, whose first
 * GET /user/applicationsV2/badges or /filters would otherwise build it inside the request.
 *
 *   npx tsx infra/seed/backfill-read-model.ts                    the local stack (.local/outputs.json)
 *   npx tsx infra/seed/backfill-read-model.ts --table <name>     a deployed table (AWS_PROFILE / AWS_REGION)
 *   … --user <id> [--user <id> …]    only these users (no scan)
 *   … --dry-run                      show what would be built, write nothing
 *   … --rebuild                      build every user again, summary or not (a repair: only what
 *                                    differs from the rows is written)
 *   … --concurrency 4                users built at a time (default 4)
 *   … --segments 1                   parallel Scan segments for finding the users (default 1)
 *   … --outputs <file>               another local stack's outputs
 *
 * The users are the distinct `userId`s of the access rows: a Scan of gsi1 (where every access row
 * is, without the table's other items), projecting `userId`. Each user is built with the same
 * function the lazy build uses (functions/applications/repository/read-model.ts `buildReadModel`).
 * Idempotent: a user with a built summary is skipped, and a build writes only contributions that
 * differ from the rows, so a second run writes nothing. Run it after deploying the release with the
 * read model (its consumer must already be running, so no change is missed): docs/events.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { BuildResult } from '../../functions/applications/repository/read-model.js';

export interface BackfillArgs {
  table?: string;
  outputs?: string;
  region?: string;
  /** Only these users (no scan). */
  users: string[];
  dryRun: boolean;
  rebuild: boolean;
  concurrency: number;
  segments: number;
}

const positiveInt = (name: string, raw: string | undefined, fallback: number, max: number) => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} takes a whole number 1–${max}`);
  return n;
};

/** Parses the command line; throws on a bad argument. */
export function parseBackfillArgs(argv: string[]): BackfillArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      table: { type: 'string' },
      outputs: { type: 'string' },
      region: { type: 'string' },
      user: { type: 'string', multiple: true },
      'dry-run': { type: 'boolean', default: false },
      rebuild: { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      segments: { type: 'string' },
    },
    strict: true,
  });
  if (values.table && values.outputs) throw new Error('give --table or --outputs, not both');
  const users = (values.user ?? []).map((u) => u.trim());
  if (users.some((u) => !u)) throw new Error('--user takes a user id');
  return {
    users: [...new Set(users)],
    dryRun: values['dry-run'] ?? false,
    rebuild: values.rebuild ?? false,
    concurrency: positiveInt('concurrency', values.concurrency, 4, 64),
    segments: positiveInt('segments', values.segments, 1, 64),
    ...(values.table ? { table: values.table } : {}),
    ...(values.outputs ? { outputs: values.outputs } : {}),
    ...(values.region ? { region: values.region } : {}),
  };
}

/** Each value once, in the order first seen, from pages that repeat them. */
export async function distinct(pages: AsyncIterable<readonly string[]> | Iterable<readonly string[]>) {
  const seen = new Set<string>();
  for await (const page of pages) for (const v of page) seen.add(v);
  return [...seen];
}

/** Several async iterables read at the same time (the segments of a parallel Scan), as one. */
export async function* merged<T>(sources: AsyncIterable<T>[]): AsyncGenerator<T> {
  const iterators = sources.map((s) => s[Symbol.asyncIterator]());
  const next = (i: number) => iterators[i]!.next().then((r) => ({ i, r }));
  const pending = new Map(iterators.map((_, i) => [i, next(i)]));
  while (pending.size > 0) {
    const { i, r } = await Promise.race(pending.values());
    if (r.done) pending.delete(i);
    else {
      pending.set(i, next(i));
      yield r.value;
    }
  }
}

/**
 * Runs `fn` for each item, at most `limit` at a time, in order of the items. Every item is run even
 * when some fail; the failures are returned (the caller decides what they mean).
 */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<{ item: T; error: unknown }[]> {
  const failures: { item: T; error: unknown }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index]!;
      try {
        await fn(item, index);
      } catch (error) {
        failures.push({ item, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return failures;
}

/** What the backfill reads and writes (the table's in the CLI; fakes in the unit tests). */
export interface BackfillPorts {
  /** The user ids of the access rows, in pages, with repeats. */
  userPages(segments: number): AsyncIterable<string[]>;
  /** Of these users, those with a built summary. */
  builtUsers(userIds: readonly string[]): Promise<Set<string>>;
  /** Builds one user (leaving a summary that is already current alone). */
  build(userId: string): Promise<BuildResult>;
}

export interface BackfillSummary {
  /** Users found (distinct), or given with --user. */
  users: number;
  /** Users skipped because their summary was built (0 with --rebuild). */
  alreadyBuilt: number;
  /** Users built (or, with --dry-run, that would be). */
  built: number;
  failed: number;
  /** Access rows the builds read. */
  rows: number;
  /** Contributions put or deleted, and summaries put. */
  contributionsWritten: number;
  summariesWritten: number;
  elapsedMs: number;
}

/** The users to build, then each built (bounded concurrency), with progress lines through `log`. */
export async function backfillReadModel(
  args: BackfillArgs,
  ports: BackfillPorts,
  log: (line: string) => void = console.log,
  now: () => number = () => performance.now(),
): Promise<BackfillSummary> {
  const t0 = now();
  const seconds = () => `${((now() - t0) / 1000).toFixed(1)} s`;
  const users = args.users.length > 0 ? args.users : await distinct(ports.userPages(args.segments));
  const built = new Set<string>();
  if (!args.rebuild) for (const u of await ports.builtUsers(users)) built.add(u);
  const todo = users.filter((u) => !built.has(u));
  log(
    `backfill: ${users.length} user(s) with access rows, ${built.size} already built, ${todo.length} to ${
      args.rebuild ? 'rebuild' : 'build'
    }${args.dryRun ? ' (dry run: nothing written)' : ''} (${seconds()})`,
  );
  const summary: BackfillSummary = {
    users: users.length,
    alreadyBuilt: built.size,
    built: 0,
    failed: 0,
    rows: 0,
    contributionsWritten: 0,
    summariesWritten: 0,
    elapsedMs: 0,
  };
  if (args.dryRun) {
    for (const u of todo.slice(0, 20)) log(`  would build ${u}`);
    if (todo.length > 20) log(`  … and ${todo.length - 20} more`);
    return { ...summary, built: todo.length, elapsedMs: now() - t0 };
  }
  let done = 0;
  let lastLog = now();
  const failures = await forEachLimited(todo, args.concurrency, async (userId) => {
    try {
      const r = await ports.build(userId);
      summary.built++;
      summary.rows += r.rows;
      summary.contributionsWritten += r.contributionsWritten;
      if (r.summaryWritten) summary.summariesWritten++;
    } finally {
      done++;
      if (done === todo.length || now() - lastLog >= 2000) {
        lastLog = now();
        log(`backfill: ${done}/${todo.length} users (${summary.rows} rows read) ${seconds()}`);
      }
    }
  });
  for (const f of failures)
    log(`backfill: ${String(f.item)} failed: ${String((f.error as Error)?.message ?? f.error)}`);
  summary.failed = failures.length;
  summary.elapsedMs = now() - t0;
  return summary;
}

/** Sets TABLE_NAME (and the local endpoint) before the repositories are imported. */
export function target(args: BackfillArgs): string {
  if (args.region) process.env.AWS_REGION = args.region;
  if (args.table) {
    process.env.TABLE_NAME = args.table;
    return `table ${args.table}`;
  }
  const file = path.resolve(args.outputs ?? '.local/outputs.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
  const flat = Object.assign({}, ...Object.values(raw)) as Record<string, unknown>;
  if (typeof flat.TableName !== 'string') throw new Error(`${file}: no TableName`);
  process.env.TABLE_NAME = flat.TableName;
  if (typeof flat.DynamoDbEndpoint === 'string') {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = flat.DynamoDbEndpoint;
    process.env.AWS_REGION ??= String(flat.Region ?? 'ap-southeast-2');
    process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
  }
  return `table ${flat.TableName} (${file})`;
}

/** The table's ports (import after TABLE_NAME is set). */
export async function tablePorts(): Promise<BackfillPorts> {
  const rm = await import('../../functions/applications/repository/read-model.js');
  const lo = await import('../../functions/applications/repository/list-order.js');
  return {
    userPages: (segments) =>
      merged(
        Array.from({ length: segments }, (_, segment) =>
          rm.accessRowUserIdPages({ segment, totalSegments: segments }),
        ),
      ),
    // Built: the summary and the list-order entries (the other sort orders' read model).
    builtUsers: async (userIds) => {
      const [summaries, orders] = await Promise.all([
        rm.builtUserIds(userIds),
        lo.listOrderBuiltUserIds(userIds),
      ]);
      return new Set([...summaries].filter((u) => orders.has(u)));
    },
    // A summary already current is left alone in every mode (a user built meanwhile by a request);
    // list-order entries already current are not written again.
    build: async (userId) => {
      const result = await rm.buildReadModel(userId, { keepCurrentSummary: true });
      await lo.buildListOrder(userId);
      return result;
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const args = parseBackfillArgs(process.argv.slice(2));
    console.log(`backfill: ${target(args)}`);
    const summary = await backfillReadModel(args, await tablePorts());
    console.log(JSON.stringify(summary, null, 2));
    process.exit(summary.failed > 0 ? 1 : 0);
  } catch (err) {
    console.error(`backfill-read-model: ${String((err as Error)?.stack ?? err)}`);
    process.exit(2);
  }
}
