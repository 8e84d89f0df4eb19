import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { loadCountries, seedReferenceData } from '../../../../infra/seed/seed-reference.js';
import { listCountries } from '../../../../functions/reference/repository/countries.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
});

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());

type PutRequest = { PutRequest?: { Item?: Record<string, unknown> } };

describe('seedReferenceData', () => {
  it('countries.json: NZ first with +64, the key neighbours present, ids and codes unique', async () => {
    const countries = await loadCountries();
    expect(countries[0]).toEqual({
      id: 1,
      name: 'New Zealand',
      abbreviatedName: 'NZ',
      phoneCountryCode: '+64',
    });
    const byCode = new Map(countries.map((c) => [c.abbreviatedName, c.phoneCountryCode]));
    expect(
      Object.fromEntries(
        ['AU', 'GB', 'US', 'CN', 'IN', 'FJ', 'WS', 'TO', 'PH'].map((c) => [c, byCode.get(c)]),
      ),
    ).toEqual({
      AU: '+61',
      GB: '+44',
      US: '+1',
      CN: '+86',
      IN: '+91',
      FJ: '+679',
      WS: '+685',
      TO: '+676',
      PH: '+63',
    });
    expect(countries.length).toBeGreaterThanOrEqual(60);
  });

  it('writes every country as a batch put into the static country partition (idempotent puts)', async () => {
    ddb.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(PutCommand).resolves({});
    const countries = await loadCountries();
    expect((await seedReferenceData()).countries).toBe(countries.length);
    const calls = ddb.commandCalls(BatchWriteCommand);
    // The rest of the reference data is covered by test/unit/functions/reference-seed.test.ts.
    const items = calls
      .flatMap((c) => (c.args[0].input.RequestItems?.['portal-table'] ?? []) as PutRequest[])
      .map((r) => r.PutRequest?.Item)
      .filter((i) => i?.__edb_e__ === 'country');
    expect(items).toHaveLength(countries.length);
    expect(items[0]).toMatchObject({
      pk: '$portal',
      sk: '$country_1#countryId_1',
      countryId: 1,
      name: 'New Zealand',
      abbreviatedName: 'NZ',
      phoneCountryCode: '+64',
    });
    expect(new Set(items.map((i) => i?.sk)).size).toBe(countries.length);
    // No condition: a second run overwrites with the same values.
    await seedReferenceData();
    expect(ddb.commandCalls(BatchWriteCommand).length).toBe(2 * calls.length);
  });

  it('fails loudly when DynamoDB leaves items unprocessed', async () => {
    ddb.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, unknown[]> }) => ({
      UnprocessedItems: input.RequestItems,
    }));
    await expect(seedReferenceData()).rejects.toThrow(/not written/);
  });

  it('listCountries reads the partition and orders by id', async () => {
    const row = (id: number, name: string, code: string, phone: string) => ({
      pk: '$portal',
      sk: `$country_1#countryId_${id}`,
      __edb_e__: 'country',
      __edb_v__: '1',
      countryId: id,
      name,
      abbreviatedName: code,
      phoneCountryCode: phone,
    });
    ddb.on(QueryCommand).resolves({
      Items: [
        row(10, 'Fiji', 'FJ', '+679'),
        row(2, 'Australia', 'AU', '+61'),
        row(1, 'New Zealand', 'NZ', '+64'),
      ],
    });
    expect(await listCountries()).toEqual([
      { id: 1, name: 'New Zealand', abbreviatedName: 'NZ', phoneCountryCode: '+64' },
      { id: 2, name: 'Australia', abbreviatedName: 'AU', phoneCountryCode: '+61' },
      { id: 10, name: 'Fiji', abbreviatedName: 'FJ', phoneCountryCode: '+679' },
    ]);
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'portal-table',
      ExpressionAttributeValues: { ':pk': '$portal', ':sk1': '$country_1#countryId_' },
    });
  });
});
