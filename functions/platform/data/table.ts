/**
 * The single DynamoDB table: key schema and global secondary indexes.
 *
 * Read by CDK (infra/stacks/data-stack.ts) and by the local stack (infra/local/dynamodb.ts) so the
 * deployed table and the local one are the same. Entities (functions/platform/data/entities/) map onto these
 * generic, overloaded keys; the access patterns are in functions/platform/data/README.md.
 */
export interface IndexDef {
  indexName: string;
  partitionKey: string;
  sortKey: string;
}

export const table = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ] satisfies IndexDef[],
  /** Items with this numeric attribute (epoch seconds) are removed by DynamoDB TTL. */
  timeToLiveAttribute: 'ttl',
  stream: 'NEW_AND_OLD_IMAGES',
} as const;
