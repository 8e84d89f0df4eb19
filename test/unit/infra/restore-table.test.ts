/**
 * The point-in-time restore command (infra/seed/restore-table.ts, infra/seed/restore-lost.ts, docs/reliability.md "Backup and
 * restore"): what it asks DynamoDB for, in order, what it refuses, the stage's entry it writes, and
 * the report of what a restore undid. DynamoDB Local has no point-in-time restore: the client is
 * mocked here.
 */
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
  ConditionalCheckFailedException,
  UpdateContinuousBackupsCommand,
  UpdateItemCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  defaultTargetName,
  parseRestoreArgs,
  restoreTable,
  type RestoreArgs,
} from '../../../infra/seed/restore-table.js';
import { formatLost, lostSince, outboxEventIdsSince, scanLost } from '../../../infra/seed/restore-lost.js';
import { restoredTableOf } from '../../../infra/stacks/restored-table.js';

const ddb = mockClient(DynamoDBClient);
const source = 'ConsentPortal-prod-Data-Table1A2B3C';
const to = '2026-11-30T02:55:00.000Z';
const target = `${source}-restored-202611300255`;
const streamArn = `arn:aws:dynamodb:ap-southeast-2:123456789012:table/${target}/stream/2026-11-30T04:10:00.000`;

function tablesFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'restored-tables-')), 'restored-tables.json');
  writeFileSync(file, JSON.stringify({ $comment: 'per stage' }));
  return file;
}

/** The application id counter as the source has it: 15 issued. */
const counter = marshall({
  pk: '$portal#name_applicationid#scope_all',
  sk: '$counter_1',
  __edb_e__: 'counter',
  __edb_v__: '1',
  name: 'applicationId',
  scope: 'all',
  value: 15,
});

const args: RestoreArgs = { command: 'restore', stage: 'prod', source, to, target, prodLike: true };

beforeEach(() => {
  ddb.reset();
  ddb.on(DescribeTimeToLiveCommand).resolves({ TimeToLiveDescription: { TimeToLiveStatus: 'DISABLED' } });
  ddb.on(ScanCommand).resolves({ Items: [counter] });
  ddb.on(UpdateItemCommand).resolves({ Attributes: { value: { N: '12' } } });
  ddb.on(DescribeContinuousBackupsCommand).resolves({
    ContinuousBackupsDescription: {
      ContinuousBackupsStatus: 'ENABLED',
      PointInTimeRecoveryDescription: {
        PointInTimeRecoveryStatus: 'ENABLED',
        EarliestRestorableDateTime: new Date('2026-10-26T04:00:00Z'),
        LatestRestorableDateTime: new Date('2026-11-30T04:05:00Z'),
      },
    },
  });
});

