import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { documentClient } from '../adapters/aws/dynamodb.js';
import { councilBucketKey } from '../token-bucket.js';
import type { BucketStore } from '../token-bucket.js';
import { isConditionalCheckFailed } from './conditional.js';
import { entities } from './service.js';
import type { councilClient as councilClientEntity } from './entities/council.js';

/** Token buckets in the single table: a consistent read, and a put conditional on the `tat` read. */
export const tableBucketStore: BucketStore = {
  async read(key) {
    const { data } = await entities.rateBucket.get({ key }).go({ consistent: true });
    return data?.tat;
  },
  async write(key, tat, expected, expiresAtSeconds) {
    try {
      await entities.rateBucket
        .put({ key, tat, ttl: expiresAtSeconds })
        .where((a, op) => (expected === undefined ? op.notExists(a.tat) : op.eq(a.tat, expected)))
        .go({ response: 'none' });
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  },
};

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
