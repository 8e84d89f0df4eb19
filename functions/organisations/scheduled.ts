import { logger } from '../platform/logger.js';
import { portalHandler } from '../platform/observability/tracer.js';
import { OrganisationScheduledJob } from '../../shared/schemas/organisations.js';
import { getInvitation, pendingInvitationIdOf, expireInvitation } from './repository/invitations.js';
import { getMergeInvitation, expireMergeInvitation } from './repository/merges.js';
import { expiryRules } from './service/expiry.js';

const jobs = expiryRules({
  now: () => new Date(),
  getInvitation,
  pendingInvitationIdOf,
  expireInvitation,
  getMergeInvitation,
  expireMergeInvitation,
});

/**
 * The organisations' schedule target (EventBridge Scheduler on AWS, infra/local/scheduler.ts
 * locally): the expiry of an invitation or a merge invitation at its expiry date. A payload that is
 * not a job of this feature is logged and dropped (a retry would not make it one).
 */
async function runJob(payload: unknown): Promise<{ outcome: string }> {
  const job = OrganisationScheduledJob.safeParse(payload);
  if (!job.success) {
    logger.error('organisations: not a scheduled job of this feature', { issues: job.error.issues });
    return { outcome: 'Invalid' };
  }
  const outcome = await jobs.runJob(job.data);
  logger.info('organisations: scheduled job', { ...job.data, outcome });
  return { outcome };
}

export const handler = portalHandler(runJob);
