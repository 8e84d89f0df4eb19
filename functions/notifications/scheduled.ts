import * as z from 'zod';
import { logger } from '../platform/logger.js';
import { recordMetric } from '../platform/observability/metrics.js';
import { portalHandler } from '../platform/observability/tracer.js';
import { tableDigestPorts } from './ports.js';
import { digestService } from './service/digest.js';

/** The notifications' schedule target payloads (functions/platform/recurring-jobs.ts). */
export const NotificationScheduledJob = z.object({
  target: z.literal('notifications/scheduled'),
  job: z.literal('digest'),
});

/**
 * The notifications' schedule target (EventBridge on AWS, infra/local/scheduler.ts locally): the
 * `digest` job mails each recipient's hourly or daily digest once its period has ended. `now` and
 * the time left (the Lambda context's) are injectable (tests). A payload that is not a job of this
 * feature is logged and dropped. Recipients a run had no time for are left for the next run and
 * counted (`DigestRecipientsDeferred`, docs/operations.md "Digests deferred").
 */
export async function runJob(
  payload: unknown,
  options: { now?: () => Date; remainingMs?: () => number } = {},
) {
  const job = NotificationScheduledJob.safeParse(payload);
  if (!job.success) {
    logger.error('notifications: not a scheduled job of this feature', { issues: job.error.issues });
    return { outcome: 'Invalid' as const };
  }
  const result = await digestService(tableDigestPorts(options)).run();
  if (result.entries || result.deferred) logger.info('notifications: digest', result);
  if (result.deferred) recordMetric('DigestRecipientsDeferred', {}, result.deferred);
  return { outcome: 'Done' as const, ...result };
}

export const handler = portalHandler(async (payload: unknown, context) => {
  // The local stand-in and tests call without a Lambda context: no time limit then.
  const remaining =
    typeof context?.getRemainingTimeInMillis === 'function'
      ? () => context.getRemainingTimeInMillis()
      : undefined;
  await runJob(payload, remaining ? { remainingMs: remaining } : {});
});
