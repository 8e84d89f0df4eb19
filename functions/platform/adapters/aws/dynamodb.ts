/**
 * DynamoDB clients of a Lambda (module scope, created on first use). One module per AWS client
 * (functions/platform/adapters/aws/), so a function bundles only the clients it calls.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let dynamoDb: DynamoDBClient | undefined;
let document: DynamoDBDocumentClient | undefined;

export function dynamoDbClient(): DynamoDBClient {
  return (dynamoDb ??= new DynamoDBClient({}));
}

/** The DocumentClient ElectroDB and the repositories use. `undefined` attributes are dropped. */
export function documentClient(): DynamoDBDocumentClient {
  return (document ??= DynamoDBDocumentClient.from(dynamoDbClient(), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }));
}
