import { logger } from '../platform/logger.js';
import { OrganisationScheduledJob } from '../../shared/schemas/organisations.js';
import { tablePorts } from './ports.js';
import { expiryRules } from './service/expiry.js';

/**
 * The organisations' schedule target (EventBridge Scheduler on AWS, infra/local/scheduler.ts
 * locally): the expiry of an invitation or a merge invitation at its expiry date. A payload that is
 * not a job of this feature is logged and dropped (a retry would not make it one).
 */
export async function handler(payload: unknown): Promise<{ outcome: string }> {
  const job = OrganisationScheduledJob.safeParse(payload);
  if (!job.success) {
    logger.error('organisations: not a scheduled job of this feature', { issues: job.error.issues });
    return { outcome: 'Invalid' };
  }
  const outcome = await expiryRules(tablePorts).runJob(job.data);
  logger.info('organisations: scheduled job', { ...job.data, outcome });
  return { outcome };
}
