import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { handler } from '../../../../functions/site/handler.js';
import { HealthDto } from '../../../../shared/schemas/health.js';
import { httpEvent, lambdaContext, parseResponse } from '../helpers.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

const ddb = mockClient(DynamoDBClient);
beforeEach(() => ddb.reset());

describe('GET /public/health', () => {
  it('200 {status: ok, time} after describing TABLE_NAME', async () => {
    ddb.on(DescribeTableCommand).resolves({ Table: { TableName: 'portal-table', TableStatus: 'ACTIVE' } });
    const before = Date.now();
    const res = parseResponse(await handler(httpEvent('GET /public/health'), lambdaContext));
    expect(res.statusCode).toBe(200);
    const body = HealthDto.parse(res.body);
    expect(body.status).toBe('ok');
    expect(Date.parse(body.time)).toBeGreaterThanOrEqual(before - 1000);
    expect(ddb.commandCalls(DescribeTableCommand)[0]!.args[0].input).toEqual({ TableName: 'portal-table' });
  });

  it('503 in the error shape when the table is unreachable', async () => {
    ddb.on(DescribeTableCommand).rejects(
      new ResourceNotFoundException({
        message: 'Requested resource not found: Table: portal-table',
        $metadata: {},
      }),
    );
    const res = parseResponse(await handler(httpEvent('GET /public/health'), lambdaContext));
    expect(res.statusCode).toBe(503);
    expect(res.body).toEqual({ code: 'ServerError', message: 'Error' });
  });
});

describe('GET /public/openapi.json', () => {
  it("200 with the generated document (docs/openapi.json, read with the route's first call), cached", async () => {
    const { readFileSync } = await import('node:fs');
    const expected = JSON.parse(
      readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8'),
    ) as { openapi: string; paths: Record<string, unknown> };
    const res = parseResponse(await handler(httpEvent('GET /public/openapi.json'), lambdaContext));
    expect(res.statusCode).toBe(200);
    const body = res.body as typeof expected;
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths).sort()).toEqual(Object.keys(expected.paths).sort());
    expect(body).toEqual(expected);
    expect(res.headers?.['cache-control']).toBe('public, max-age=300');
  });
});
