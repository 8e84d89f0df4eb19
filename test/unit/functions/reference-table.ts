import type { mockClient } from 'aws-sdk-client-mock';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;
type Stub = ReturnType<typeof mockClient>;

/**
 * A small in-memory stand-in for the table behind aws-sdk-client-mock: BatchWrite/Put store (BatchWrite and Delete delete)
 * by (pk, sk); Get, BatchGet and Query (equality and begins_with key conditions on the table or a
 * GSI) read them. Enough to run the reference loader and the reference routes end to end in unit
 * tests, with every DynamoDB call still visible on the mock.
 */
export function fakeTable(ddb: Stub) {
  const items = new Map<string, Item>();
  const key = (i: Item) => `${String(i.pk)}|${String(i.sk)}`;
  const put = (i: Item) => items.set(key(i), structuredClone(i));

  ddb
    .on(BatchWriteCommand)
    .callsFake(
      (input: {
        RequestItems: Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>;
      }) => {
        for (const reqs of Object.values(input.RequestItems))
          for (const r of reqs) {
            if (r.PutRequest) put(r.PutRequest.Item);
            if (r.DeleteRequest) items.delete(key(r.DeleteRequest.Key));
          }
        return { UnprocessedItems: {} };
      },
    );
  ddb.on(PutCommand).callsFake((input: { Item: Item }) => {
    put(input.Item);
    return {};
  });
  ddb.on(DeleteCommand).callsFake((input: { Key: Item }) => {
    const found = items.get(key(input.Key));
    items.delete(key(input.Key));
    return found ? { Attributes: structuredClone(found) } : {};
  });
  ddb.on(GetCommand).callsFake((input: { Key: Item }) => {
    const found = items.get(key(input.Key));
    return found ? { Item: structuredClone(found) } : {};
  });
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Item[] }> }) => ({
    Responses: Object.fromEntries(
      Object.entries(input.RequestItems).map(([t, r]) => [
        t,
        r.Keys.flatMap((k) => {
          const found = items.get(key(k));
          return found ? [structuredClone(found)] : [];
        }),
      ]),
    ),
    UnprocessedKeys: {},
  }));
  ddb
    .on(QueryCommand)
    .callsFake(
      (input: {
        KeyConditionExpression: string;
        ExpressionAttributeNames: Record<string, string>;
        ExpressionAttributeValues: Record<string, unknown>;
      }) => {
        const conds = input.KeyConditionExpression.split(/\s+and\s+/i).map((c) => {
          const bw = /begins_with\((#\w+),\s*(:\w+)\)/.exec(c);
          if (bw)
            return {
              attr: input.ExpressionAttributeNames[bw[1]!]!,
              value: input.ExpressionAttributeValues[bw[2]!],
              op: 'bw',
            };
          const eq = /(#\w+)\s*=\s*(:\w+)/.exec(c);
          if (!eq) throw new Error(`fakeTable: unsupported condition ${c}`);
          return {
            attr: input.ExpressionAttributeNames[eq[1]!]!,
            value: input.ExpressionAttributeValues[eq[2]!],
            op: 'eq',
          };
        });
        const hits = [...items.values()]
          .filter((i) =>
            conds.every((c) =>
              c.op === 'eq'
                ? i[c.attr] === c.value
                : typeof i[c.attr] === 'string' && (i[c.attr] as string).startsWith(String(c.value)),
            ),
          )
          .sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
        return { Items: hits.map((i) => structuredClone(i)) };
      },
    );
  return { items, put };
}
