/**
 * Operator command: restore a stage's table to a point in time, and list what the restore undid
 * (docs/reliability.md "Backup and restore"; runbook: docs/operations.md "Restore the table to a
 * point in time").
 *
 *   npx tsx infra/seed/restore-table.ts restore --stage <stage> --source <TableName> --to <ISO instant>
 *        [--target <new table name>] [--prod-like]
 *   npx tsx infra/seed/restore-table.ts counters --source <TableName> --target <restored table>
 *   npx tsx infra/seed/restore-table.ts lost --source <TableName> --since <ISO instant> [--json]
 *
 * `restore`: DynamoDB restores only into a new table. This checks the instant is inside the source's
 * point-in-time window, starts RestoreTableToPointInTime into `--target` (default
 * `<source>-restored-<yyyymmddhhmm of the instant>`), waits for it (minutes to hours: it prints the
 * status every 30 s; run again with the same arguments after an interruption: an existing target
 * is waited for, not restored again), then sets what a restore does not carry over: the stream (NEW_AND_OLD_IMAGES,
 * which the consumers read), TTL, point-in-time recovery (35 days) and, with `--prod-like`, deletion
 * protection; and it carries the counters (application ids and numbers) forward to the source's
 * values (infra/seed/counters.ts: never issue an id or number twice). It writes the stage's entry in infra/restored-tables.json (the new table and its
 * stream) and prints the deploy that points the stage at it. Region and credentials: the usual AWS
 * chain (AWS_PROFILE, AWS_REGION).
 *
 * `counters`: the counters carried forward again (after the deploy, in case the source issued more
 * ids before the stage moved over; only ever raises them).
 *
 * `lost`: what happened in the source table after the instant and is not in the restored one: the
 * domain events (outbox items, kept 7 days) by type, each council's feed entries (kept 35 days:
 * what the council may have read and must be told is undone), the councils' own writes (to be made
 * again) and the payments settled or claimed (money the restored table does not know of). A Scan
 * of the source table, filtered: run it once, before or after the swap (the source is kept).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  RestoreTableToPointInTimeCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { table as tableDef } from '../../functions/platform/data/table.js';
import { carryCountersForward, readCounters } from './counters.js';
import { formatLost, scanLost } from './restore-lost.js';
import {
  PITR_WINDOW_DAYS,
  RESTORED_TABLES_FILE,
  withRestoredTable,
  type RestoredTable,
} from '../stacks/restored-table.js';

export interface RestoreArgs {
  command: 'restore';
  stage: string;
  source: string;
  /** The instant to restore to (ISO 8601). */
  to: string;
  target: string;
  prodLike: boolean;
}

export interface CountersArgs {
  command: 'counters';
  source: string;
  target: string;
}

export interface LostArgs {
  command: 'lost';
  source: string;
  since: string;
  json: boolean;
}

const USAGE =
  'usage: restore-table.ts restore --stage <stage> --source <table> --to <ISO instant> [--target <name>] [--prod-like]\n' +
  '       restore-table.ts counters --source <table> --target <restored table>\n' +
  '       restore-table.ts lost --source <table> --since <ISO instant> [--json]';

/** An ISO 8601 instant, normalised (throws on anything else). */
function instant(v: string | undefined, name: string): string {
  const t = v ? Date.parse(v) : NaN;
  if (!v || !/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(t))
    throw new Error(`--${name} takes an ISO 8601 instant, e.g. 2026-11-30T02:55:00Z\n${USAGE}`);
  return new Date(t).toISOString();
}

/** `<source>-restored-<yyyymmddhhmm>` (UTC), the default name of the restored table. */
export function defaultTargetName(source: string, to: string): string {
  return `${source}-restored-${to.slice(0, 16).replace(/[-T:]/g, '')}`.slice(0, 255);
}

