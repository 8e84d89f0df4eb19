/** The SES v2 client of a Lambda (module scope, created on first use). */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { tracer } from '../../observability/tracer.js';

let client: SESv2Client | undefined;

export function sesClient(): SESv2Client {
  return (client ??= tracer.captureAWSv3Client(new SESv2Client({})));
}
