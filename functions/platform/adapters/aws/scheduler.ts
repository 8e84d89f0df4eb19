/** The EventBridge Scheduler client of a Lambda (module scope, created on first use). */
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { tracer } from '../../observability/tracer.js';

let client: SchedulerClient | undefined;

export function schedulerClient(): SchedulerClient {
  return (client ??= tracer.captureAWSv3Client(new SchedulerClient({})));
}
