/**
 * Backup and restore of a local stack's data directory (`npm run ops -- backup|restore`,
 * docs/reliability.md "Backup and restore"): everything the stack keeps between runs lives there —
 * DynamoDB Local's database (dynamodb/), the S3 stand-in's objects (s3/), cognito-local's pools
 * (cognito/), the mail outbox, the councils' credentials, the schedules, the stream poller's
 * checkpoints (streams.json, which must match the database's stream), the dead letters and the
 * demo's marker. A backup is a copy of all of it with a manifest (`backup.json` beside `data/`), as
 * a directory or, for a name ending in .tar.gz or .tgz, one tar file.
 *
 * A restore carries the table's counters (application ids and numbers) forward to the values the
 * data directory had before it (infra/seed/counters.ts), as on AWS: an id or number issued after
 * the backup is never issued again to another application. For that it starts DynamoDB Local on
 * the old directory, then on the restored one, for a moment each (`restoreLocalStack`).
 *
 * The stack must be stopped for both: DynamoDB Local (SQLite) and the stand-ins write their files
 * while running, so a copy taken then could be torn, and a restore under a running stack would be
 * overwritten or ignored. A running stack is known by its DynamoDB Local (dataDir/dynamodb.pid).
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as z from 'zod';
import { ResourceNotFoundException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { carryCountersForward, readCounters, type CarriedForward } from '../seed/counters';
import { startDynamo } from './dynamodb';
import { TABLE_NAME } from './names';
import { portsFrom } from './ports';
import type { Log } from './util';

export const BACKUP_FORMAT = 'consent-portal-local-backup';
const MANIFEST = 'backup.json';
const DATA = 'data';

/**
 * Files of the data directory a backup leaves out: the running DynamoDB Local's pid, the figures of
 * the last run (metrics.jsonl, started afresh by every start) and injected lookup faults (removed
 * by every start).
 */
export const NOT_BACKED_UP = ['dynamodb.pid', 'metrics.jsonl', 'lookups-faults.json'];

export const BackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  /** The data directory it was taken from. */
  source: z.string(),
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** What it holds: the top-level entries of the data directory. */
  entries: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

/** The pid of a DynamoDB Local running on `dataDir` (a stack that is up), or undefined. */
export function runningStackPid(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, 'dynamodb.pid'), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!pid) return undefined;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('DynamoDBLocal.jar') ? pid : undefined;
  } catch {
    return undefined;
  }
}

function assertStopped(dataDir: string, what: string): void {
  const pid = runningStackPid(dataDir);
  if (pid)
    throw new Error(
      `The stack on ${dataDir} is running (DynamoDB Local pid ${pid}): stop it first (Ctrl-C on npm start), then ${what}.`,
    );
}

const isTar = (p: string) => /\.(tar\.gz|tgz)$/.test(p);