/** Parses the command line; throws with the usage on a bad argument. */
export function parseRestoreArgs(argv: string[]): RestoreArgs | CountersArgs | LostArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      stage: { type: 'string' },
      source: { type: 'string' },
      to: { type: 'string' },
      target: { type: 'string' },
      since: { type: 'string' },
      'prod-like': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  const [command] = positionals;
  if (!values.source) throw new Error(`--source <table> is required\n${USAGE}`);
  if (command === 'restore') {
    if (!values.stage || !/^[a-z][a-z0-9-]{0,19}$/.test(values.stage))
      throw new Error(`--stage <stage> is required (the stage whose table this is)\n${USAGE}`);
    const to = instant(values.to, 'to');
    return {
      command,
      stage: values.stage,
      source: values.source,
      to,
      target: values.target ?? defaultTargetName(values.source, to),
      prodLike: values['prod-like'],
    };
  }
  if (command === 'counters') {
    if (!values.target) throw new Error(`--target <restored table> is required\n${USAGE}`);
    return { command, source: values.source, target: values.target };
  }
  if (command === 'lost')
    return { command, source: values.source, since: instant(values.since, 'since'), json: values.json };
  throw new Error(USAGE);
}

export interface RestoreOptions {
  client: Pick<DynamoDBClient, 'send'>;
  /** Pause between two status reads (ms; default 30 s). */
  pollMs?: number;
  /** Gives up waiting after this long (ms; default 12 h). */
  timeoutMs?: number;
  log?: (line: string) => void;
  /** Where the stage's entry is written (default infra/restored-tables.json). */
  restoredTablesFile?: string;
}

async function exists(client: Pick<DynamoDBClient, 'send'>, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (e) {
    if (
      e instanceof ResourceNotFoundException ||
      (e as { name?: string }).name === 'ResourceNotFoundException'
    )
      return false;
    throw e;
  }
}

