/**
 * The council branch of the access policy against a mocked DynamoDB (docs/council-api.md §2 and
 * "Limits"): the client's row and its token bucket in one consistent read, then one conditional
 * write of the bucket; revoked and over-the-limit calls write nothing; a write that lost a race
 * reads the bucket again.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { grantAccess } from '../../../../functions/platform/access.js';
import { entities } from '../../../../functions/platform/data/service.js';
import { TooManyRequests, Unauthorized } from '../../../../functions/platform/errors.js';
import { councilBucketKey } from '../../../../functions/platform/token-bucket.js';
import { councilClient } from '../../../../functions/routes.js';
import type { Caller } from '../../../../functions/platform/caller.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.COUNCIL_RATE_LIMIT = '{"perSecond":10,"burst":100}';
});

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());

const access = councilClient('applications.read');
const caller: Caller = { kind: 'council', clientId: 'client-wcc', scopes: ['applications.read'] };

const clientItem = (extra: Record<string, unknown> = {}) =>
  entities.councilClient
    .put({ clientId: 'client-wcc', authorityId: 'wcc', onboardedAt: '2026-11-01T00:00:00.000Z', ...extra })
    .params<{ Item: Record<string, unknown> }>().Item;
const bucketItem = (tat: number) =>
  entities.rateBucket
    .put({ key: councilBucketKey('client-wcc'), tat, ttl: Math.ceil(tat / 1000) + 60 })
    .params<{ Item: Record<string, unknown> }>().Item;
const conditionFailed = () => Object.assign(new Error('failed'), { name: 'ConditionalCheckFailedException' });

/** The bucket's `tat` each put wrote and the value its condition expected (undefined: none yet). */
const puts = () =>
  ddb.commandCalls(PutCommand).map((c) => {
    const input = c.args[0].input;
    const values = Object.values(input.ExpressionAttributeValues ?? {});
    return { tat: input.Item?.tat as number, expected: values.find((v) => typeof v === 'number') };
  });

describe('council access: one read, one conditional write', () => {
  it('reads the client and its bucket in one consistent BatchGetItem, then takes a token with one conditional put', async () => {
    const now = Date.now();
    ddb
      .on(BatchGetCommand)
      .resolves({ Responses: { 'portal-table': [clientItem(), bucketItem(now - 5000)] } });
    ddb.on(PutCommand).resolves({});
    await expect(grantAccess(access, caller, {})).resolves.toEqual({
      council: { authorityId: 'wcc', clientId: 'client-wcc' },
    });
    const read = ddb.commandCalls(BatchGetCommand);
    expect(read).toHaveLength(1);
    const request = read[0]!.args[0].input.RequestItems!['portal-table']!;
    expect(request.ConsistentRead).toBe(true);
    expect(request.Keys).toEqual([
      { pk: '$portal#clientId_client-wcc', sk: '$councilClient_1' },
      { pk: `$portal#key_council#client-wcc`, sk: '$rateBucket_1' },
    ]);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
    // A bucket full again: the token is taken from now, conditional on the tat read.
    const [put] = puts();
    expect(put!.expected).toBe(now - 5000);
    expect(put!.tat).toBeGreaterThanOrEqual(now + 100);
  });

  it('a first call (no bucket yet) writes one, on condition that none exists', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { 'portal-table': [clientItem()] } });
    ddb.on(PutCommand).resolves({});
    await grantAccess(access, caller, {});
    expect(puts()).toEqual([{ tat: expect.any(Number), expected: undefined }]);
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.ConditionExpression).toContain(
      'attribute_not_exists',
    );
  });

  it('a revoked or unknown client is refused 401 and nothing is written', async () => {
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: {
          'portal-table': [
            clientItem({ status: 'Revoked', revokedAt: '2026-11-29T00:00:00.000Z' }),
            bucketItem(1),
          ],
        },
      })
      .resolvesOnce({ Responses: { 'portal-table': [] } });
    await expect(grantAccess(access, caller, {})).rejects.toBeInstanceOf(Unauthorized);
    await expect(grantAccess(access, caller, {})).rejects.toBeInstanceOf(Unauthorized);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('an empty bucket is refused 429 with the wait in seconds, under the client own rule, writing nothing', async () => {
    const now = Date.now();
    ddb.on(BatchGetCommand).resolves({
      Responses: {
        'portal-table': [clientItem({ rateLimit: { perSecond: 0.5, burst: 2 } }), bucketItem(now + 4000)],
      },
    });
    const refused = await grantAccess(access, caller, {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequests);
    // tat 4 s ahead, tolerance (2 − 1) × 2 s: the next token in 2 s.
    expect((refused as TooManyRequests).retryAfterSeconds).toBe(2);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('a write that lost a race reads the bucket again and takes the token after the winner', async () => {
    const now = Date.now();
    ddb
      .on(BatchGetCommand)
      .resolves({ Responses: { 'portal-table': [clientItem(), bucketItem(now - 5000)] } });
    ddb.on(PutCommand).rejectsOnce(conditionFailed()).resolves({});
    ddb.on(GetCommand).resolves({ Item: bucketItem(now + 3000) });
    await grantAccess(access, caller, {});
    const [lost, won] = puts();
    expect(lost!.expected).toBe(now - 5000);
    expect(won).toEqual({ expected: now + 3000, tat: now + 3100 });
    expect(ddb.commandCalls(GetCommand)).toHaveLength(1); // the bucket only; the client was read once
  });

  it('keys left unprocessed by the batch are read one by one', async () => {
    const now = Date.now();
    ddb.on(BatchGetCommand).resolves({
      Responses: { 'portal-table': [] },
      UnprocessedKeys: { 'portal-table': { Keys: [{ pk: 'x', sk: 'y' }] } },
    });
    ddb
      .on(GetCommand)
      .callsFake((input: { Key: { sk: string } }) =>
        input.Key.sk.startsWith('$councilClient') ? { Item: clientItem() } : { Item: bucketItem(now - 1) },
      );
    ddb.on(PutCommand).resolves({});
    await expect(grantAccess(access, caller, {})).resolves.toMatchObject({ council: { authorityId: 'wcc' } });
    expect(ddb.commandCalls(GetCommand).map((c) => c.args[0].input.ConsistentRead)).toEqual([true, true]);
    expect(puts()[0]!.expected).toBe(now - 1);
  });
});
