/**
 * AWS SDK clients, one of each per Lambda (module scope, created on first use so a module that
 * never needs a client never builds it). Endpoints of local stand-ins come from the SDK's own
 * AWS_ENDPOINT_URL_* variables; region and credentials from the usual chain.
 *
 * Each client lives in a module of its own (./aws/<client>.ts): import from there. The getters are
 * function declarations (no module-scope call), so even through this index esbuild keeps only the
 * clients a function calls (the SDK packages declare `sideEffects: false`).
 */
export { documentClient, dynamoDbClient } from './aws/dynamodb.js';
export { s3Client, s3ClientOptions } from './aws/s3.js';
export { sfnClient } from './aws/sfn.js';
export { schedulerClient } from './aws/scheduler.js';
export { sesClient } from './aws/ses.js';
export { cognitoClient } from './aws/cognito.js';
export { secretsManagerClient } from './aws/secrets-manager.js';
export { ssmClient } from './aws/ssm.js';
