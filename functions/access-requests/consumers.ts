import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import { cancel, schedule } from '../platform/adapters/scheduler.js';
import type { ScheduledJob } from '../platform/adapters/scheduler.js';
import { getRequest } from './repository/requests.js';
import type { AccessRequestRecord } from './repository/requests.js';
import { SCHEDULE_TARGET } from './scheduled.js';
import './events.js';

export interface ExpiryPorts {
  request(requestGuid: string): Promise<AccessRequestRecord | undefined>;
  schedule(job: ScheduledJob): Promise<void>;
  cancel(name: string): Promise<void>;
}

/** The name of a request's expiry schedule (at most 64 characters: 15 + a UUID). */
export const expiryScheduleName = (requestGuid: string) => `access-request-${requestGuid}`;

const tablePorts: ExpiryPorts = { request: getRequest, schedule, cancel };

/** A schedule of that name exists already (a retried event): AWS ConflictException, locally 'already exists'. */
const alreadyScheduled = (err: unknown) =>
  (err as { name?: string })?.name === 'ConflictException' || /already exists/i.test(String(err));

/**
 * The access requests' consumers of domain events (docs/events.md, docs/access-requests.md):
 * - `accessRequests.scheduleExpiry`: a new request gets its one-off expiry schedule at its
 *   expireTime (out of the request path: the schedule service never slows or fails a request);
 * - `accessRequests.cancelExpiry`: an answered request's schedule is deleted.
 */
export function accessRequestConsumers(ports: ExpiryPorts = tablePorts): EventConsumer[] {
  return [
    defineConsumer({
      name: 'accessRequests.scheduleExpiry',
      handles: ['AccessRequestCreated'],
      async handle(event, { logger }) {
        const request = await ports.request(event.data.requestGuid);
        if (request?.status !== 'PENDING') return;
        try {
          await ports.schedule({
            name: expiryScheduleName(request.requestGuid),
            at: new Date(request.expireTime),
            payload: { target: SCHEDULE_TARGET, requestGuid: request.requestGuid },
          });
        } catch (err) {
          if (!alreadyScheduled(err)) throw err;
        }
        logger.info('access-requests: expiry scheduled', { requestGuid: request.requestGuid });
      },
    }),
    defineConsumer({
      name: 'accessRequests.cancelExpiry',
      handles: ['AccessRequestApproved', 'AccessRequestDenied'],
      async handle(event) {
        await ports.cancel(expiryScheduleName(event.data.requestGuid));
      },
    }),
  ];
}
