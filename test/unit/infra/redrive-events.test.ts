import type { DynamoDBRecord } from 'aws-lambda';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { awsJsonClient, streamsApi, type StreamRecord } from '../../../infra/aws-json.js';
import {
  invokeWith,
  insertRecordOf,
  parseRedriveArgs,
  readRange,
  regionOfQueueUrl,
  StreamFailureRecord,
  tableOfStreamArn,
} from '../../../infra/seed/redrive-events.js';
import { eventOfRecord } from '../../../functions/platform/events/dispatch.js';
import { isOutboxInsert } from '../../../functions/platform/events/filter.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
});

const streamArn =
  'arn:aws:dynamodb:ap-southeast-2:123456789012:table/ConsentPortal-dev-Data-Table1234/stream/2026-11-24T00:00:00.000';

/** The on-failure record Lambda sends for a stream batch (AWS documentation's example shape). */
const failureRecord = {
  requestContext: {
    requestId: '316aa6d0-8154-xmpl-9af7-85d5f4a6bc81',
    functionArn: 'arn:aws:lambda:ap-southeast-2:123456789012:function:events',
    condition: 'RetryAttemptsExhausted',
    approximateInvokeCount: 6,
  },
  responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
  version: '1.0',
  timestamp: '2026-11-24T00:38:06.021Z',
  DDBStreamBatchInfo: {
    shardId: 'shardId-00000001573689847184-864758bb',
    startSequenceNumber: '800000000003126276362',
    endSequenceNumber: '800000000003126276364',
    approximateArrivalOfFirstRecord: '2026-11-24T00:38:04.835Z',
    approximateArrivalOfLastRecord: '2026-11-24T00:38:05.580Z',
    batchSize: 3,
    streamArn,
  },
};

describe('redrive-events', () => {
  it('parses its arguments', () => {
    expect(parseRedriveArgs(['--queue', 'https://sqs.ap-southeast-2.amazonaws.com/1/q', '--list'])).toEqual({
      queue: 'https://sqs.ap-southeast-2.amazonaws.com/1/q',
      events: [],
      list: true,
    });
    expect(parseRedriveArgs(['--table', 't', '--event', 'a', '--event', 'b'])).toMatchObject({
      table: 't',
      events: ['a', 'b'],
    });
    expect(
      parseRedriveArgs([
        '--function',
        'consent-portal-webhooks',
        '--queue',
        'https://sqs.x.amazonaws.com/1/q',
      ]),
    ).toMatchObject({ function: 'consent-portal-webhooks' });
    // After a point-in-time restore: every outbox item after an instant (docs/reliability.md).
    expect(parseRedriveArgs(['--table', 't', '--since', '2026-11-30T01:55:00Z'])).toMatchObject({
      table: 't',
      since: '2026-11-30T01:55:00.000Z',
      events: [],
    });
    expect(() => parseRedriveArgs(['--since', '2026-11-30T01:55:00Z'])).toThrow(/--table/);
    expect(() => parseRedriveArgs(['--table', 't', '--since', 'an hour ago'])).toThrow(/ISO 8601/);
    expect(() => parseRedriveArgs([])).toThrow(/nothing to do/);
    expect(() => parseRedriveArgs(['--event', 'a'])).toThrow(/--table/);
    expect(() => parseRedriveArgs(['--bogus'])).toThrow();
  });

  it('reads the failure record, its table and the queue region', () => {
    expect(StreamFailureRecord.parse(failureRecord).DDBStreamBatchInfo.shardId).toBe(
      'shardId-00000001573689847184-864758bb',
    );
    expect(tableOfStreamArn(streamArn)).toBe('ConsentPortal-dev-Data-Table1234');
    expect(regionOfQueueUrl('https://sqs.ap-southeast-2.amazonaws.com/123456789012/dlq')).toBe(
      'ap-southeast-2',
    );
  });

  it('reads a stream range from its first to its last sequence number', async () => {
    const rec = (n: number): StreamRecord => ({
      eventID: `e${n}`,
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: String(800000000003126276360n + BigInt(n)) },
    });
    const pages: Record<string, { Records: StreamRecord[]; NextShardIterator?: string }> = {
      it1: { Records: [rec(2), rec(3)], NextShardIterator: 'it2' },
      it2: { Records: [], NextShardIterator: 'it3' },
      it3: { Records: [rec(4), rec(5)], NextShardIterator: 'it4' },
    };
    const calls: string[] = [];
    const api = streamsApi(async <T>(action: string, body: object): Promise<T> => {
      calls.push(action);
      if (action === 'GetShardIterator') {
        expect(body).toMatchObject({
          ShardIteratorType: 'AT_SEQUENCE_NUMBER',
          SequenceNumber: '800000000003126276362',
        });
        return { ShardIterator: 'it1' } as T;
      }
      return pages[(body as { ShardIterator: string }).ShardIterator] as T;
    });
    const records = await readRange(api, failureRecord.DDBStreamBatchInfo);
    expect(records.map((r) => r.eventID)).toEqual(['e2', 'e3', 'e4']);
    expect(records[0]!.eventSourceARN).toBe(streamArn);
    expect(calls).toEqual(['GetShardIterator', 'GetRecords', 'GetRecords', 'GetRecords']);
  });

  it('turns an outbox item read from the table into the INSERT the consumers get', () => {
    const item = {
      eventId: 'ev-1',
      type: 'ApplicationDeleted',
      aggregateType: 'application',
      aggregateId: '1000001',
      occurredAt: '2026-11-24T00:00:00.000Z',
      actor: 'user-1',
      data: {},
      ttl: 1,
      __edb_e__: 'domainEvent',
    };
    const record = insertRecordOf(item);
    expect(isOutboxInsert(record)).toBe(true);
    expect(eventOfRecord(record)).toMatchObject({ eventId: 'ev-1', aggregate: { id: '1000001' } });
  });
});

