import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import type { TransactionEntities } from '../../platform/events/outbox.js';
import type { accessRequest } from '../../platform/data/entities/access-requests.js';
import '../events.js';

export type AccessRequestRecord = EntityItem<typeof accessRequest>;
export type NewAccessRequest = Omit<AccessRequestRecord, 'createdAt' | 'updatedAt'>;
export type Answer = 'APPROVED' | 'DENIED' | 'EXPIRED';

/** The guard's TTL: a day after expiry (reads never trust it past expireTime anyway). */
const ttlOf = (expireTime: string) => Math.floor(new Date(expireTime).getTime() / 1000) + 24 * 60 * 60;

const isConditionFailure = (err: unknown) =>
  (err as { cause?: { name?: string } })?.cause?.name === 'ConditionalCheckFailedException';

export async function getRequest(requestGuid: string): Promise<AccessRequestRecord | undefined> {
  const { data } = await entities.accessRequest.get({ requestGuid }).go({ consistent: true });
  return data ?? undefined;
}

/** A requester's requests, newest first (the byRequester index; bounded by what one person sent). */
export async function requestsOfRequester(requesterId: string): Promise<AccessRequestRecord[]> {
  const { data } = await entities.accessRequest.query
    .byRequester({ requesterId })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

/** The stored-PENDING, unhandled requests an owner reviews, newest first (the byOwner index). */
export async function pendingRequestsOfOwner(ownerId: string): Promise<AccessRequestRecord[]> {
  const { data } = await entities.accessRequest.query
    .byOwner({ ownerId })
    .where((a, o) => `${o.eq(a.status, 'PENDING')} AND ${o.ne(a.handled, true)}`)
    .go({ pages: 'all', order: 'desc' });
  return data;
}

/** How many of a requester's requests are stored PENDING and unexpired at `now` (the cap's count). */
export async function pendingCountOf(requesterId: string, now: string): Promise<number> {
  const { data } = await entities.accessRequest.query
    .byRequester({ requesterId })
    .where((a, o) => `${o.eq(a.status, 'PENDING')} AND ${o.gt(a.expireTime, now)}`)
    .go({ pages: 'all', attributes: ['requestGuid'] });
  return data.length;
}

/** The active-request guard of a project and requester (possibly stale: check its expireTime). */
export async function activeGuardOf(applicationId: string, requesterId: string) {
  const { data } = await entities.accessRequestActive.get({ applicationId, requesterId }).go();
  return data ?? undefined;
}

/** The guards of one requester on many projects (the search's accessRequestedDate), by BatchGet. */
export async function activeGuardsOf(applicationIds: readonly string[], requesterId: string) {
  if (applicationIds.length === 0) return [];
  const { data } = await entities.accessRequestActive
    .get(applicationIds.map((applicationId) => ({ applicationId, requesterId })))
    .go();
  return data;
}

const historyItem = (
  e: TransactionEntities,
  r: Pick<AccessRequestRecord, 'applicationId' | 'requestGuid'>,
  eventType: string,
  at: string,
  actor: string,
  delta: Record<string, [unknown, unknown]>,
) =>
  e.history
    .create({
      applicationId: r.applicationId,
      historyId: randomUUID(),
      timestamp: at,
      eventType,
      eventSource: 'Portal',
      entityType: 'ACCESS_REQUEST',
      entityId: r.requestGuid,
      modifiedBy: actor,
      delta,
      eventData: { entityId: r.requestGuid },
    })
    .commit();

/**
 * Writes a new request in one transaction: the project's active-request guard (only when absent or
 * expired: one active request per project and requester, whatever the concurrency), the request,
 * its history entry and AccessRequestCreated. False when the guard refused.
 */
export async function writeNewRequest(r: NewAccessRequest, now: string): Promise<boolean> {
  const event = newEvent('AccessRequestCreated', {
    aggregate: { type: 'accessRequest', id: r.requestGuid },
    actor: r.requesterId,
    data: {
      requestGuid: r.requestGuid,
      applicationId: r.applicationId,
      requesterId: r.requesterId,
      ownerId: r.ownerId,
      expireTime: r.expireTime,
    },
  });
  const result = await service.transaction
    .write((e) => [
      e.accessRequestActive
        .put({
          applicationId: r.applicationId,
          requesterId: r.requesterId,
          requestGuid: r.requestGuid,
          createdDate: r.createdDate,
          expireTime: r.expireTime,
          ttl: ttlOf(r.expireTime),
        })
        .where((a, o) => `${o.notExists(a.requestGuid)} OR ${o.lte(a.expireTime, now)}`)
        .commit(),
      e.accessRequest.create(r).commit(),
      historyItem(e, r, 'AccessRequestCreated', now, r.requesterId, { status: [null, 'PENDING'] }),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

/**
 * The items that answer (or expire) a request inside a transaction: its status and completionDate
 * (only while stored PENDING, and for an answer only before its expiry), the release of its guard,
 * its history entry and its event.
 */
export function answerItems(
  e: TransactionEntities,
  r: AccessRequestRecord,
  answer: Answer,
  at: string,
  actor: string,
  participantId?: string,
) {
  const base = { requestGuid: r.requestGuid, applicationId: r.applicationId, requesterId: r.requesterId };
  const aggregate = { type: 'accessRequest' as const, id: r.requestGuid };
  const event =
    answer === 'APPROVED'
      ? newEvent('AccessRequestApproved', {
          aggregate,
          actor,
          data: { ...base, participantId: participantId! },
        })
      : answer === 'DENIED'
        ? newEvent('AccessRequestDenied', { aggregate, actor, data: base })
        : newEvent('AccessRequestExpired', { aggregate, actor, data: base });
  return [
    e.accessRequest
      .patch({ requestGuid: r.requestGuid })
      .set({ status: answer, completionDate: at })
      .where((a, o) =>
        answer === 'EXPIRED'
          ? `${o.eq(a.status, 'PENDING')} AND ${o.lte(a.expireTime, at)}`
          : `${o.eq(a.status, 'PENDING')} AND ${o.gt(a.expireTime, at)}`,
      )
      .commit(),
    // An answer comes before the expiry, so the guard is still this request's. An expired request's
    // guard may already be a newer request's: it is left to its TTL (a new put replaces it anyway).
    ...(answer === 'EXPIRED'
      ? []
      : [
          e.accessRequestActive
            .delete({ applicationId: r.applicationId, requesterId: r.requesterId })
            .commit(),
        ]),
    historyItem(
      e,
      r,
      `AccessRequest${answer === 'APPROVED' ? 'Approved' : answer === 'DENIED' ? 'Denied' : 'Expired'}`,
      at,
      actor,
      {
        status: ['PENDING', answer],
      },
    ),
    outboxItem(e, event),
  ];
}

/** Declines or expires a request in one transaction; false when it was no longer answerable. */
export async function writeAnswer(
  r: AccessRequestRecord,
  answer: 'DENIED' | 'EXPIRED',
  at: string,
  actor: string,
) {
  const result = await service.transaction.write((e) => answerItems(e, r, answer, at, actor)).go();
  return !result.canceled;
}

/** Marks a request handled (it leaves the owner's list); idempotent. */
export async function markHandled(requestGuid: string): Promise<void> {
  await entities.accessRequest
    .patch({ requestGuid })
    .set({ handled: true })
    .go({ response: 'none' })
    .catch((err: unknown) => {
      if (!isConditionFailure(err)) throw err;
    });
}
