/**
 * DynamoDB clients of a Lambda (module scope, created on first use). One module per AWS client
 * (functions/platform/adapters/aws/), so a function bundles only the clients it calls.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tracer } from '../../observability/tracer.js';

let dynamoDb: DynamoDBClient | undefined;
let document: DynamoDBDocumentClient | undefined;

export function dynamoDbClient(): DynamoDBClient {
  return (dynamoDb ??= tracer.captureAWSv3Client(new DynamoDBClient({})));
}

/** The DocumentClient ElectroDB and the repositories use. `undefined` attributes are dropped. */
export function documentClient(): DynamoDBDocumentClient {
  return (document ??= DynamoDBDocumentClient.from(dynamoDbClient(), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }));
}
