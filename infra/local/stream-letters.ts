/**
 * The local event source mappings' dead letters (infra/local/streams.ts): the records a mapping
 * gave up on after its last retry, one JSON line each in dataDir/dead-letters/events.jsonl naming
 * its handler, and their redrive (`npx tsx infra/local/redrive.ts`, docs/operations.md "Dead
 * letters"): each letter delivered again through its handler with the mapping's retries.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { eventSourceSettings } from '../constructs/event-consumers';
import { lambdaContext } from './handlers';

/**
 * One handler for every outbox item: no longer in functions/ (each feature's consumers have their
 * own function since the split), but a functions folder may have one (the test fixtures'
 * test/fixtures/functions/platform/events/stream.ts).
 */
export const STREAM_HANDLER = 'platform/events/stream';
export interface DeadLetter {
  id: string;
  deadLetteredAt: string;
  /** Invocations made (1 + retries). */
  attempts: number;
  reason: string;
  streamArn: string;
  shardId: string;
  record: DynamoDBRecord;
  /** The handler module that failed it (absent in letters of before: the events handler). */
  handler?: string;
}

export interface RedriveResult {
  delivered: number;
  failed: number;
}

export type StreamHandler = (
  event: DynamoDBStreamEvent,
  context: unknown,
) => Promise<DynamoDBBatchResponse | void>;

export const deadLetterPath = (dataDir: string) => path.join(dataDir, 'dead-letters', 'events.jsonl');

export function readDeadLetters(file: string): DeadLetter[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as DeadLetter);
}

function writeDeadLetters(file: string, letters: DeadLetter[]): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, letters.map((l) => JSON.stringify(l) + '\n').join(''));
  renameSync(tmp, file);
}

/** Invokes the stream handler with `records`; answers the sequence numbers that failed. */
export async function invoke(
  handler: StreamHandler,
  records: DynamoDBRecord[],
  functionName = 'consent-portal-events',
): Promise<{ failed: Set<string>; error?: string }> {
  try {
    const res = await handler({ Records: records }, lambdaContext(functionName, randomUUID()));
    return { failed: new Set((res?.batchItemFailures ?? []).map((f) => f.itemIdentifier)) };
  } catch (err) {
    // A function error fails the whole batch, as in Lambda.
    return {
      failed: new Set(records.map((r) => r.dynamodb?.SequenceNumber ?? '')),
      error: String((err as Error)?.message ?? err),
    };
  }
}

/**
 * Re-delivers the dead letters of `file`, each through its handler (`handlerOf` its module), one at
 * a time, with the mapping's retries (`retryAttempts` after the first, backoff from `retryBaseMs`
 * doubled up to 2 s): a receiver that fails one delivery in five (a council's flaky endpoint) is
 * retried as the first delivery was, not given up on after one try. Rewrites the file with those
 * that still fail (lines appended meanwhile are kept).
 */
export async function redriveDeadLetters(
  file: string,
  handlerOf: (module: string) => Promise<StreamHandler>,
  options: { retryAttempts?: number; retryBaseMs?: number } = {},
): Promise<RedriveResult> {
  const retries = options.retryAttempts ?? eventSourceSettings.retryAttempts;
  const baseMs = options.retryBaseMs ?? 100;
  const letters = readDeadLetters(file);
  const delivered = new Set<string>();
  for (const letter of letters) {
    const handler = await handlerOf(letter.handler ?? STREAM_HANDLER);
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(2000, baseMs * 2 ** (attempt - 1))));
      const { failed } = await invoke(handler, [letter.record]);
      if (!failed.size) {
        delivered.add(letter.id);
        break;
      }
    }
  }
  if (delivered.size)
    writeDeadLetters(
      file,
      readDeadLetters(file).filter((l) => !delivered.has(l.id)),
    );
  return { delivered: delivered.size, failed: letters.length - delivered.size };
}

/** Appends one dead letter to the file. */
export function appendDeadLetter(file: string, letter: DeadLetter): void {
  appendFileSync(file, JSON.stringify(letter) + '\n');
}
