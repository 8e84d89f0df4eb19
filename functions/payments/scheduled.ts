import { logger } from '../platform/logger.js';
import { tableServices } from './ports.js';
import { EXPIRY_JOB, REMINDER_JOB } from './service/requests.js';

let services: ReturnType<typeof tableServices> | undefined;
const svc = () => (services ??= tableServices());

/** A job's request, from its payload. */
const requestOf = (p: Record<string, unknown>) =>
  typeof p.applicationId === 'string' && typeof p.requestId === 'string'
    ? { applicationId: p.applicationId, requestId: p.requestId }
    : undefined;

/**
 * The payments' jobs by `payload.job` (one entry each; docs/payments.md): a payment request's
 * reminder 3 days before its expiry and its expiry. Each checks the request again (idempotent).
 */
const jobs: Record<string, (payload: Record<string, unknown>) => Promise<string>> = {
  [REMINDER_JOB]: async (p) => {
    const r = requestOf(p);
    return r ? svc().requests.remind(r.applicationId, r.requestId) : 'Invalid';
  },
  [EXPIRY_JOB]: async (p) => {
    const r = requestOf(p);
    return r ? svc().requests.expire(r.applicationId, r.requestId) : 'Invalid';
  },
};

/**
 * The payments' schedule target (EventBridge Scheduler on AWS, infra/local/scheduler.ts locally). A
 * payload that is not a job of this feature is logged and dropped (a retry would not make it one).
 */
export async function handler(payload: unknown): Promise<{ outcome: string }> {
  const p = (payload ?? {}) as Record<string, unknown>;
  const run = typeof p.job === 'string' ? jobs[p.job] : undefined;
  if (!run) {
    logger.error('payments: not a scheduled job of this feature', { job: p.job });
    return { outcome: 'Invalid' };
  }
  const outcome = await run(p);
  logger.info('payments: scheduled job', { job: p.job, requestId: p.requestId, outcome });
  return { outcome };
}
