/**
 * Operator command: the site-wide maintenance flag and announcements the SPA reads from
 * `GET /maintenance/maintenance.json` and `GET /announcements/announcements.json`.
 *
 *   npx tsx infra/seed/site-settings.ts --maintenance on|off
 *   npx tsx infra/seed/site-settings.ts --announcements path/to/announcements.json   (a JSON array)
 *   npx tsx infra/seed/site-settings.ts --announcements none                          (clear them)
 *   npx tsx infra/seed/site-settings.ts --show
 *
 * Target: the local stack by default (`--outputs .local/outputs.json`: its DynamoDB Local endpoint
 * and table), or a deployed table with `--table <name>` (region and credentials from the usual AWS
 * chain, e.g. AWS_PROFILE / AWS_REGION). Options can be combined; the result is printed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import * as z from 'zod';
import { Announcement } from '../../shared/schemas/accounts.js';

export interface SiteSettingsArgs {
  maintenance?: 'on' | 'off';
  /** A JSON file with the announcements array, or 'none'. */
  announcements?: string;
  show?: boolean;
  table?: string;
  outputs?: string;
}

/** Parses the command line; throws with the usage on a bad argument. */
export function parseSiteSettingsArgs(argv: string[]): SiteSettingsArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      maintenance: { type: 'string' },
      announcements: { type: 'string' },
      show: { type: 'boolean' },
      table: { type: 'string' },
      outputs: { type: 'string' },
    },
    strict: true,
  });
  const m = values.maintenance?.toLowerCase();
  if (m !== undefined && m !== 'on' && m !== 'off') throw new Error('--maintenance takes on or off');
  if (m === undefined && values.announcements === undefined && !values.show)
    throw new Error('nothing to do: give --maintenance on|off, --announcements <file|none> or --show');
  return {
    ...(m ? { maintenance: m } : {}),
    ...(values.announcements !== undefined ? { announcements: values.announcements } : {}),
    ...(values.show ? { show: true } : {}),
    ...(values.table ? { table: values.table } : {}),
    ...(values.outputs ? { outputs: values.outputs } : {}),
  };
}

/** Reads an announcements file (a JSON array validated with the shared schema), or [] for 'none'. */
export function readAnnouncementsFile(file: string): Announcement[] {
  if (file === 'none') return [];
  return z.array(Announcement).parse(JSON.parse(readFileSync(file, 'utf8')) as unknown);
}

/** Sets TABLE_NAME (and the local endpoint) before the repositories are imported. */
function target(args: SiteSettingsArgs): string {
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

export async function runSiteSettings(args: SiteSettingsArgs, updatedBy = 'operator') {
  const where = target(args);
  const site = await import('../../functions/site/repository.js');
  if (args.maintenance) await site.setMaintenance(args.maintenance === 'on', updatedBy);
  if (args.announcements !== undefined)
    await site.setAnnouncements(readAnnouncementsFile(args.announcements), updatedBy);
  return {
    where,
    maintenance: await site.getMaintenance(),
    announcements: await site.getAnnouncements(),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const out = await runSiteSettings(
      parseSiteSettingsArgs(process.argv.slice(2)),
      process.env.USER ? `operator:${process.env.USER}` : 'operator',
    );
    console.log(JSON.stringify(out, null, 2));
  } catch (err) {
    console.error(`site-settings: ${(err as Error).message}`);
    process.exit(1);
  }
}
