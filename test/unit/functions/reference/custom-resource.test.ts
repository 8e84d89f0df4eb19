import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { handler } from '../../../../infra/seed/custom-resource.js';
import { fakeTable } from '../reference-table.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
});

const ddb = mockClient(DynamoDBDocumentClient);
let table: ReturnType<typeof fakeTable>;
beforeEach(() => {
  ddb.reset();
  table = fakeTable(ddb);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

const event = (RequestType: 'Create' | 'Update' | 'Delete') =>
  ({
    RequestType,
    ServiceToken: 'arn:aws:lambda:ap-southeast-2:1:function:p',
    ResponseURL: 'https://example.test',
    StackId: 's',
    RequestId: 'r',
    LogicalResourceId: 'Load',
    ResourceType: 'Custom::ReferenceData',
    ResourceProperties: { ServiceToken: 'x', DataHash: 'abc' },
    ...(RequestType === 'Create' ? {} : { PhysicalResourceId: 'reference-data', OldResourceProperties: {} }),
  }) as unknown as CloudFormationCustomResourceEvent;

describe('Custom::ReferenceData handler', () => {
  it('Create and Update run the loader and report what it wrote, under one physical id', async () => {
    const created = await handler(event('Create'));
    expect(created.PhysicalResourceId).toBe('reference-data');
    expect(Number(created.Data?.Items)).toBeGreaterThan(50);
    expect(Number(created.Data?.Countries)).toBeGreaterThanOrEqual(60);
    const size = table.items.size;
    const updated = await handler(event('Update'));
    expect(updated).toEqual({ ...created, Data: { ...created.Data, Pruned: '0' } });
    expect(table.items.size).toBe(size);
  });

  it('Delete leaves the data in the table', async () => {
    await handler(event('Create'));
    const writes = ddb.commandCalls(BatchWriteCommand).length;
    expect(await handler(event('Delete'))).toEqual({ PhysicalResourceId: 'reference-data' });
    expect(ddb.commandCalls(BatchWriteCommand).length).toBe(writes);
    expect(table.items.size).toBeGreaterThan(0);
  });
});
