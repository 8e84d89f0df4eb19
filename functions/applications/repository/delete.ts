import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { defined } from '../../../shared/domain/objects.js';
import { documentClient } from '../../platform/adapters/aws/dynamodb.js';
import { isConditionalCheckFailed } from '../../platform/data/conditional.js';
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import { getApplication, listAccessRows, searchValuesOf } from './applications.js';
import type { ApplicationRecord } from './applications.js';

/** Deleting an application and its whole partition (DELETE /user/applications/{id}). */

type Key = { pk: string; sk: string };

async function batchDeleteKeys(table: string, keys: Key[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let requests: Record<string, NativeAttributeValue>[] = keys
      .slice(i, i + 25)
      .map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt >= 8) throw new Error(`deleteApplication: ${requests.length} items were not deleted`);
      const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (out.UnprocessedItems?.[table] ?? []) as Record<string, NativeAttributeValue>[];
    }
  }
}

/** Every item key in the application's partition (its collection, history and guard rows). */
async function partitionKeys(table: string, pk: string): Promise<Key[]> {
  const keys: Key[] = [];
  let start: Record<string, NativeAttributeValue> | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: '#pk, #sk',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) keys.push({ pk: String(item.pk), sk: String(item.sk) });
    start = out.LastEvaluatedKey;
  } while (start);
  return keys;
}

/**
 * Deletes an application with everything in its partition (the whole collection — participants,
 * documents, steps, access rows of every user, children links, template — plus history and guard
 * rows) and its link under the parent. The application record goes last, in one transaction with
 * its ApplicationDeleted event (the users who had a row and the search values: the consumers remove
 * the search entries and the users' read-model contributions). Returns the deleted record, if any.
 */
export async function deleteApplication(id: string, actor: string): Promise<ApplicationRecord | undefined> {
  const table = process.env.TABLE_NAME;
  if (!table) throw new Error('TABLE_NAME is not set');
  const [application, rows] = await Promise.all([getApplication(id), listAccessRows(id)]);
  if (application?.parentApplicationId) {
    await entities.applicationChild
      .delete({ applicationId: application.parentApplicationId, childApplicationId: id })
      .go({ response: 'none' });
    try {
      await entities.application
        .patch({ applicationId: application.parentApplicationId })
        .subtract({ childCount: 1 })
        .go({ response: 'none' });
    } catch (err) {
      // The parent is gone already: nothing to count.
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }
  const own = (entities.application.get({ applicationId: id }).params() as { Key: Key }).Key;
  const keys = await partitionKeys(table, own.pk);
  // The application record last, so a failure part-way leaves it to be deleted again.
  await batchDeleteKeys(
    table,
    keys.filter((k) => k.sk !== own.sk),
  );
  if (!application) return undefined;
  const event = newEvent('ApplicationDeleted', {
    aggregate: { type: 'application', id },
    actor,
    data: defined({
      applicationNumber: application.applicationNumber,
      recordType: application.recordType,
      userIds: rows.map((r) => r.userId),
      search: searchValuesOf(application),
    }),
  });
  const result = await service.transaction
    .write((e) => [e.application.delete({ applicationId: id }).commit(), outboxItem(e, event)])
    .go();
  if (result.canceled) throw new Error('deleteApplication: the transaction was cancelled');
  return application;
}
