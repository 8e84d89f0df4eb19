/**
 * Redrives domain events that the stream consumers gave up on (AWS).
 *
 *   npx tsx infra/seed/redrive-events.ts --queue <dead-letter queue URL> [--list] [--region r]
 *   npx tsx infra/seed/redrive-events.ts --table <TableName> --event <eventId> [--event <eventId> ...]
 *   npx tsx infra/seed/redrive-events.ts --table <TableName> --since <ISO instant>
 *
 *   npx tsx infra/seed/redrive-events.ts --function <webhook delivery function> --queue <its queue URL>
 *
 * `--queue`: each message of the event consumers' dead-letter queue is the failure record of a
 * batch (`DDBStreamBatchInfo`: stream ARN, shard, first and last sequence number). The records of
 * that range are read again from the table's stream (possible for 24 h: the stream's retention),
 * dispatched to the consumers (functions/platform/events/dispatch.ts, the code the Lambda runs), and
 * the message is deleted once every record succeeded; a message that fails again stays in the queue.
 * `--list` only shows the messages.
 *
 * `--function`: the records are dispatched by that function instead of in this process (a
 * RequestResponse invoke with the stream batch, as its mapping gives it). For the council webhook
 * delivery function's dead letters (`WebhookDelivery/DeadLetters`): only that function holds the
 * key that opens the signing secrets and may send to councils (docs/council-api.md §5), so its
 * letters are redriven through it, never by the event consumers' code here.
 *
 * `--event`: after the stream has dropped the records, the outbox item itself is still in the table
 * for 7 days (its TTL): the event is dispatched from there (find the ids in the Lambda's logs:
 * `events: consumer failed` carries `eventId`).
 *
 * `--since`: every outbox item of the table that occurred after the instant, as `--event` does
 * (a filtered Scan finds them). After a point-in-time restore (docs/reliability.md "Backup and
 * restore"): the events of the last moments before the restore point whose consumers ran after it
 * have no `consumedEvent` record in the restored table, and the restored table's new stream never
 * carries them; redriving from a while before the restore point runs exactly those consumers again.
 *
 * Consumers that already handled an event skip it (their `consumedEvent` record), so redriving a
 * whole range changes nothing but the failed part. Run with credentials that may read the stream and
 * the queue and read/write the table, and with the environment the consumers need (the stream
 * function's variables).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import * as z from 'zod';
import { ENTITY_ATTRIBUTE, OUTBOX_ENTITY } from '../../functions/platform/events/filter.js';
import { outboxEventIdsSince } from './restore-lost.js';
import { awsJsonClient, sqsEndpoint, streamsApi, streamsEndpoint, type StreamRecord } from '../aws-json.js';

/** The on-failure record Lambda sends for a DynamoDB stream batch. */
export const StreamFailureRecord = z.object({
  requestContext: z.object({ condition: z.string().optional() }).partial().optional(),
  responseContext: z.object({ functionError: z.string().optional() }).partial().optional(),
  timestamp: z.string().optional(),
  DDBStreamBatchInfo: z.object({
    shardId: z.string(),
    startSequenceNumber: z.string(),
    endSequenceNumber: z.string(),
    batchSize: z.number().optional(),
    streamArn: z.string(),
  }),
});
export type StreamFailureRecord = z.infer<typeof StreamFailureRecord>;

export interface RedriveArgs {
  queue?: string;
  table?: string;
  /** Dispatch by invoking this function (the webhook delivery function) instead of in process. */
  function?: string;
  events: string[];
  /** Every outbox item after this instant (ISO 8601), with `table`. */
  since?: string;
  region?: string;
  list: boolean;
}

export function parseRedriveArgs(argv: string[]): RedriveArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      queue: { type: 'string' },
      table: { type: 'string' },
      event: { type: 'string', multiple: true },
      since: { type: 'string' },
      region: { type: 'string' },
      list: { type: 'boolean', default: false },
      function: { type: 'string' },
    },
    strict: true,
  });
  const args: RedriveArgs = {
    events: values.event ?? [],
    list: values.list ?? false,
    ...(values.queue ? { queue: values.queue } : {}),
    ...(values.table ? { table: values.table } : {}),
    ...(values.region ? { region: values.region } : {}),
    ...(values.function ? { function: values.function } : {}),
  };
  if (values.since !== undefined) {
    const t = Date.parse(values.since);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(values.since) || Number.isNaN(t))
      throw new Error('--since takes an ISO 8601 instant, e.g. 2026-11-30T01:55:00Z');
    args.since = new Date(t).toISOString();
  }
  if (!args.queue && !args.events.length && !args.since)
    throw new Error('nothing to do: give --queue <url>, --event <id> or --since <instant>');
  if ((args.events.length || args.since) && !args.table)
    throw new Error('--event and --since need --table <TableName>');
  return args;
}

