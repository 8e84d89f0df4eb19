/**
 * Domain-event delivery latency on the local stack (`npm run bench -- events`): outbox items written
 * to DynamoDB Local in a transaction each, as writers do, then the time from the write to each
 * consumer's `consumedEvent` record (written by the dispatcher right after the consumer succeeded),
 * p50/p99 over the events: per consumer and for the event as a whole (its last consumer).
 *
 * Two shapes: a trickle (one event every EVENTS_GAP_MS, default 50 ms: a user at a time) and a burst
 * (EVENTS_BURST, default 200, written back to back: a busy minute). The events are of types several
 * features consume (ApplicationUpdated of a counted field, ParticipantAdded with no users) on
 * applications that do not exist, so every consumer runs its reads and finds nothing to do: the figure is the
 * delivery path (stream poll, filters, invocations, consumed records), not a consumer's own work.
 * The stack is the poller of infra/local/streams.ts with its default poll pauses (100 ms while events flow).
 *
 * It prints numbers and never fails on them.
 */
import { randomUUID } from 'node:crypto';

type BenchStack = Awaited<ReturnType<typeof import('../../infra/local/index').startLocalStack>>;
type Table = (rows: string[][]) => void;

const gapMs = Number(process.env.EVENTS_GAP_MS) || 50;
const trickle = Number(process.env.EVENTS_TRICKLE) || 100;
const burst = Number(process.env.EVENTS_BURST) || 200;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '-');

export async function eventsBench(stack: BenchStack, { table }: { table: Table }) {
  const { service, entities } = await import('../../functions/platform/data/service.js');
  const { newEvent, outboxItem } = await import('../../functions/platform/events/outbox.js');
  const { consumers } = await import('../../functions/platform/events/registry.js');
  const streams = stack.streams!;

  type Written = { eventId: string; type: string; writtenAt: number };
  async function write(i: number): Promise<Written> {
    const applicationId = randomUUID();
    const event =
      i % 2 === 0
        ? newEvent('ApplicationUpdated', {
            aggregate: { type: 'application', id: applicationId },
            actor: 'system',
            data: { changed: ['status'] },
          })
        : newEvent('ParticipantAdded', {
            aggregate: { type: 'application', id: applicationId },
            actor: 'system',
            data: { participantId: randomUUID(), userIds: [], reassignedFrom: [] },
          });
    await service.transaction.write((e) => [outboxItem(e, event as never)]).go();
    return { eventId: event.eventId, type: event.type, writtenAt: Date.now() };
  }

  async function measure(label: string, written: Written[]) {
    await streams.drain({ timeoutMs: 120_000 });
    const perConsumer = new Map<string, number[]>();
    const whole: number[] = [];
    let missing = 0;
    for (const w of written) {
      const { data } = await entities.consumedEvent.query
        .byEvent({ eventId: w.eventId })
        .go({ pages: 'all' });
      const expected = consumers.filter((c) => (c.handles as readonly string[]).includes(w.type));
      let last = 0;
      for (const c of expected) {
        const rec = data.find((d) => d.consumer === c.name);
        if (!rec) {
          missing++;
          continue;
        }
        const latency = Date.parse(rec.consumedAt) - w.writtenAt;
        last = Math.max(last, latency);
        perConsumer.set(c.name, [...(perConsumer.get(c.name) ?? []), latency]);
      }
      whole.push(last);
    }
    console.log(`\n${label}: ${written.length} events, ${missing} consumer records missing`);
    const rows = [['consumer', 'n', 'p50', 'p99']];
    rows.push(['(event: its last consumer)', String(whole.length), ms(pct(whole, 50)), ms(pct(whole, 99))]);
    for (const [name, xs] of [...perConsumer].sort(([a], [b]) => a.localeCompare(b)))
      rows.push([name, String(xs.length), ms(pct(xs, 50)), ms(pct(xs, 99))]);
    table(rows);
  }

  // Warm-up: the handlers' modules load on their first batch.
  await measure('warm-up', [await write(0), await write(1)]);

  const paced: Written[] = [];
  for (let i = 0; i < trickle; i++) {
    paced.push(await write(i));
    await new Promise((r) => setTimeout(r, gapMs));
  }
  await measure(`Trickle (one event every ${gapMs} ms)`, paced);

  const burstWritten: Written[] = [];
  for (let i = 0; i < burst; i++) burstWritten.push(await write(i));
  await measure('Burst (written back to back)', burstWritten);

  const letters = streams.deadLetters();
  console.log(`\nDead letters: ${letters.length}`);
}
