/**
 * The local redrive of dead-lettered domain events (infra/local/streams.ts `redriveDeadLetters`,
 * what `npx tsx infra/local/redrive.ts` runs; docs/reliability.md "Soak"). Found by the faulted
 * short soak: after a council's receiver was down, 2 of 21 webhook dead letters stayed in the file,
 * because the redrive tried each letter once and the receiver fails one delivery in five. A letter
 * is now retried as its mapping retried it first.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { readDeadLetters, redriveDeadLetters, type DeadLetter } from '../../../infra/local/stream-letters';

const dir = mkdtempSync(path.join(tmpdir(), 'local-redrive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const letter = (id: string, seq: string): DeadLetter => ({
  id,
  deadLetteredAt: '2026-11-30T07:00:00.000Z',
  attempts: 6,
  reason: 'function error: webhook delivery failed: HTTP 503',
  streamArn: 'arn:local',
  shardId: 'shard-1',
  record: { dynamodb: { SequenceNumber: seq } } as DynamoDBRecord,
  handler: 'council/webhooks-delivery',
});

describe('the local redrive', () => {
  it('retries a letter whose delivery fails now and then, as the mapping did; one that always fails stays', async () => {
    const file = path.join(dir, 'events.jsonl');
    writeFileSync(
      file,
      [letter('flaky', '100'), letter('broken', '200'), letter('fine', '300')]
        .map((l) => JSON.stringify(l) + '\n')
        .join(''),
    );
    // A receiver that fails the flaky letter's first two deliveries, and the broken one's always.
    const calls = new Map<string, number>();
    const handler = async (event: DynamoDBStreamEvent) => {
      const seq = event.Records[0]!.dynamodb!.SequenceNumber!;
      const n = (calls.get(seq) ?? 0) + 1;
      calls.set(seq, n);
      const fails = seq === '200' || (seq === '100' && n <= 2);
      return { batchItemFailures: fails ? [{ itemIdentifier: seq }] : [] };
    };
    const result = await redriveDeadLetters(file, async () => handler, { retryAttempts: 5, retryBaseMs: 1 });
    expect(result).toEqual({ delivered: 2, failed: 1 });
    expect(Object.fromEntries(calls)).toEqual({ '100': 3, '200': 6, '300': 1 });
    expect(readDeadLetters(file).map((l) => l.id)).toEqual(['broken']);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1);
  });
});