/** `arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>` → name. */
export function tableOfStreamArn(streamArn: string): string {
  const m = /:table\/([^/]+)\/stream\//.exec(streamArn);
  if (!m) throw new Error(`not a DynamoDB stream ARN: ${streamArn}`);
  return m[1]!;
}

/** `https://sqs.<region>.amazonaws.com/<account>/<name>` → region. */
export function regionOfQueueUrl(url: string): string | undefined {
  return /sqs[.-]([a-z0-9-]+)\.amazonaws\.com/.exec(url)?.[1];
}

const seq = (s: string) => BigInt(s);

/** The records of a stream range, in order (stops after `end`, at the end of the shard, or when it runs dry). */
export async function readRange(
  streams: ReturnType<typeof streamsApi>,
  info: StreamFailureRecord['DDBStreamBatchInfo'],
): Promise<DynamoDBRecord[]> {
  const out: DynamoDBRecord[] = [];
  let iterator = await streams.shardIterator(
    info.streamArn,
    info.shardId,
    'AT_SEQUENCE_NUMBER',
    info.startSequenceNumber,
  );
  let emptyPages = 0;
  while (iterator && emptyPages < 5) {
    const page = await streams.getRecords(iterator);
    const records: StreamRecord[] = page.Records ?? [];
    emptyPages = records.length ? 0 : emptyPages + 1;
    for (const r of records) {
      if (seq(r.dynamodb.SequenceNumber) > seq(info.endSequenceNumber)) return out;
      out.push({ ...r, eventSourceARN: info.streamArn } as unknown as DynamoDBRecord);
    }
    if (out.length && out.at(-1)!.dynamodb!.SequenceNumber === info.endSequenceNumber) return out;
    iterator = page.NextShardIterator;
  }
  return out;
}

/** A synthetic INSERT record of an outbox item read from the table. */
export function insertRecordOf(item: Record<string, unknown>): DynamoDBRecord {
  return {
    eventID: `redrive-${String(item.eventId)}`,
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      NewImage: marshall(item, { removeUndefinedValues: true }) as NonNullable<
        DynamoDBRecord['dynamodb']
      >['NewImage'],
      SequenceNumber: `redrive-${String(item.eventId)}`,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

/** What a dispatch did: records whose consumers all ran, and the failures' reasons. */
export interface Dispatched {
  done: number;
  failed: string[];
}

/**
 * Dispatches `records` by invoking `functionName` with them (RequestResponse, the stream batch's
 * shape): its partial-batch answer says which failed; a function error fails them all.
 */
export async function invokeWith(
  functionName: string,
  records: DynamoDBRecord[],
  client: Pick<LambdaClient, 'send'> = new LambdaClient({}),
): Promise<Dispatched> {
  const out = await client.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'RequestResponse',
      Payload: new TextEncoder().encode(JSON.stringify({ Records: records })),
    }),
  );
  const text = out.Payload ? new TextDecoder().decode(out.Payload) : '';
  if (out.FunctionError)
    return { done: 0, failed: [`${functionName}: ${out.FunctionError} ${text.slice(0, 300)}`] };
  const failures =
    (JSON.parse(text || '{}') as { batchItemFailures?: { itemIdentifier: string }[] }).batchItemFailures ??
    [];
  return {
    done: records.length - failures.length,
    failed: failures.map((f) => `record ${f.itemIdentifier} failed (${functionName}'s log says why)`),
  };
}

