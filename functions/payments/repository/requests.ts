import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import type { DomainEvent } from '../../platform/events/types.js';
import type { PaymentRequestRecord, RequestChange } from '../service/requests.js';
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
        !['applicationId', 'requestId', 'paymentId', 'tokenHash', 'createdAt', 'updatedAt'].includes(k) &&
        v !== undefined,
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
