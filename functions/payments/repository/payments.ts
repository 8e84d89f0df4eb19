import { entities, service } from '../../platform/data/service.js';
import { lodgedApplicationChangeItems } from '../../platform/data/application-change.js';
import { publishedEventItems } from '../../platform/events/council-feed.js';
import { newEvent } from '../../platform/events/outbox.js';
import type { DomainEvent } from '../../platform/events/types.js';
import type { PaymentChange, PaymentRecord, PaymentSessionRecord } from '../model/records.js';
import '../events.js';

/** Every invoice of an application (one query on its partition). */
export async function paymentsOf(applicationId: string): Promise<PaymentRecord[]> {
  const { data } = await entities.payment.query.byApplication({ applicationId }).go({ pages: 'all' });
  return data;
}

/** A card session by its gateway id (read consistently: a settle decides on it). */
export async function sessionOf(sessionId: string): Promise<PaymentSessionRecord | undefined> {
  const { data } = await entities.paymentSession.get({ sessionId }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * Sessions still Pending that started before `before` (and after `after`, when given: the next page),
 * oldest first (the sparse index).
 */
export async function pendingSessionsBefore(
  before: string,
  limit: number,
  after?: string,
): Promise<PaymentSessionRecord[]> {
  const pending = entities.paymentSession.query.pending({ queue: 'pending' });
  if (after === undefined) return (await pending.lt({ startedAt: before }).go({ limit })).data;
  // The next page: after `after` (sessions started in that same millisecond wait for the next run),
  // cut at `before` here (a key condition has one range; a filter would count against the limit).
  const { data } = await pending.gt({ startedAt: after }).go({ limit });
  return data.filter((s) => s.startedAt < before);
}

/** The names of the application's documents. */
export async function documentNamesOf(applicationId: string): Promise<Set<string>> {
  const { data } = await entities.applicationDocument.query
    .byApplication({ applicationId })
    .go({ pages: 'all', attributes: ['documentName'] });
  return new Set(data.map((d) => d.documentName));
}

/** The amount an event names: a card payment's total with its surcharge, else the invoice's amount. */
function amountOfEvent(action: PaymentChange['action'], p: Partial<PaymentRecord>): number | undefined {
  if (p.baseCents === undefined) return undefined;
  return action === 'CardPaymentSettled' ? p.baseCents + (p.surchargeCents ?? 0) : p.baseCents;
}

const settable = <T extends object>(set: T, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(set).filter(([k, v]) => !keys.includes(k) && v !== undefined));

/**
 * One payment change, one transaction (docs/payments.md): the application's flag (with its history
 * and ApplicationUpdated, conditional on the etag read), the invoice created or changed (conditional
 * on the status and the card session pointer read), the card session created or settled (conditional
 * on Pending), then the event, the council's feed entry and the idempotency item
 * (`publishedEventItems`). False when anything changed meanwhile.
 */
export async function writePaymentChange(change: PaymentChange): Promise<boolean> {
  const { application, now } = change;
  const after = change.update ? { ...change.update.before, ...change.update.set } : change.create;
  const settled = change.session && 'settle' in change.session ? change.session.settle.set.state : undefined;
  const data = {
    authorityId: application.authorityId,
    paymentId: change.paymentId,
    status: after?.status ?? 'AwaitingPayment',
    ...(after?.description ? { description: after.description } : {}),
    ...(after ? { amountCents: amountOfEvent(change.action, after) } : {}),
    ...(change.action === 'CardPaymentSettled' ? { result: settled ?? 'Abandoned' } : {}),
  };
  const event = newEvent(
    change.action,
    { aggregate: { type: 'application', id: application.applicationId }, actor: change.actor, data } as never,
    now,
  ) as DomainEvent;
  const result = await service.transaction
    .write((e) => [
      ...lodgedApplicationChangeItems(e, {
        application,
        patch: { hasOutstandingPayments: change.hasOutstandingPayments },
        actor: change.actor,
        action: change.action,
        source:
          change.actor === 'gateway' ? 'gateway' : change.actor.startsWith('council:') ? 'council' : 'user',
        now,
      }).items,
      ...(change.create ? [e.payment.create(change.create).commit()] : []),
      ...(change.update
        ? [
            e.payment
              .patch({ applicationId: application.applicationId, paymentId: change.paymentId })
              .set(settable(change.update.set, ['applicationId', 'paymentId', 'createdAt', 'updatedAt']))
              // The status and the card session pointer as read: one open card session per invoice.
              .where((p, o) => {
                const { status, cardSessionId } = change.update!.before;
                return `${o.eq(p.status, status)} AND ${
                  cardSessionId ? o.eq(p.cardSessionId, cardSessionId) : o.notExists(p.cardSessionId)
                }`;
              })
              .commit(),
          ]
        : []),
      ...(change.session && 'create' in change.session
        ? [e.paymentSession.create({ ...change.session.create, queue: 'pending' }).commit()]
        : []),
      ...(change.session && 'settle' in change.session
        ? [
            e.paymentSession
              .patch({ sessionId: change.session.settle.before.sessionId })
              .set({
                ...settable(change.session.settle.set, ['sessionId', 'createdAt', 'updatedAt']),
                // The sparse index's composite, as the condition is re-evaluated (the session leaves it).
                queue: 'pending',
                startedAt: change.session.settle.before.startedAt,
              })
              .where((s, o) => o.eq(s.state, 'Pending'))
              .commit(),
          ]
        : []),
      ...publishedEventItems(e, event, change.idempotency),
    ])
    .go();
  return !result.canceled;
}
