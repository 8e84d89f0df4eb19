/**
 * The table's ElectroDB service builds each entity on first use (functions/platform/data/lazy.ts,
 * docs/architecture.md): a function pays only for the entities its requests use, and what it sends to
 * DynamoDB is what the service of all entities built at once sends.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { Entity, Service } from 'electrodb';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
});

const ddb = mockClient(DynamoDBDocumentClient);

/** A fresh copy of service.ts (and its entities), as a cold Lambda imports it. */
async function coldService() {
  vi.resetModules();
  const data = await import('../../../../../functions/platform/data/service.js');
  const { joinedEntities } = await import('../../../../../functions/platform/data/lazy.js');
  return { ...data, joined: () => joinedEntities(data.service) };
}

/** A transaction's items across two features' entities (a participant's guard and the outbox). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the lazy and the eager service's entities
const items = (e: any) => [
  e.applicationConstraint
    .create({
      applicationId: 'app-1',
      kind: 'participantEmail',
      value: 'owner@example.test',
      participantId: 'p-1',
    })
    .commit(),
  e.domainEvent
    .create({
      eventId: 'ev-1',
      type: 'ParticipantAdded',
      aggregateType: 'application',
      aggregateId: 'app-1',
      occurredAt: '2026-11-29T00:00:00.000Z',
      actor: 'system',
      data: {},
      ttl: 1,
    })
    .commit(),
];

beforeEach(() => ddb.reset());

describe('the lazily built table service', () => {
  it('builds no entity when a function imports it, and only the entity a request reads', async () => {
    const { entities, joined } = await coldService();
    expect(joined()).toEqual([]);
    entities.siteSetting.get({ name: 'maintenance' }).params();
    expect(joined()).toEqual(['siteSetting']);
  });

  it('joins, for a transaction, the entities its callback uses, and writes what the eager service writes', async () => {
    const { service, entities, joined } = await coldService();
    const lazy = service.transaction.write(items).params();
    expect(joined().sort()).toEqual(['applicationConstraint', 'domainEvent']);

    // The same entities in a service built the usual way, every entity constructed at once.
    const schemaOf = (name: 'applicationConstraint' | 'domainEvent') => entities[name].schema;
    const eager = new Service(
      {
        applicationConstraint: new Entity(schemaOf('applicationConstraint')),
        domainEvent: new Entity(schemaOf('domainEvent')),
      },
      { table: 'portal-table' },
    );
    const sent = (params: unknown) => JSON.parse(JSON.stringify(params)) as unknown;
    expect(sent(lazy)).toEqual(sent(eager.transaction.write(items).params()));
    expect(sent(lazy)).toMatchObject({
      TransactItems: [
        { Put: { TableName: 'portal-table', Item: { pk: '$portal#applicationId_app-1' } } },
        { Put: { TableName: 'portal-table', Item: { pk: '$portal#eventId_ev-1' } } },
      ],
    });
  });

  it('sends a transaction that is the first thing a cold function does', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const { service } = await coldService();
    const result = await service.transaction
      .write((e) => [e.captchaUse.create({ signature: 's', expiresAt: 1, ttl: 2 }).commit()])
      .go();
    expect(result.canceled).toBe(false);
    const sent = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.Put).toMatchObject({ TableName: 'portal-table', Item: { pk: '$portal#signature_s' } });
  });

  it('joins every member of a collection before querying it', async () => {
    const { service, joined } = await coldService();
    const params = service.collections.form({ formId: 'f-1' }).params() as {
      ExpressionAttributeValues: object;
    };
    expect(joined().sort()).toEqual(['breadcrumb', 'step']);
    // The query filters on every member entity of the collection.
    expect(JSON.stringify(params.ExpressionAttributeValues)).toContain('breadcrumb');
    expect(JSON.stringify(params.ExpressionAttributeValues)).toContain('step');
  });
});
