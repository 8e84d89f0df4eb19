import { isConditionalCheckFailed } from '../../platform/data/conditional.js';
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import type { DomainEvent } from '../../platform/events/types.js';
import type { PaymentRequestRecord, RequestChange } from '../model/records.js';
import '../events.js';

/** Every payment request of an application (one query on its partition). */
export async function requestsOf(applicationId: string): Promise<PaymentRequestRecord[]> {
  const { data } = await entities.paymentRequest.query.byApplication({ applicationId }).go({ pages: 'all' });
  return data;
}

/** One request, read consistently (a change decides on it). */
export async function requestOf(
  applicationId: string,
  requestId: string,
): Promise<PaymentRequestRecord | undefined> {
  const { data } = await entities.paymentRequest.get({ applicationId, requestId }).go({ consistent: true });
  return data ?? undefined;
}

const settable = (set: Partial<PaymentRequestRecord>) =>
  Object.fromEntries(
    Object.entries(set).filter(
      ([k, v]) =>
        ![
          'applicationId',
          'requestId',
          'paymentId',
          'tokenHash',
          'mailedAt',
          'createdAt',
          'updatedAt',
        ].includes(k) && v !== undefined,
    ),
  );

/**
 * Request changes, one transaction (docs/payments.md "Invite to pay"): each request created, or
 * changed on condition that it is still Open, with its event. False when one was no longer Open.
 */
export async function writeRequestChanges(changes: RequestChange[]): Promise<boolean> {
  const result = await service.transaction
    .write((e) =>
      changes.flatMap((c) => {
        const request = c.create ?? c.update!.before;
        const items = c.create
          ? [e.paymentRequest.create(c.create).commit()]
          : [
              e.paymentRequest
                .patch({ applicationId: request.applicationId, requestId: request.requestId })
                .set(settable(c.update!.set))
                .where((r, o) => o.eq(r.status, 'Open'))
                .commit(),
            ];
        if (!c.action) return items;
        const status = c.update?.set.status ?? request.status;
        const event = newEvent(
          c.action,
          {
            aggregate: { type: 'application', id: request.applicationId },
            actor: c.actor,
            data: {
              authorityId: c.authorityId,
              paymentId: request.paymentId,
              requestId: request.requestId,
              status,
            },
          } as never,
          c.now,
        ) as DomainEvent;
        return [...items, outboxItem(e, event)];
      }),
    )
    .go();
  return !result.canceled;
}

const keyOf = (r: PaymentRequestRecord) => ({ applicationId: r.applicationId, requestId: r.requestId });

/**
 * The link's hash, on condition that the request is Open, has no hash and is not mailed (the mail
 * consumer's step 2, service/requests.ts `mailLink`); false when the condition fails.
 */
export async function storeLinkHash(r: PaymentRequestRecord, tokenHash: string): Promise<boolean> {
  try {
    await entities.paymentRequest
      .patch(keyOf(r))
      .set({ tokenHash })
      .where(
        (a, o) => `${o.eq(a.status, 'Open')} AND ${o.notExists(a.tokenHash)} AND ${o.notExists(a.mailedAt)}`,
      )
      .go();
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Removes the hash (and its gsi1 key) while it is that one and the request is not marked mailed. */
export async function clearLinkHash(r: PaymentRequestRecord, tokenHash: string): Promise<void> {
  try {
    await entities.paymentRequest
      .patch(keyOf(r))
      .remove(['tokenHash'])
      .where((a, o) => `${o.eq(a.tokenHash, tokenHash)} AND ${o.notExists(a.mailedAt)}`)
      .go();
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}

/** Marks the request mailed while its hash is that one (a redelivery then sends nothing). */
export async function markMailed(r: PaymentRequestRecord, tokenHash: string, at: string): Promise<void> {
  try {
    await entities.paymentRequest
      .patch(keyOf(r))
      .set({ mailedAt: at })
      .where((a, o) => o.eq(a.tokenHash, tokenHash))
      .go();
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}
