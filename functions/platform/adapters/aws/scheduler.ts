/** The EventBridge Scheduler client of a Lambda (module scope, created on first use). */
import { SchedulerClient } from '@aws-sdk/client-scheduler';

let client: SchedulerClient | undefined;

export function schedulerClient(): SchedulerClient {
  return (client ??= new SchedulerClient({}));
}
