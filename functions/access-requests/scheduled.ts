import { logger } from '../platform/logger.js';
import { portalHandler } from '../platform/observability/tracer.js';
import { expireAccessRequest } from './service/requests.js';
import { getRequest, writeAnswer } from './repository/requests.js';

/** The target every access-request schedule names (`payload.target`; locally the module to run). */
export const SCHEDULE_TARGET = 'access-requests/scheduled';

export interface ExpiryPayload {
  target?: string;
  requestGuid?: unknown;
}

/**
 * The access requests' scheduled jobs (docs/access-requests.md): the one-off expiry schedule of a
 * request, seven days after it was sent, flips a request still PENDING to EXPIRED with its event and
 * history; an answered or already expired one is left alone (idempotent). `now` is injectable.
 */
export async function expireRequest(payload: ExpiryPayload, now: () => Date = () => new Date()) {
  if (typeof payload?.requestGuid !== 'string') {
    logger.warn('access-requests: a schedule without requestGuid');
    return { outcome: 'skipped' as const };
  }
  const outcome = await expireAccessRequest({ getRequest, writeAnswer, now }, payload.requestGuid);
  logger.info('access-requests: expiry', { requestGuid: payload.requestGuid, outcome });
  return { outcome };
}

/** The scheduler target's entry point (EventBridge Scheduler's input; locally the scheduler's call). */
export const handler = portalHandler((payload: ExpiryPayload) => expireRequest(payload));
