/**
 * Domain events on the local stack, on a stack this file starts with the fixture functions
 * (test/fixtures/functions/platform/events/stream.ts: a recording consumer and a flaky one): an
 * outbox item written in a transaction reaches its consumer once, also when the poller reads the
 * stream again; a consumer that always throws is retried and its event lands in the dead-letter
 * file; a redrive delivers it once the consumer works; a mapping whose consumer is slow does not
 * hold back another mapping's deliveries (each mapping has its own queue, as each reads the stream
 * on AWS).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalStack, type LocalStack, type LocalStreams } from '../../infra/local/index';
import type { DomainEvent } from '../../functions/platform/events/types';
import { waitFor } from '../support/wait';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, process.env.STACK_DIR ?? '.local-test', 'events-test');
const recordDir = path.join(dataDir, 'records');
const functionsDir = path.join(root, 'test/fixtures/functions');
const portBase = (Number(process.env.PORT_BASE) || 4100) + 200;
const retryAttempts = 3;

function records<T>(kind: string): T[] {
  const dir = path.join(recordDir, kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as T);
}
const recorded = (kind: string, eventId: string) =>
  records<{ eventId: string }>(kind).filter((r) => r.eventId === eventId);

let stack: LocalStack;
let streams: LocalStreams;
let write: (event: DomainEvent) => Promise<void>;
let consumersOf: (eventId: string) => Promise<string[]>;
let newEvent: typeof import('../../functions/platform/events/outbox').newEvent;

beforeAll(async () => {
  process.env.LOCAL_FIXTURE_RECORD_DIR = recordDir;
  stack = await startLocalStack({
    dataDir,
    portBase,
    reset: true,
    webMode: 'none',
    quiet: true,
    functionsDir,
    seed: false,
    handleSignals: false,
    events: { pollMs: 100, idlePollMs: 100, retryAttempts, retryBaseMs: 20 },
  });
  streams = stack.streams!;
  // The stack has pointed TABLE_NAME and the DynamoDB endpoint at itself: the service binds to them.
  const { service, entities } = await import('../../functions/platform/data/service');
  const outbox = await import('../../functions/platform/events/outbox');
  newEvent = outbox.newEvent;
  write = async (event) => {
    const result = await service.transaction
      .write((e) => [
        e.siteSetting.put({ name: 'announcements', value: [], updatedBy: event.actor }).commit(),
        outbox.outboxItem(e, event),
      ])
      .go();
    expect(result.canceled).toBe(false);
  };
  consumersOf = async (eventId) =>
    (await entities.consumedEvent.query.byEvent({ eventId }).go()).data.map((d) => d.consumer).sort();
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('domain events on the local stack', () => {
  test('an outbox item written in a transaction reaches its consumer exactly once, also when the stream is read again', async () => {
    const event = newEvent('ApplicationCreated', {
      aggregate: { type: 'application', id: '1000001' },
      actor: 'user-1',
      data: { applicationNumber: 'BLD-2025-00001' },
    });
    const t0 = Date.now();
    await write(event);
    await waitFor('the recorder to get the event', () => recorded('event-recorder', event.eventId).length);
    const cold = Date.now() - t0;
    await streams.drain();
    // Warm: the handler module is loaded.
    const warm = newEvent('ApplicationCreated', {
      aggregate: { type: 'application', id: '1000003' },
      actor: 'user-1',
      data: {},
    });
    const t1 = Date.now();
    await write(warm);
    await waitFor(
      'the recorder to get the second event',
      () => recorded('event-recorder', warm.eventId).length,
    );
    console.log(
      `[events] write → consumer: ${cold} ms (first, loads the handler), ${Date.now() - t1} ms warm`,
    );
    expect(recorded('event-recorder', event.eventId)).toEqual([
      expect.objectContaining({
        eventId: event.eventId,
        type: 'ApplicationCreated',
        aggregate: { type: 'application', id: '1000001' },
        actor: 'user-1',
        data: { applicationNumber: 'BLD-2025-00001' },
        occurredAt: event.occurredAt,
      }),
    ]);
    expect(await consumersOf(event.eventId)).toEqual(['fixture-recorder']);

    // The poller reads every shard again from its oldest record: nothing runs twice.
    await streams.rewind();
    await streams.drain();
    expect(recorded('event-recorder', event.eventId)).toHaveLength(1);
    expect(streams.deadLetters()).toEqual([]);
  });

  test('a consumer that always throws is retried, dead-lettered, and delivered by a redrive once it works', async () => {
    const broken = path.join(recordDir, 'flaky-broken');
    mkdirSync(recordDir, { recursive: true });
    writeFileSync(broken, '');
    const event = newEvent('ApplicationUpdated', {
      aggregate: { type: 'application', id: '1000002' },
      actor: 'council:wcc',
      data: { changed: ['status'] },
    });
    await write(event);
    const letters = await waitFor('the dead letter', () => {
      const mine = streams
        .deadLetters()
        .filter((l) => l.record.dynamodb?.NewImage?.eventId?.S === event.eventId);
      return mine.length ? mine : undefined;
    });
    await streams.drain();
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ attempts: retryAttempts + 1, reason: 'reported as failed' });
    // The first attempt and every retry ran the flaky consumer; the other consumer ran once.
    expect(recorded('event-flaky-attempt', event.eventId)).toHaveLength(retryAttempts + 1);
    expect(recorded('event-flaky', event.eventId)).toHaveLength(0);
    expect(recorded('event-recorder', event.eventId)).toHaveLength(1);
    expect(await consumersOf(event.eventId)).toEqual(['fixture-recorder']);
    // The file is JSON lines.
    const lines = readFileSync(stack.outputs.EventDeadLetterFile, 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(letters.map((l) => l.id));

    // Still broken: the redrive keeps the letter.
    await expect(streams.redrive()).resolves.toEqual({ delivered: 0, failed: 1 });
    expect(streams.deadLetters()).toHaveLength(1);

    rmSync(broken);
    await expect(streams.redrive()).resolves.toEqual({ delivered: 1, failed: 0 });
    expect(streams.deadLetters()).toEqual([]);
    expect(recorded('event-flaky', event.eventId)).toHaveLength(1);
    expect(recorded('event-recorder', event.eventId)).toHaveLength(1);
    expect(await consumersOf(event.eventId)).toEqual(['fixture-flaky', 'fixture-recorder']);
  });

  test('a slow consumer holds back only its own mapping: the webhook delivery goes on meanwhile', async () => {
    const hold = path.join(recordDir, 'slow-hold');
    mkdirSync(recordDir, { recursive: true });
    writeFileSync(hold, '');
    const claim = (id: string) =>
      newEvent('DepositClaimed', {
        aggregate: { type: 'application', id },
        actor: 'user-1',
        data: { authorityId: 'wcc', paymentId: `payment-${id}`, status: 'Claimed' },
      });
    const delivered = (eventId: string) =>
      records<{ eventId: string }>('webhook-delivery').filter((r) => r.eventId === eventId);
    const first = claim('1000004');
    await write(first);
    await waitFor('the webhook delivery to get the first event', () => delivered(first.eventId).length);
    // The events mapping is held in its slow consumer; events written now still reach the webhooks.
    const second = claim('1000005');
    await write(second);
    await waitFor('the webhook delivery to get the second event', () => delivered(second.eventId).length);
    expect(recorded('event-slow', first.eventId)).toHaveLength(0);
    rmSync(hold);
    await waitFor('the slow consumer to finish both', () => recorded('event-slow', second.eventId).length);
    await streams.drain();
    expect(recorded('event-slow', first.eventId)).toHaveLength(1);
    expect(delivered(first.eventId)).toHaveLength(1);
    expect(delivered(second.eventId)).toHaveLength(1);
    expect(await consumersOf(first.eventId)).toEqual(['fixture-slow']);
    expect(streams.deadLetters()).toEqual([]);
  });
});
