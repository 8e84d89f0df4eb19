/**
 * A setup file of the 'integration' project (vitest.config.ts), run before each of its files: the
 * files share one module graph, so a handler module loaded by one file keeps the environment it was
 * loaded with for the next. Every file therefore starts with the shard's stack in the environment
 * (its table, DynamoDB and S3 endpoints, uploads bucket: what the files and pointAtStack set
 * themselves), whichever file loads a module first (docs/performance.md "CI time").
 */
import { readOutputs } from './outputs';

const o = readOutputs();
Object.assign(process.env, {
  TABLE_NAME: o.TableName,
  AWS_REGION: o.Region,
  AWS_ENDPOINT_URL_DYNAMODB: String(o.DynamoDbEndpoint),
  AWS_ENDPOINT_URL_S3: String(o.S3Endpoint),
  S3_FORCE_PATH_STYLE: 'true',
  UPLOADS_BUCKET: o.UploadsBucket,
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
});
