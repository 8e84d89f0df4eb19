/**
 * AWS SDK clients, one of each per Lambda (module scope, created on first use so a module that
 * never needs a client never builds it). Endpoints of local stand-ins come from the SDK's own
 * AWS_ENDPOINT_URL_* variables; region and credentials from the usual chain.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SSMClient } from '@aws-sdk/client-ssm';

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

export const dynamoDbClient = lazy(() => new DynamoDBClient({}));

/** The DocumentClient ElectroDB and the repositories use. `undefined` attributes are dropped. */
export const documentClient = lazy(() =>
  DynamoDBDocumentClient.from(dynamoDbClient(), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }),
);

/** Options of the S3 client: exported so tests and the local stack can check them. */
export function s3ClientOptions(): ConstructorParameters<typeof S3Client>[0] & object {
  return {
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    // Without this, presigned PUT URLs carry an empty-body CRC32 that real S3 may reject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export const s3Client = lazy(() => new S3Client(s3ClientOptions()));
export const sfnClient = lazy(() => new SFNClient({}));
export const schedulerClient = lazy(() => new SchedulerClient({}));
export const sesClient = lazy(() => new SESv2Client({}));
export const cognitoClient = lazy(() => new CognitoIdentityProviderClient({}));
export const secretsManagerClient = lazy(() => new SecretsManagerClient({}));
export const ssmClient = lazy(() => new SSMClient({}));
