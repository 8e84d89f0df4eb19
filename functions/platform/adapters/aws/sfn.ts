/** The Step Functions client of a Lambda (module scope, created on first use). */
import { SFNClient } from '@aws-sdk/client-sfn';
import { tracer } from '../../observability/tracer.js';

let client: SFNClient | undefined;

export function sfnClient(): SFNClient {
  return (client ??= tracer.captureAWSv3Client(new SFNClient({})));
}