function tar(args: string[]): void {
  const r = spawnSync('tar', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tar ${args.join(' ')}: ${r.stderr || r.error?.message || r.status}`);
}

function sizeOf(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/**
 * Copies the stopped stack's data directory to `target` (a new directory, or a .tar.gz/.tgz file).
 * Returns the manifest.
 */
export function backupDataDir(dataDir: string, target: string, now = new Date()): BackupManifest {
  const from = path.resolve(dataDir);
  const to = path.resolve(target);
  if (!existsSync(from)) throw new Error(`No data directory at ${from}: nothing to back up.`);
  if (to === from || to.startsWith(from + path.sep))
    throw new Error(`The backup cannot go inside the data directory it copies (${from}).`);
  if (existsSync(to) && (!statSync(to).isDirectory() || readdirSync(to).length > 0))
    throw new Error(`${to} exists: a backup goes to a new file or an empty directory.`);
  assertStopped(from, 'back it up');

  const dir = isTar(to) ? mkdtempSync(path.join(tmpdir(), 'portal-backup-')) : to;
  try {
    mkdirSync(dir, { recursive: true });
    const top = readdirSync(from).filter((name) => !NOT_BACKED_UP.includes(name));
    for (const name of top) cpSync(path.join(from, name), path.join(dir, DATA, name), { recursive: true });
    mkdirSync(path.join(dir, DATA), { recursive: true });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      source: from,
      ...sizeOf(path.join(dir, DATA)),
      entries: top.sort(),
    };
    writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    if (isTar(to)) {
      mkdirSync(path.dirname(to), { recursive: true });
      tar(['-czf', to, '-C', dir, MANIFEST, DATA]);
    }
    return manifest;
  } finally {
    if (isTar(to)) rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads and checks a backup's manifest (directory or tar file unpacked into `dir`). */
function readManifest(dir: string, source: string): BackupManifest {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file) || !existsSync(path.join(dir, DATA)))
    throw new Error(`${source} is not a backup of a local stack (no ${MANIFEST} and ${DATA}/).`);
  const parsed = BackupManifest.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(
      `${source}: ${MANIFEST} is not one this version reads: ${parsed.error.issues[0]?.message}`,
    );
  return parsed.data;
}

/**
 * Replaces the stopped stack's data directory with the backup's (`source`: a backup directory or
 * .tar.gz/.tgz file). Everything in the data directory is replaced, including what was written
 * after the backup. Returns the backup's manifest.
 */
export function restoreDataDir(source: string, dataDir: string): BackupManifest {
  const from = path.resolve(source);
  const to = path.resolve(dataDir);
  if (!existsSync(from)) throw new Error(`No backup at ${from}.`);
  assertStopped(to, 'restore');
  const dir = isTar(from) ? mkdtempSync(path.join(tmpdir(), 'portal-restore-')) : from;
  try {
    if (isTar(from)) tar(['-xzf', from, '-C', dir]);
    const manifest = readManifest(dir, from);
    // Copied beside the data directory first, so a failed copy leaves the old one in place.
    const staging = `${to}.restoring`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(path.join(dir, DATA), staging, { recursive: true });
    rmSync(to, { recursive: true, force: true });
    renameSync(staging, to);
    return manifest;
  } finally {
    if (isTar(from)) rmSync(dir, { recursive: true, force: true });
  }
}

/** One line for a person. */
export function formatManifest(verb: string, where: string, m: BackupManifest): string {
  const mb = (m.bytes / 1024 / 1024).toFixed(1);
  return `${verb} ${where}: ${m.files} files, ${mb} MB, taken ${m.createdAt} from ${m.source} (${m.entries.join(', ')})`;
}

/** The DynamoDB Local port the data directory's stack used (its outputs.json), else PORT_BASE's. */
function dynamoPortOf(dataDir: string): number {
  try {
    const outputs = JSON.parse(readFileSync(path.join(dataDir, 'outputs.json'), 'utf8')) as Record<
      string,
      { DynamoDbEndpoint?: string }
    >;
    const endpoint = Object.values(outputs)[0]?.DynamoDbEndpoint;
    if (endpoint) return Number(new URL(endpoint).port);
  } catch {
    // no stack ran on it yet
  }
  return portsFrom(Number(process.env.PORT_BASE) || 4000).dynamodb;
}

/** Runs `fn` against DynamoDB Local started on `dataDir` for the purpose, then stops it. */
async function withDynamo<T>(dataDir: string, port: number, log: Log, fn: (c: DynamoDBClient) => Promise<T>) {
  const dynamo = await startDynamo({ dataDir, port, log });
  try {
    return await fn(dynamo.client);
  } finally {
    await dynamo.stop();
  }
}

async function countersOf(client: DynamoDBClient) {
  try {
    return await readCounters(client, TABLE_NAME);
  } catch (e) {
    if (e instanceof ResourceNotFoundException) return [];
    throw e;
  }
}

/**
 * `npm run ops -- restore`: {@link restoreDataDir}, with the counters carried forward from the
 * directory it replaces. Returns the backup's manifest and what was raised.
 */
export async function restoreLocalStack(
  source: string,
  dataDir: string,
  log: Log = (line) => console.error(line),
): Promise<{ manifest: BackupManifest; counters: CarriedForward }> {
  const to = path.resolve(dataDir);
  assertStopped(to, 'restore');
  if (!existsSync(path.resolve(source))) throw new Error(`No backup at ${path.resolve(source)}.`);
  const port = dynamoPortOf(to);
  const before = existsSync(path.join(to, 'dynamodb')) ? await withDynamo(to, port, log, countersOf) : [];
  const manifest = restoreDataDir(source, to);
  const counters = before.length
    ? await withDynamo(to, port, log, (c) => carryCountersForward(c, TABLE_NAME, before))
    : { raised: [], kept: 0 };
  return { manifest, counters };
}
