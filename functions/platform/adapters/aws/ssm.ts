/** The SSM Parameter Store client of a Lambda (module scope, created on first use). */
import { SSMClient } from '@aws-sdk/client-ssm';
import { tracer } from '../../observability/tracer.js';

let client: SSMClient | undefined;

export function ssmClient(): SSMClient {
  return (client ??= tracer.captureAWSv3Client(new SSMClient({})));
}