describe('restore-table restore', () => {
  it('restores into a new table, waits, then sets the stream, TTL, PITR and deletion protection, and records the table for the stage', async () => {
    // The target does not exist, then is being created, then is active; then its stream appears.
    ddb
      .on(DescribeTableCommand, { TableName: target })
      .rejectsOnce(new ResourceNotFoundException({ message: 'not found', $metadata: {} }))
      .resolvesOnce({ Table: { TableStatus: 'CREATING' } })
      .resolvesOnce({
        Table: {
          TableStatus: 'ACTIVE',
          GlobalSecondaryIndexes: [{ IndexName: 'gsi1', IndexStatus: 'CREATING' }],
        },
      })
      .resolvesOnce({
        Table: {
          TableStatus: 'ACTIVE',
          GlobalSecondaryIndexes: [{ IndexName: 'gsi1', IndexStatus: 'ACTIVE' }],
        },
      })
      .resolves({
        Table: {
          TableStatus: 'ACTIVE',
          StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
          LatestStreamArn: streamArn,
        },
      });
    const file = tablesFile();
    const lines: string[] = [];
    const entry = await restoreTable(args, {
      client: new DynamoDBClient({}),
      pollMs: 0,
      log: (l) => lines.push(l),
      restoredTablesFile: file,
    });

    expect(entry).toEqual({ tableName: target, streamArn, restoredFrom: source, restorePoint: to });
    expect(restoredTableOf('prod', file)).toEqual(entry);
    expect(JSON.parse(readFileSync(file, 'utf8')).$comment).toBe('per stage');

    const restore = ddb.commandCalls(RestoreTableToPointInTimeCommand);
    expect(restore).toHaveLength(1);
    expect(restore[0]!.args[0].input).toEqual({
      SourceTableName: source,
      TargetTableName: target,
      RestoreDateTime: new Date(to),
      BillingModeOverride: 'PAY_PER_REQUEST',
      SSESpecificationOverride: { Enabled: true, SSEType: 'KMS' },
    });
    expect(ddb.commandCalls(UpdateTableCommand).map((c) => c.args[0].input)).toEqual([
      {
        TableName: target,
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      },
      { TableName: target, DeletionProtectionEnabled: true },
    ]);
    expect(ddb.commandCalls(UpdateTimeToLiveCommand)[0]!.args[0].input).toEqual({
      TableName: target,
      TimeToLiveSpecification: { Enabled: true, AttributeName: 'ttl' },
    });
    expect(ddb.commandCalls(UpdateContinuousBackupsCommand)[0]!.args[0].input).toEqual({
      TableName: target,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 35 },
    });
    // The counters carried forward from the source: ids issued after the restore point are not
    // issued again (a conditional update that only raises).
    expect(ddb.commandCalls(ScanCommand)[0]!.args[0].input).toMatchObject({
      TableName: source,
      ExpressionAttributeValues: { ':counter': { S: 'counter' } },
    });
    const [raise] = ddb.commandCalls(UpdateItemCommand).map((c) => c.args[0].input);
    expect(raise).toMatchObject({ TableName: target, Key: { pk: counter.pk, sk: counter.sk } });
    const valueName = Object.entries(raise!.ExpressionAttributeNames!).find(([, n]) => n === 'value')![0];
    const valueRef = valueName.replace('#', ':');
    expect(raise!.ConditionExpression).toBe(
      `attribute_not_exists(${valueName}) OR ${valueName} < ${valueRef}`,
    );
    expect(raise!.ExpressionAttributeValues![valueRef]).toEqual({ N: '15' });
    expect(lines).toContain(`counters carried forward from ${source}: applicationId/all: 12 → 15`);
    expect(lines.some((l) => l.includes('CREATING'))).toBe(true);
    expect(lines.some((l) => l.includes('index gsi1 CREATING'))).toBe(true);
  });

  it('run again after an interruption: an existing target is waited for, not restored again, its stream and TTL kept', async () => {
    ddb.on(DescribeTimeToLiveCommand).resolves({ TimeToLiveDescription: { TimeToLiveStatus: 'ENABLED' } });
    // The restored table's counter is already as high (an earlier run raised it): left alone.
    ddb
      .on(UpdateItemCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));
    ddb.on(DescribeTableCommand, { TableName: target }).resolves({
      Table: {
        TableStatus: 'ACTIVE',
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
        LatestStreamArn: streamArn,
      },
    });
    const entry = await restoreTable(
      { ...args, prodLike: false },
      { client: new DynamoDBClient({}), pollMs: 0, restoredTablesFile: tablesFile() },
    );
    expect(entry.streamArn).toBe(streamArn);
    expect(ddb.commandCalls(RestoreTableToPointInTimeCommand)).toHaveLength(0);
    expect(ddb.commandCalls(UpdateTableCommand)).toHaveLength(0);
    expect(ddb.commandCalls(UpdateTimeToLiveCommand)).toHaveLength(0);
  });

  it('refuses an instant outside the window, and a source without PITR, before restoring anything', async () => {
    const client = new DynamoDBClient({});
    await expect(
      restoreTable({ ...args, to: '2026-10-01T00:00:00.000Z' }, { client, restoredTablesFile: tablesFile() }),
    ).rejects.toThrow(
      /outside .* restorable window \(2026-10-26T04:00:00.000Z to 2026-11-30T04:05:00.000Z\)/,
    );
    ddb.on(DescribeContinuousBackupsCommand).resolves({
      ContinuousBackupsDescription: {
        ContinuousBackupsStatus: 'ENABLED',
        PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: 'DISABLED' },
      },
    });
    await expect(restoreTable(args, { client, restoredTablesFile: tablesFile() })).rejects.toThrow(
      /point-in-time recovery is not enabled/,
    );
    expect(ddb.commandCalls(RestoreTableToPointInTimeCommand)).toHaveLength(0);
  });

  it('parses its command line', () => {
    expect(
      parseRestoreArgs(['restore', '--stage', 'prod', '--source', source, '--to', '2026-11-30T02:55:00Z']),
    ).toEqual({
      ...args,
      prodLike: false,
    });
    expect(defaultTargetName(source, to)).toBe(target);
    expect(() => parseRestoreArgs(['restore', '--source', source, '--to', to])).toThrow(/--stage/);
    expect(() =>
      parseRestoreArgs(['restore', '--stage', 'prod', '--source', source, '--to', 'yesterday']),
    ).toThrow(/ISO 8601/);
    expect(parseRestoreArgs(['lost', '--source', source, '--since', to, '--json'])).toEqual({
      command: 'lost',
      source,
      since: to,
      json: true,
    });
    expect(parseRestoreArgs(['counters', '--source', source, '--target', target])).toEqual({
      command: 'counters',
      source,
      target,
    });
    expect(() => parseRestoreArgs(['counters', '--source', source])).toThrow(/--target/);
    expect(() => parseRestoreArgs(['undo', '--source', source])).toThrow(/usage/);
  });
});

