/** The Cognito user pools client of a Lambda (module scope, created on first use). */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

let client: CognitoIdentityProviderClient | undefined;

export function cognitoClient(): CognitoIdentityProviderClient {
  return (client ??= new CognitoIdentityProviderClient({}));
}
