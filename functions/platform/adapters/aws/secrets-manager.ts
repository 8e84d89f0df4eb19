/** The Secrets Manager client of a Lambda (module scope, created on first use). */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { tracer } from '../../observability/tracer.js';

let client: SecretsManagerClient | undefined;

export function secretsManagerClient(): SecretsManagerClient {
  return (client ??= tracer.captureAWSv3Client(new SecretsManagerClient({})));
}
