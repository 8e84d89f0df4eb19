/** The Cognito user pools client of a Lambda (module scope, created on first use). */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { tracer } from '../../observability/tracer.js';

let client: CognitoIdentityProviderClient | undefined;

export function cognitoClient(): CognitoIdentityProviderClient {
  return (client ??= tracer.captureAWSv3Client(new CognitoIdentityProviderClient({})));
}
