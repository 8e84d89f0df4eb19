/**
 * The table a stage runs on after a point-in-time restore (docs/reliability.md "Backup and
 * restore"). DynamoDB restores only into a new table; the stage then uses that table by name
 * instead of the one its Data stack created: infra/restored-tables.json holds it per stage,
 * committed, so every later deploy keeps pointing at it (context `tableName` and `tableStreamArn`
 * override the file for one deploy). Without an entry the Data stack creates and owns the table.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

/**
 * DynamoDB's point-in-time recovery window (the default and the maximum): the table can be restored
 * to any second of the last 35 days; the uploads' old versions are kept as long (data-stack.ts).
 */
export const PITR_WINDOW_DAYS = 35;

/** DynamoDB's table names: 3–255 of letters, digits, `_`, `-` and `.`. */
const TableName = z.string().regex(/^[A-Za-z0-9_.-]{3,255}$/, 'a DynamoDB table name');

export const RestoredTable = z
  .object({
    tableName: TableName,
    /** The restored table's stream (enabled after the restore: a restore does not carry it over). */
    streamArn: z
      .string()
      .regex(/^arn:aws[a-z-]*:dynamodb:[a-z0-9-]+:\d{12}:table\/[A-Za-z0-9_.-]+\/stream\/\S+$/, {
        message: 'a DynamoDB stream ARN (arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>)',
      }),
    /** When and from what it was restored (for the reader; the stacks do not use them). */
    restoredFrom: z.string().optional(),
    restorePoint: z.string().optional(),
  })
  .refine((t) => t.streamArn.includes(`:table/${t.tableName}/stream/`), {
    message: 'streamArn must be the stream of tableName',
  });
export type RestoredTable = z.infer<typeof RestoredTable>;

/** The file's `$comment` and one entry per stage that runs on a restored table. */
export const RestoredTables = z.record(z.string(), z.unknown());

export const RESTORED_TABLES_FILE = 'infra/restored-tables.json';

const defaultFile = path.join(import.meta.dirname, '..', 'restored-tables.json');

/** The stage's entry of infra/restored-tables.json, checked, or undefined. */
export function restoredTableOf(stage: string, file = defaultFile): RestoredTable | undefined {
  const all = RestoredTables.parse(JSON.parse(readFileSync(file, 'utf8')));
  const entry = all[stage];
  if (entry === undefined) return undefined;
  const parsed = RestoredTable.safeParse(entry);
  if (!parsed.success)
    throw new Error(
      `${RESTORED_TABLES_FILE} "${stage}": ${parsed.error.issues.map((i) => `${i.path.join('.') || '(entry)'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/**
 * The restored table of a stage: context `tableName` with `tableStreamArn` (both or neither), else
 * the stage's entry of the file.
 */
export function restoredTableFrom(
  stage: string,
  tableName: unknown,
  streamArn: unknown,
  file = defaultFile,
): RestoredTable | undefined {
  if (!tableName && !streamArn) return restoredTableOf(stage, file);
  if (!tableName || !streamArn)
    throw new Error('tableName and tableStreamArn go together (the restored table and its stream)');
  const parsed = RestoredTable.safeParse({ tableName: String(tableName), streamArn: String(streamArn) });
  if (!parsed.success)
    throw new Error(`Invalid restored table: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

/** The file with the stage's entry set (what infra/seed/restore-table.ts writes). */
export function withRestoredTable(text: string, stage: string, entry: RestoredTable): string {
  const all = RestoredTables.parse(JSON.parse(text));
  return JSON.stringify({ ...all, [stage]: RestoredTable.parse(entry) }, null, 2) + '\n';
}
