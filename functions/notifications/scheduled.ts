import * as z from 'zod';
import { sendMail } from '../platform/adapters/mail.js';
import { logger } from '../platform/logger.js';
import { portalHandler } from '../platform/observability/tracer.js';
import { claimDigest, deleteDigestEntries, digestEntries } from './repository.js';
import { digestService } from './service/digest.js';

/** The notifications' schedule target payloads (functions/platform/recurring-jobs.ts). */
export const NotificationScheduledJob = z.object({
  target: z.literal('notifications/scheduled'),
  job: z.literal('digest'),
});

/**
 * The notifications' schedule target (EventBridge on AWS, infra/local/scheduler.ts locally): the
 * `digest` job mails each recipient's hourly or daily digest once its period has ended. `now` is
 * injectable (tests). A payload that is not a job of this feature is logged and dropped.
 */
export async function runJob(payload: unknown, options: { now?: () => Date } = {}) {
  const job = NotificationScheduledJob.safeParse(payload);
  if (!job.success) {
    logger.error('notifications: not a scheduled job of this feature', { issues: job.error.issues });
    return { outcome: 'Invalid' as const };
  }
  const result = await digestService({
    entries: digestEntries,
    claim: claimDigest,
    remove: deleteDigestEntries,
    sendMail,
    now: options.now ?? (() => new Date()),
  }).run();
  if (result.entries) logger.info('notifications: digest', result);
  return { outcome: 'Done' as const, ...result };
}

export const handler = portalHandler(async (payload: unknown) => {
  await runJob(payload);
});
