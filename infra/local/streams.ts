/**
 * The local stand-in for the event source mappings of infra/constructs/event-consumers.ts (one per
 * feature's consumer function) and infra/constructs/webhook-delivery.ts: a poller over DynamoDB
 * Local's stream of the table that follows every shard (parents before children, new shards as they
 * appear) and, for each mapping ({@link STREAM_MAPPINGS}), applies its filter, calls its handler with
 * batches of Lambda-shaped records (the mappings side by side, as on AWS; each mapping's batches in
 * the shard's order), honours its partial-batch response, retries with backoff as the mapping does, and after
 * the last attempt appends the failed records to a JSON-lines dead-letter file
 * (dataDir/dead-letters/events.jsonl, each letter naming its handler: ./stream-letters.ts). `redrive()`
 * (and `npx tsx infra/local/redrive.ts`) delivers dead letters again, each to its handler.
 *
 * One reader follows the shards and hands each mapping the records its filter matches, in order, in
 * a queue of its own; each mapping delivers from its queue at its own pace, so a slow consumer does
 * not hold back the others (on AWS each mapping reads the stream itself). The reader stops reading
 * ahead while any mapping has {@link QUEUE_HIGH_WATER} records waiting.
 *
 * Checkpoints are kept in dataDir/streams.json, so a restart goes on where the last run stopped:
 * per mapping, the last sequence number it is done with in each shard, and per shard the lowest of
 * them (where the reader starts again; a mapping skips what it was already done with). The first
 * run starts at LATEST, as the mapping does.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import {
  matchesFilter,
  outboxFilterPattern,
  type FilterPattern,
} from '../../functions/platform/events/filter';
import { consumerFilterPattern, consumerFunctions } from '../../functions/platform/events/consumer-functions';
import { webhookDeliveryFilterPattern } from '../../functions/council/webhooks-events';
import { awsJsonClient, streamsApi, type StreamRecord, type StreamShard } from '../aws-json';
import { eventSourceSettings } from '../constructs/event-consumers';
import type { HandlerLoader } from './handlers';
import {
  STREAM_HANDLER,
  appendDeadLetter,
  deadLetterPath,
  invoke,
  readDeadLetters,
  redriveDeadLetters,
  type DeadLetter,
  type RedriveResult,
  type StreamHandler,
} from './stream-letters';
import type { Log } from './util';

/** The webhook delivery function's module (its own mapping on AWS: docs/events.md). */
export const WEBHOOK_DELIVERY_HANDLER = 'council/webhooks-delivery';

/** An event source mapping: the handler module, its filter, its function's name. */
export interface StreamMapping {
  handler: string;
  filter: FilterPattern;
  functionName: string;
}

/** The mappings on the table's stream, as CDK makes them; those whose module is missing are skipped. */
export const STREAM_MAPPINGS: readonly StreamMapping[] = [
  ...consumerFunctions.map((fn) => ({
    handler: fn.handler,
    filter: consumerFilterPattern(fn),
    functionName: `consent-portal-events-${fn.feature}`,
  })),
  { handler: STREAM_HANDLER, filter: outboxFilterPattern, functionName: 'consent-portal-events' },
  {
    handler: WEBHOOK_DELIVERY_HANDLER,
    filter: webhookDeliveryFilterPattern,
    functionName: 'consent-portal-webhooks',
  },
];

export interface LocalStreams {
  /** dataDir/dead-letters/events.jsonl */
  deadLetterFile: string;
  /** Resolves once a poll that started after the call found nothing new and nothing is being delivered. */
  drain(opts?: { timeoutMs?: number }): Promise<void>;
  /** Alias of drain (the name the other stand-ins use). */
  idle(): Promise<void>;
  /** Dead letters now in the file. */
  deadLetters(): DeadLetter[];
  /** Delivers every dead letter again (one at a time); those that still fail stay in the file. */
  redrive(): Promise<RedriveResult>;
  /** Reads every shard again from its oldest record (tests: a replay must change nothing). */
  rewind(): Promise<void>;
  /** Something may have written events (an API call ended): poll now, then quickly for a while. */
  nudge(): void;
  stop(): Promise<void>;
}