async function main(args: RedriveArgs): Promise<number> {
  const ddb = new DynamoDBClient(args.region ? { region: args.region } : {});
  const region =
    args.region ?? (args.queue ? regionOfQueueUrl(args.queue) : undefined) ?? (await ddb.config.region());
  const credentials = ddb.config.credentials;
  const sqs = awsJsonClient({
    service: 'sqs',
    targetPrefix: 'AmazonSQS',
    endpoint: process.env.AWS_ENDPOINT_URL_SQS ?? sqsEndpoint(region),
    region,
    credentials,
  });
  const streams = streamsApi(
    awsJsonClient({
      service: 'dynamodb',
      targetPrefix: 'DynamoDBStreams_20120810',
      endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB_STREAMS ?? streamsEndpoint(region),
      region,
      credentials,
    }),
  );

  // The dispatcher binds to TABLE_NAME when it is first imported.
  const dispatchInProcess = async (table: string, records: DynamoDBRecord[]): Promise<Dispatched> => {
    process.env.TABLE_NAME ??= table;
    if (process.env.TABLE_NAME !== table)
      throw new Error(`records of table ${table}, TABLE_NAME is ${process.env.TABLE_NAME}`);
    const [{ dispatchRecords, tableConsumedStore }, { consumers }, { logger }] = await Promise.all([
      import('../../functions/platform/events/dispatch.js'),
      import('../../functions/platform/events/registry.js'),
      import('../../functions/platform/logger.js'),
    ]);
    const result = await dispatchRecords(records, { consumers, store: await tableConsumedStore(), logger });
    return {
      done: result.outcomes.filter((o) => o.status === 'done').length,
      failed: result.outcomes.flatMap((o) => (o.status === 'failed' ? [o.errors.join('; ')] : [])),
    };
  };
  const dispatchWith = (table: string, records: DynamoDBRecord[]) =>
    args.function ? invokeWith(args.function, records) : dispatchInProcess(table, records);
  let failures = 0;

  if (args.since) {
    const ids = await outboxEventIdsSince(ddb, args.table!, args.since);
    console.log(`${ids.length} outbox item(s) after ${args.since} in ${args.table}`);
    args.events.push(...ids);
  }

  for (const eventId of args.events) {
    process.env.TABLE_NAME ??= args.table!;
    const { entities } = await import('../../functions/platform/data/service.js');
    const { data } = await entities.domainEvent.get({ eventId }).go();
    if (!data) {
      console.error(`event ${eventId}: no outbox item (expired after 7 days, or a wrong id)`);
      failures++;
      continue;
    }
    const item = { ...data, [ENTITY_ATTRIBUTE]: OUTBOX_ENTITY };
    const result = await dispatchWith(args.table!, [insertRecordOf(item)]);
    console.log(`event ${eventId}: ${result.failed.length ? `failed ${result.failed.join('; ')}` : 'done'}`);
    if (result.failed.length) failures++;
  }

  if (args.queue) {
    for (;;) {
      const { Messages = [] } = await sqs<{
        Messages?: { ReceiptHandle: string; Body: string; MessageId: string }[];
      }>('ReceiveMessage', {
        QueueUrl: args.queue,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
        // Listing leaves the messages visible; a redrive hides them while it works on them.
        VisibilityTimeout: args.list ? 0 : 300,
      });
      if (!Messages.length) break;
      for (const m of Messages) {
        const parsed = StreamFailureRecord.safeParse(JSON.parse(m.Body));
        if (!parsed.success) {
          console.error(`message ${m.MessageId}: not a stream failure record; left in the queue`);
          failures++;
          continue;
        }
        const info = parsed.data.DDBStreamBatchInfo;
        const label = `message ${m.MessageId} (${info.shardId} ${info.startSequenceNumber}..${info.endSequenceNumber}, ${parsed.data.requestContext?.condition ?? ''})`;
        if (args.list) {
          console.log(label);
          continue;
        }
        let records: DynamoDBRecord[];
        try {
          records = await readRange(streams, info);
        } catch (err) {
          console.error(
            `${label}: the stream no longer has these records (${String((err as Error).message)}); redrive by --event <id> from the table (7 days)`,
          );
          failures++;
          continue;
        }
        const result = await dispatchWith(tableOfStreamArn(info.streamArn), records);
        if (result.failed.length) {
          failures++;
          console.error(
            `${label}: ${result.failed.length} record(s) still failing: ${result.failed.join(' | ')}`,
          );
          continue;
        }
        await sqs('DeleteMessage', { QueueUrl: args.queue, ReceiptHandle: m.ReceiptHandle });
        console.log(`${label}: ${result.done} event(s) delivered; message deleted`);
      }
      if (args.list) break; // received messages become visible again after the visibility timeout
    }
  }
  ddb.destroy();
  return failures ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(parseRedriveArgs(process.argv.slice(2))).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(String((err as Error)?.stack ?? err));
      process.exit(2);
    },
  );
}
