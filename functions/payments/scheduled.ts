import { PaymentScheduledJob } from '../../shared/schemas/payments.js';
import type { PaymentGateway } from '../platform/adapters/payments/gateway.js';
import { logger } from '../platform/logger.js';
import { portalHandler } from '../platform/observability/tracer.js';
import { requestPorts, tablePorts } from './ports.js';
import { paymentsService } from './service/payments.js';
import { paymentRequests } from './service/requests.js';

/** A catch-up run reads the stale sessions a page at a time (oldest first), at most this many pages. */
export const CATCH_UP_PAGE = 50;
export const CATCH_UP_PAGES = 10;

/** What a run did: a catch-up's counts, a request job's outcome, or `Invalid` for a payload that is not a payments job. */
export type JobOutcome =
  | { outcome: 'Invalid' }
  | { outcome: 'Done'; asked: number; settled: number; abandoned: number; failed: number }
  | { outcome: 'Request'; job: string; result: string };

/** The table and the gateway of this deployment, once per cold start (the gateway's secret too). */
let ports: ReturnType<typeof tablePorts> | undefined;

/**
 * The payments' schedule target (docs/payments.md; EventBridge on AWS, infra/local/scheduler.ts
 * locally), dispatching on `payload.job`:
 * - `catch-up` (the recurring rule of functions/platform/recurring-jobs.ts, every 5 minutes): the
 *   card sessions still Pending after 10 minutes are asked about and settled; after a day, given up;
 * - `payment-request-reminder` / `payment-request-expiry` (one-off, per payment request): the
 *   reminder 3 days before the link expires, and its expiry. Each checks the request again.
 *
 * A payload that is not a job of this feature is logged and dropped (a retry would not make it one).
 * `now` and the gateway are injectable (tests).
 */
export async function runJob(
  payload: unknown,
  options: { now?: () => Date; gateway?: PaymentGateway } = {},
): Promise<JobOutcome> {
  const job = PaymentScheduledJob.safeParse(payload);
  if (!job.success) {
    logger.error('payments: not a scheduled job of this feature', { issues: job.error.issues });
    return { outcome: 'Invalid' };
  }
  const base = options.gateway ? tablePorts(options.gateway) : (ports ??= tablePorts());
  const withNow = { ...base, ...(options.now ? { now: options.now } : {}) };
  const service = paymentsService(withNow);
  const data = job.data;
  if (data.job === 'catch-up') {
    const counts = await service.catchUp(CATCH_UP_PAGE, CATCH_UP_PAGES);
    logger.info('payments: catch-up', counts);
    if (counts.failed)
      logger.warn('payments: catch-up could not ask the gateway about some sessions', counts);
    return { outcome: 'Done' as const, ...counts };
  }
  const requests = paymentRequests(requestPorts(withNow), service);
  const outcome =
    data.job === 'payment-request-reminder'
      ? await requests.remind(data.applicationId, data.requestId)
      : await requests.expire(data.applicationId, data.requestId);
  logger.info('payments: scheduled job', { job: data.job, requestId: data.requestId, outcome });
  return { outcome: 'Request', job: data.job, result: outcome };
}

/** The scheduler target's entry point (EventBridge's constant input; locally the scheduler's call). */
export const handler = portalHandler((payload: unknown) => runJob(payload));