describe('restore-table lost', () => {
  const since = '2026-11-30T02:55:00.000Z';
  const outbox = (
    eventId: string,
    type: string,
    occurredAt: string,
    actor = 'user-1',
    data: unknown = {},
  ) => ({
    pk: `$portal#eventid_${eventId}`,
    sk: '$domainEvent_1',
    __edb_e__: 'domainEvent',
    eventId,
    type,
    aggregateType: 'application',
    aggregateId: `app-${eventId}`,
    occurredAt,
    actor,
    data,
    ttl: 1,
  });
  const feed = (authorityId: string, eventId: string, occurredAt: string) => ({
    __edb_e__: 'councilFeedEntry',
    authorityId,
    eventId,
    type: 'ApplicationSubmitted',
    applicationId: `app-${eventId}`,
    occurredAt,
    ttl: 1,
  });
  const items = [
    outbox('e0', 'ApplicationSubmitted', '2026-11-30T02:54:59.000Z'),
    outbox('e1', 'ApplicationSubmitted', '2026-11-30T03:10:00.000Z'),
    outbox('e2', 'ApplicationUpdated', '2026-11-30T03:12:00.000Z', 'council:wcc'),
    outbox('e3', 'CardPaymentSettled', '2026-11-30T03:11:00.000Z', 'user-2', { result: 'Approved' }),
    feed('wcc', 'e1', '2026-11-30T03:10:00.000Z'),
    feed('wcc', 'e3', '2026-11-30T03:11:00.000Z'),
    feed('akl', 'e9', '2026-11-30T02:00:00.000Z'),
  ];

  it('sorts what changed after the restore point: events, each council’s feed, council writes, payments', () => {
    const lost = lostSince(items, since);
    expect(lost.eventsByType).toEqual({
      ApplicationSubmitted: 1,
      ApplicationUpdated: 1,
      CardPaymentSettled: 1,
    });
    expect(lost.councilFeed).toEqual({
      wcc: [
        {
          eventId: 'e1',
          type: 'ApplicationSubmitted',
          occurredAt: '2026-11-30T03:10:00.000Z',
          applicationId: 'app-e1',
        },
        {
          eventId: 'e3',
          type: 'ApplicationSubmitted',
          occurredAt: '2026-11-30T03:11:00.000Z',
          applicationId: 'app-e3',
        },
      ],
    });
    expect(lost.councilWrites.map((w) => [w.actor, w.type])).toEqual([['council:wcc', 'ApplicationUpdated']]);
    expect(lost.payments.map((p) => [p.type, p.data])).toEqual([
      ['CardPaymentSettled', { result: 'Approved' }],
    ]);
    const text = formatLost(lost);
    expect(text).toContain('council wcc: 2 feed event(s) undone');
    expect(text).toContain('payments to reconcile with the gateway and the bank: 1');
    expect(text).not.toContain('akl');
  });

  it('scans the source page by page with a filter on the outbox and feed entities after the instant', async () => {
    ddb
      .on(ScanCommand)
      .resolvesOnce({
        Items: items.slice(0, 4).map((i) => marshall(i)),
        LastEvaluatedKey: { pk: { S: 'x' }, sk: { S: 'y' } },
      })
      .resolvesOnce({ Items: items.slice(4).map((i) => marshall(i)) });
    const lost = await scanLost(new DynamoDBClient({}), source, since);
    expect(Object.values(lost.eventsByType).reduce((a, b) => a + b, 0)).toBe(3);
    const calls = ddb.commandCalls(ScanCommand).map((c) => c.args[0].input);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      TableName: source,
      ExpressionAttributeNames: { '#e': '__edb_e__' },
      ExpressionAttributeValues: {
        ':since': { S: since },
        ':outbox': { S: 'domainEvent' },
        ':feed': { S: 'councilFeedEntry' },
      },
    });
    expect(calls[1]!.ExclusiveStartKey).toEqual({ pk: { S: 'x' }, sk: { S: 'y' } });
  });
});

describe('outboxEventIdsSince (redrive-events.ts --since)', () => {
  it('finds the outbox items after the instant, oldest first, page by page', async () => {
    ddb
      .on(ScanCommand)
      .resolvesOnce({
        Items: [marshall({ eventId: 'b', occurredAt: '2026-11-30T02:50:00.000Z' })],
        LastEvaluatedKey: { pk: { S: 'x' }, sk: { S: 'y' } },
      })
      .resolvesOnce({ Items: [marshall({ eventId: 'a', occurredAt: '2026-11-30T02:40:00.000Z' })] });
    expect(await outboxEventIdsSince(new DynamoDBClient({}), 'restored', '2026-11-30T01:55:00.000Z')).toEqual(
      ['a', 'b'],
    );
    expect(ddb.commandCalls(ScanCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'restored',
      FilterExpression: '#e = :outbox AND occurredAt > :since',
      ExpressionAttributeValues: {
        ':outbox': { S: 'domainEvent' },
        ':since': { S: '2026-11-30T01:55:00.000Z' },
      },
    });
  });
});
