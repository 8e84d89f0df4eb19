/**
 * The council access check's one read (docs/council-api.md "Limits"): the client's row and its
 * token bucket in one BatchGetItem. A module of its own, apart from the bucket store that the event
 * consumers use too.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { documentClient } from '../adapters/aws/dynamodb.js';
import { councilBucketKey } from '../token-bucket.js';
import type { councilClient as councilClientEntity } from './entities/council.js';
import { entities } from './service.js';
import { tableBucketStore } from './token-bucket-store.js';

export type CouncilClientRecord = EntityItem<typeof councilClientEntity>;

type Keyed = { Key: Record<string, unknown>; TableName: string };

/**
 * A council client's row and its token bucket's `tat`, read consistently in one BatchGetItem: the
 * council access check's one read (docs/council-api.md "Limits"; then one conditional write of the
 * bucket). The bucket's key is the client's, so both keys are known from the token. Keys DynamoDB
 * leaves unprocessed (throttling) are read again one by one.
 */
export async function councilClientAndBucket(
  clientId: string,
): Promise<{ client: CouncilClientRecord | undefined; tat: number | undefined }> {
  const bucketKey = councilBucketKey(clientId);
  const client = entities.councilClient.get({ clientId }).params<Keyed>();
  const bucket = entities.rateBucket.get({ key: bucketKey }).params<Keyed>();
  const table = client.TableName;
  const res = await documentClient().send(
    new BatchGetCommand({
      RequestItems: { [table]: { Keys: [client.Key, bucket.Key], ConsistentRead: true } },
    }),
  );
  if ((res.UnprocessedKeys?.[table]?.Keys ?? []).length > 0) {
    const [row, tat] = await Promise.all([
      entities.councilClient.get({ clientId }).go({ consistent: true }),
      tableBucketStore.read(bucketKey),
    ]);
    return { client: row.data ?? undefined, tat };
  }
  const items = res.Responses?.[table] ?? [];
  const clientItem = items.find((i) => i.pk === client.Key.pk && i.sk === client.Key.sk);
  const bucketItem = items.find((i) => i.pk === bucket.Key.pk && i.sk === bucket.Key.sk);
  return {
    client: clientItem ? (entities.councilClient.parse({ Item: clientItem }).data ?? undefined) : undefined,
    tat: bucketItem ? (entities.rateBucket.parse({ Item: bucketItem }).data?.tat ?? undefined) : undefined,
  };
}