export interface StreamsOptions {
  dataDir: string;
  dynamo: DynamoDBClient;
  endpoint: string;
  region: string;
  tableName: string;
  handlers: HandlerLoader;
  log: Log;
  /** Pause between polls while events flow (default 100 ms): for 5 s after records or a nudge. */
  pollMs?: number;
  /** Pause between polls of a quiet stream (default 1000 ms). */
  idlePollMs?: number;
  /** Retries after the first failed invocation (default the mapping's, 5). */
  retryAttempts?: number;
  /** First retry delay, doubled each time up to 2 s (default 100 ms). */
  retryBaseMs?: number;
  batchSize?: number;
}

interface ShardState {
  shardId: string;
  parentShardId?: string;
  iterator?: string;
  /** Last sequence number read (where a new iterator starts after an expired one). */
  checkpoint?: string;
  closed: boolean;
}

/** Records read ahead of the slowest mapping, at most (then the reader waits for it). */
export const QUEUE_HIGH_WATER = 5000;

/** A mapping's records waiting to be delivered, in the order read, and what it is done with. */
interface MappingState {
  mapping: StreamMapping;
  queue: { shardId: string; record: DynamoDBRecord }[];
  /** Delivering a batch now. */
  busy: boolean;
  /** Per shard, the last sequence number this mapping is done with (delivered, dead-lettered or not its). */
  done: Map<string, string>;
}

/** Stream sequence numbers are decimal strings of up to 40 digits. */
const seqBefore = (a: string, b: string) => BigInt(a) < BigInt(b);