describe('awsJsonClient', () => {
  it('signs an AWS JSON 1.0 call and maps an error response', async () => {
    const seen: IncomingMessage['headers'][] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const target = req.headers['x-amz-target'];
        if (target === 'AmazonSQS.DeleteMessage') {
          res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
          res.end(
            JSON.stringify({ __type: 'com.amazonaws.sqs#ReceiptHandleIsInvalid', message: 'bad handle' }),
          );
          return;
        }
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify({ echo: JSON.parse(body) as unknown }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const call = awsJsonClient({
        service: 'sqs',
        targetPrefix: 'AmazonSQS',
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        region: 'ap-southeast-2',
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      });
      await expect(call('ReceiveMessage', { QueueUrl: 'q' })).resolves.toEqual({ echo: { QueueUrl: 'q' } });
      expect(seen[0]).toMatchObject({
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'AmazonSQS.ReceiveMessage',
      });
      expect(seen[0]!.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-southeast-2\/sqs\/aws4_request, SignedHeaders=.*x-amz-target.*, Signature=[0-9a-f]{64}$/,
      );
      await expect(call('DeleteMessage', {})).rejects.toMatchObject({
        name: 'ReceiptHandleIsInvalid',
        status: 400,
      });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('redrive through the function that owns the letters (the webhook delivery function)', () => {
  const record = { eventID: '1', dynamodb: { SequenceNumber: '10' } } as unknown as DynamoDBRecord;
  const answer = (payload: unknown, functionError?: string) => ({
    send: vi.fn(async () => ({
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
      ...(functionError ? { FunctionError: functionError } : {}),
    })),
  });

  it('invokes it with the stream batch and reads its partial-batch answer', async () => {
    const ok = answer({ batchItemFailures: [] });
    expect(await invokeWith('fn', [record, record], ok as never)).toEqual({ done: 2, failed: [] });
    const input = (
      ok.send.mock.calls[0] as unknown as [{ input: { Payload: Uint8Array; InvocationType: string } }]
    )[0].input;
    expect(input.InvocationType).toBe('RequestResponse');
    expect(JSON.parse(new TextDecoder().decode(input.Payload))).toEqual({ Records: [record, record] });
    const partial = answer({ batchItemFailures: [{ itemIdentifier: '10' }] });
    expect(await invokeWith('fn', [record], partial as never)).toMatchObject({
      done: 0,
      failed: [expect.stringContaining('10')],
    });
    const error = answer({ errorMessage: 'boom' }, 'Unhandled');
    expect((await invokeWith('fn', [record], error as never)).failed).toHaveLength(1);
  });
});