async function waitActive(o: RestoreOptions, tableName: string, what: string): Promise<TableDescription> {
  const started = Date.now();
  const pollMs = o.pollMs ?? 30_000;
  for (;;) {
    const { Table } = await o.client.send(new DescribeTableCommand({ TableName: tableName }));
    const busyIndex = Table?.GlobalSecondaryIndexes?.find((g) => g.IndexStatus !== 'ACTIVE');
    if (Table?.TableStatus === 'ACTIVE' && !busyIndex) return Table;
    if (Date.now() - started > (o.timeoutMs ?? 12 * 3600_000))
      throw new Error(`${tableName}: still ${Table?.TableStatus ?? 'unknown'} after waiting for ${what}`);
    o.log?.(
      `${tableName}: ${Table?.TableStatus ?? 'unknown'}${busyIndex ? ` (index ${busyIndex.IndexName} ${busyIndex.IndexStatus})` : ''}, waiting for ${what} (${Math.round((Date.now() - started) / 1000)} s)`,
    );
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * Restores `source` at `to` into `target` and makes it what the stacks expect of the table (stream,
 * TTL, PITR, deletion protection); writes the stage's entry of infra/restored-tables.json. Returns
 * the entry.
 */
export async function restoreTable(args: RestoreArgs, o: RestoreOptions): Promise<RestoredTable> {
  const log = o.log ?? (() => undefined);
  const { ContinuousBackupsDescription: backups } = await o.client.send(
    new DescribeContinuousBackupsCommand({ TableName: args.source }),
  );
  const pitr = backups?.PointInTimeRecoveryDescription;
  if (pitr?.PointInTimeRecoveryStatus !== 'ENABLED')
    throw new Error(`${args.source}: point-in-time recovery is not enabled: nothing to restore from`);
  const to = new Date(args.to);
  const earliest = pitr.EarliestRestorableDateTime;
  const latest = pitr.LatestRestorableDateTime;
  if ((earliest && to < earliest) || (latest && to > latest))
    throw new Error(
      `${args.to} is outside ${args.source}'s restorable window (${earliest?.toISOString() ?? '?'} to ${latest?.toISOString() ?? '?'})`,
    );

  if (await exists(o.client, args.target)) {
    log(`${args.target} exists (an earlier run's restore): waiting for it, not restoring again`);
  } else {
    log(`restoring ${args.source} at ${args.to} into ${args.target}`);
    await o.client.send(
      new RestoreTableToPointInTimeCommand({
        SourceTableName: args.source,
        TargetTableName: args.target,
        RestoreDateTime: to,
        BillingModeOverride: 'PAY_PER_REQUEST',
        // The stack's table is encrypted with the AWS managed key (TableEncryption.AWS_MANAGED).
        SSESpecificationOverride: { Enabled: true, SSEType: 'KMS' },
      }),
    );
  }
  const restored = await waitActive(o, args.target, 'the restore');

  // What a restore does not carry over (AWS: stream settings, TTL, PITR, deletion protection, tags).
  if (!restored.StreamSpecification?.StreamEnabled) {
    await o.client.send(
      new UpdateTableCommand({
        TableName: args.target,
        StreamSpecification: { StreamEnabled: true, StreamViewType: tableDef.stream },
      }),
    );
  } else if (restored.StreamSpecification.StreamViewType !== tableDef.stream) {
    throw new Error(
      `${args.target} has a ${restored.StreamSpecification.StreamViewType} stream; the consumers need ${tableDef.stream}`,
    );
  }
  const streamArn = (await waitActive(o, args.target, 'the stream')).LatestStreamArn;
  if (!streamArn) throw new Error(`${args.target}: no stream after enabling it`);
  const { TimeToLiveDescription: ttl } = await o.client.send(
    new DescribeTimeToLiveCommand({ TableName: args.target }),
  );
  if (ttl?.TimeToLiveStatus !== 'ENABLED' && ttl?.TimeToLiveStatus !== 'ENABLING')
    await o.client.send(
      new UpdateTimeToLiveCommand({
        TableName: args.target,
        TimeToLiveSpecification: { Enabled: true, AttributeName: tableDef.timeToLiveAttribute },
      }),
    );
  await o.client.send(
    new UpdateContinuousBackupsCommand({
      TableName: args.target,
      PointInTimeRecoverySpecification: {
        PointInTimeRecoveryEnabled: true,
        RecoveryPeriodInDays: PITR_WINDOW_DAYS,
      },
    }),
  );
  if (args.prodLike) {
    await waitActive(o, args.target, 'TTL');
    await o.client.send(new UpdateTableCommand({ TableName: args.target, DeletionProtectionEnabled: true }));
  }

  const carried = await carryCountersForward(
    o.client,
    args.target,
    await readCounters(o.client, args.source),
  );
  log(
    `counters carried forward from ${args.source}: ${carried.raised.length ? carried.raised.join(', ') : 'none was lower'}`,
  );

  const entry: RestoredTable = {
    tableName: args.target,
    streamArn,
    restoredFrom: args.source,
    restorePoint: args.to,
  };
  const file = o.restoredTablesFile ?? path.join(import.meta.dirname, '..', 'restored-tables.json');
  writeFileSync(file, withRestoredTable(readFileSync(file, 'utf8'), args.stage, entry));
  log(`${args.target} is ready (stream ${streamArn}); ${RESTORED_TABLES_FILE} "${args.stage}" points at it`);
  return entry;
}

async function main(): Promise<void> {
  const args = parseRestoreArgs(process.argv.slice(2));
  const client = new DynamoDBClient({});
  if (args.command === 'counters') {
    const carried = await carryCountersForward(client, args.target, await readCounters(client, args.source));
    console.log(
      `${carried.raised.length} counter(s) raised${carried.raised.length ? `: ${carried.raised.join(', ')}` : ''}; ${carried.kept} already as high`,
    );
    return;
  }
  if (args.command === 'lost') {
    const lost = await scanLost(client, args.source, args.since);
    console.log(args.json ? JSON.stringify(lost, null, 2) : formatLost(lost));
    return;
  }
  const entry = await restoreTable(args, { client, log: (l) => console.log(l) });
  console.log(`
Next (docs/operations.md "Restore the table to a point in time"):
  1. Commit ${RESTORED_TABLES_FILE}.
  2. Deploy the stacks that use the table first, then the Data stack (the old table's exports go last):
       npx cdk deploy ConsentPortal-${args.stage}-Auth ConsentPortal-${args.stage}-Workflows ConsentPortal-${args.stage}-Api --exclusively -c stage=${args.stage}
       npx cdk deploy --all -c stage=${args.stage}
     then carry the counters forward again:
       npx tsx infra/seed/restore-table.ts counters --source ${args.source} --target ${entry.tableName}
  3. What the restore undid, to tell the councils and reconcile the payments:
       npx tsx infra/seed/restore-table.ts lost --source ${args.source} --since ${entry.restorePoint ?? args.to}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
}