export async function startStreams(opts: StreamsOptions): Promise<LocalStreams> {
  const pollMs = opts.pollMs ?? 100;
  const idlePollMs = opts.idlePollMs ?? 1000;
  const activeForMs = 5000;
  let activeUntil = 0;
  const retryAttempts = opts.retryAttempts ?? eventSourceSettings.retryAttempts;
  const retryBaseMs = opts.retryBaseMs ?? 100;
  const batchSize = opts.batchSize ?? eventSourceSettings.batchSize;
  const deadLetterFile = deadLetterPath(opts.dataDir);
  mkdirSync(path.dirname(deadLetterFile), { recursive: true });
  const checkpointFile = path.join(opts.dataDir, 'streams.json');

  const table = await opts.dynamo.send(new DescribeTableCommand({ TableName: opts.tableName }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`table ${opts.tableName} has no stream`);
  const api = streamsApi(
    awsJsonClient({
      service: 'dynamodb',
      targetPrefix: 'DynamoDBStreams_20120810',
      endpoint: opts.endpoint,
      region: opts.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

  // Checkpoints of this stream from the last run (another stream ARN: the table was re-created).
  let saved: Record<string, string> = {};
  let savedByMapping: Record<string, Record<string, string>> = {};
  let firstRun = true;
  try {
    const file = JSON.parse(readFileSync(checkpointFile, 'utf8')) as {
      streamArn?: string;
      checkpoints?: Record<string, string>;
      mappings?: Record<string, Record<string, string>>;
    };
    if (file.streamArn === streamArn) {
      saved = file.checkpoints ?? {};
      savedByMapping = file.mappings ?? {};
      firstRun = false;
    }
  } catch {
    // none yet
  }
  const shards = new Map<string, ShardState>();
  /** Shards read to their end (closed and drained). */
  const finished = new Set<string>();
  /** Per shard, the last sequence number read, kept while a mapping may still have its records. */
  const readThrough = new Map<string, string>();
  /** Where each mapping is, for the file: done with, or everything read of a shard it has nothing queued of. */
  const mappingCheckpoints = (m: MappingState) => {
    const out: Record<string, string> = {};
    const pending = new Set(m.queue.map((q) => q.shardId));
    for (const [shardId, seq] of readThrough) {
      const done = pending.has(shardId) ? m.done.get(shardId) : seq;
      if (done) out[shardId] = done;
    }
    return out;
  };
  const saveCheckpoints = () => {
    const byMapping: Record<string, Record<string, string>> = {};
    for (const m of states) byMapping[m.mapping.handler] = mappingCheckpoints(m);
    // The reader starts again after the lowest: a shard a mapping has no checkpoint for is read again whole.
    const checkpoints: Record<string, string> = {};
    for (const shardId of readThrough.keys()) {
      let lowest: string | undefined;
      let missing = false;
      for (const m of states) {
        const seq = byMapping[m.mapping.handler]![shardId];
        if (!seq) missing = true;
        else if (!lowest || seqBefore(seq, lowest)) lowest = seq;
      }
      if (lowest && !missing) checkpoints[shardId] = lowest;
    }
    // Shards no mapping needs any more drop out of the file.
    for (const shardId of [...readThrough.keys()])
      if (!shards.has(shardId) && !states.some((m) => m.queue.some((q) => q.shardId === shardId)))
        readThrough.delete(shardId);
    writeFileSync(checkpointFile, JSON.stringify({ streamArn, checkpoints, mappings: byMapping }, null, 2));
  };

  const loaded = new Map<string, Promise<StreamHandler>>();
  const handlerOf = (module: string) => {
    let p = loaded.get(module);
    if (!p) loaded.set(module, (p = opts.handlers.load<StreamHandler>(module)));
    return p;
  };
  const mappings = STREAM_MAPPINGS.filter((m) => opts.handlers.exists(m.handler));
  const states: MappingState[] = mappings.map((mapping) => ({
    mapping,
    queue: [],
    busy: false,
    done: new Map(Object.entries(savedByMapping[mapping.handler] ?? {})),
  }));
  const sleeping = new Set<{ t: NodeJS.Timeout; resolve: () => void }>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = {
        t: setTimeout(() => {
          sleeping.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      sleeping.add(entry);
    });
  /** Thrown out of a delivery when the stack stops: the shard is not checkpointed past it. */
  const stoppedError = new Error('events: the stream poller stopped');

  let stopped = false;
  let listedAt = 0;
  let mustList = true;
  let rewindRequested = false;
  const waiters = new Set<{ after: number; resolve: () => void }>();

  async function refreshShards(): Promise<void> {
    const listed: StreamShard[] = await api.listShards(streamArn!);
    const known = new Set(listed.map((s) => s.ShardId));
    for (const s of listed) {
      if (shards.has(s.ShardId) || finished.has(s.ShardId)) continue;
      const state: ShardState = { shardId: s.ShardId, parentShardId: s.ParentShardId, closed: false };
      const checkpoint = saved[s.ShardId];
      if (checkpoint) {
        state.checkpoint = checkpoint;
        readThrough.set(s.ShardId, checkpoint);
        state.iterator = await api.shardIterator(streamArn!, s.ShardId, 'AFTER_SEQUENCE_NUMBER', checkpoint);
      } else if (firstRun && !s.SequenceNumberRange?.EndingSequenceNumber) {
        // First run: open shards from now on, as the mapping's LATEST.
        state.iterator = await api.shardIterator(streamArn!, s.ShardId, 'LATEST');
      } else if (firstRun) {
        finished.add(s.ShardId); // closed before this poller existed
        continue;
      } else {
        state.iterator = await api.shardIterator(streamArn!, s.ShardId, 'TRIM_HORIZON');
      }
      shards.set(s.ShardId, state);
    }
    // A parent no longer listed has been trimmed: its children need not wait for it.
    for (const s of shards.values())
      if (s.parentShardId && !known.has(s.parentShardId)) delete s.parentShardId;
    firstRun = false;
    listedAt = Date.now();
    mustList = false;
  }

  const toLambdaRecord = (r: StreamRecord): DynamoDBRecord =>
    ({ ...r, eventSourceARN: streamArn }) as unknown as DynamoDBRecord;

  async function deadLetter(
    shardId: string,
    mapping: StreamMapping,
    records: DynamoDBRecord[],
    attempts: number,
    reason: string,
  ) {
    const at = new Date().toISOString();
    for (const record of records) {
      const letter: DeadLetter = {
        id: randomUUID(),
        deadLetteredAt: at,
        attempts,
        reason,
        streamArn: streamArn!,
        shardId,
        record,
        handler: mapping.handler,
      };
      appendDeadLetter(deadLetterFile, letter);
    }
    opts.log(
      `events: ${records.length} record(s) of shard ${shardId} dead-lettered after ${attempts} attempts (${reason}): ${deadLetterFile}`,
    );
  }

  /** Delivers one batch as the event source mapping does: retries, then the dead-letter file. */
  async function deliver(shardId: string, mapping: StreamMapping, batch: DynamoDBRecord[]): Promise<void> {
    let pending = batch;
    for (let attempt = 1; pending.length; attempt++) {
      if (stopped) throw stoppedError; // read again at the next start
      const { failed, error } = await invoke(await handlerOf(mapping.handler), pending, mapping.functionName);
      if (!failed.size) return;
      // Lambda goes on from the lowest failed sequence number.
      const first = pending.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
      pending = pending.slice(first < 0 ? 0 : first);
      if (attempt > retryAttempts) {
        const reason = error ? `function error: ${error}` : 'reported as failed';
        const letters = error ? pending : pending.filter((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
        await deadLetter(shardId, mapping, letters, attempt, reason);
        return;
      }
      await sleep(Math.min(2000, retryBaseMs * 2 ** (attempt - 1)));
    }
  }

  /**
   * Delivers a mapping's queue in order, a batch (one shard's records) at a time, until it is empty.
   * When the stack stops, what is not delivered stays queued and is not checkpointed.
   */
  async function pump(m: MappingState): Promise<void> {
    if (m.busy || !m.queue.length) return;
    m.busy = true;
    try {
      while (m.queue.length && !stopped) {
        const shardId = m.queue[0]!.shardId;
        let n = 1;
        while (n < batchSize && n < m.queue.length && m.queue[n]!.shardId === shardId) n++;
        const batch = m.queue.slice(0, n).map((q) => q.record);
        try {
          await deliver(shardId, m.mapping, batch);
        } catch (err) {
          if (err === stoppedError) return;
          throw err;
        }
        m.queue.splice(0, n);
        m.done.set(shardId, batch[batch.length - 1]!.dynamodb!.SequenceNumber!);
        saveCheckpoints();
      }
    } catch (err) {
      opts.log(`events: delivery to ${m.mapping.handler} failed: ${String((err as Error)?.stack ?? err)}`);
    } finally {
      m.busy = false;
      deliveredInTick = tickNo;
    }
  }
  const delivering = () => states.some((m) => m.busy || m.queue.length);
  /** The tick during which a mapping last finished delivering (its writes may be on the stream). */
  let deliveredInTick = 0;

  /** Reads each shard once; answers how many records were read. */
  async function pollOnce(): Promise<number> {
    // Someone waits for a drain: new shards must not be missed.
    if (mustList || waiters.size || Date.now() - listedAt > 2000) await refreshShards();
    if (rewindRequested) {
      rewindRequested = false;
      for (const s of shards.values()) {
        s.iterator = await api.shardIterator(streamArn!, s.shardId, 'TRIM_HORIZON');
        delete s.checkpoint;
      }
      for (const m of states) m.done.clear();
    }
    let read = 0;
    for (const shard of [...shards.values()]) {
      if (stopped) break;
      // The slowest mapping is far behind: read on once it has caught up a little.
      if (states.some((m) => m.queue.length >= QUEUE_HIGH_WATER)) break;
      if (shard.parentShardId && shards.has(shard.parentShardId)) continue; // parent first
      if (!shard.iterator) {
        if (shard.closed) {
          shards.delete(shard.shardId);
          finished.add(shard.shardId);
        }
        continue;
      }
      let out;
      try {
        out = await api.getRecords(shard.iterator);
      } catch (err) {
        const name = (err as Error).name;
        if (name === 'ExpiredIteratorException' || name === 'TrimmedDataAccessException') {
          shard.iterator = shard.checkpoint
            ? await api.shardIterator(streamArn!, shard.shardId, 'AFTER_SEQUENCE_NUMBER', shard.checkpoint)
            : await api.shardIterator(streamArn!, shard.shardId, 'TRIM_HORIZON');
          continue;
        }
        if (name === 'ResourceNotFoundException') {
          shards.delete(shard.shardId);
          finished.add(shard.shardId);
          continue;
        }
        throw err;
      }
      const records = out.Records ?? [];
      read += records.length;
      const lambdaRecords = records.map(toLambdaRecord);
      // Each mapping gets what its filter matches and it is not done with yet (after a restart).
      for (const m of states) {
        // Nothing of this shard waiting: the mapping is done with everything read before.
        if (shard.checkpoint && !m.queue.some((q) => q.shardId === shard.shardId)) {
          const before = m.done.get(shard.shardId);
          if (!before || seqBefore(before, shard.checkpoint)) m.done.set(shard.shardId, shard.checkpoint);
        }
        const done = m.done.get(shard.shardId);
        for (const r of lambdaRecords) {
          const seq = r.dynamodb?.SequenceNumber ?? '';
          if (done && !seqBefore(done, seq)) continue;
          if (matchesFilter(m.mapping.filter, r)) m.queue.push({ shardId: shard.shardId, record: r });
        }
      }
      if (records.length) {
        shard.checkpoint = records[records.length - 1]!.dynamodb.SequenceNumber;
        readThrough.set(shard.shardId, shard.checkpoint);
      }
      for (const m of states) void pump(m);
      shard.iterator = out.NextShardIterator;
      if (!shard.iterator) {
        // Closed and read to its end: its children may start.
        shard.closed = true;
        mustList = true;
        shards.delete(shard.shardId);
        finished.add(shard.shardId);
      }
    }
    if (read) saveCheckpoints();
    return read;
  }

  // The poll loop: one tick at a time, a short pause when a tick read nothing.
  let tick: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let tickNo = 0;
  const loop = () => {
    timer = undefined;
    if (stopped) return;
    const startedTick = ++tickNo;
    tick = pollOnce().catch((err) => {
      if (err === stoppedError) return -1;
      opts.log(`events: stream poll failed: ${String((err as Error)?.stack ?? err)}`);
      mustList = true;
      return -1;
    });
    void tick.then((read) => {
      // Drained: a poll that started after the last delivery ended read nothing, and none is due.
      if (read === 0 && !delivering() && startedTick > deliveredInTick)
        for (const w of waiters)
          if (startedTick > w.after) {
            waiters.delete(w);
            w.resolve();
          }
      if (read > 0) activeUntil = Date.now() + activeForMs;
      if (stopped) return;
      if (delivering()) activeUntil = Math.max(activeUntil, Date.now() + pollMs);
      if (nudged || read > 0) {
        nudged = false;
        timer = setTimeout(loop, 0);
      } else {
        timer = setTimeout(loop, Date.now() < activeUntil || waiters.size ? pollMs : idlePollMs);
      }
    });
  };
  let nudged = false;
  const nudge = () => {
    activeUntil = Date.now() + activeForMs;
    if (stopped) return;
    if (timer) {
      clearTimeout(timer);
      timer = setTimeout(loop, 0);
    } else {
      nudged = true; // a tick is running: the next one starts right after it
    }
  };
  await refreshShards();
  loop();

  const drain = ({ timeoutMs = 30_000 } = {}) =>
    new Promise<void>((resolve, reject) => {
      if (stopped) return resolve();
      nudge();
      const t = setTimeout(() => {
        waiters.delete(w);
        reject(new Error(`events: the stream did not drain within ${timeoutMs} ms`));
      }, timeoutMs);
      const w = {
        after: tickNo,
        resolve: () => {
          clearTimeout(t);
          resolve();
        },
      };
      waiters.add(w);
    });

  return {
    deadLetterFile,
    drain,
    idle: () => drain(),
    deadLetters: () => readDeadLetters(deadLetterFile),
    redrive: async () => redriveDeadLetters(deadLetterFile, handlerOf),
    nudge,
    rewind() {
      rewindRequested = true;
      return drain();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      for (const s of sleeping) {
        clearTimeout(s.t);
        s.resolve();
      }
      sleeping.clear();
      await tick;
      while (states.some((m) => m.busy)) await new Promise((r) => setTimeout(r, 10));
      for (const w of waiters) w.resolve();
      waiters.clear();
    },
  };
}
