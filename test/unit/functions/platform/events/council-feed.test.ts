import { describe, expect, it } from 'vitest';
import { publishedEventItems } from '../../../../../functions/platform/events/council-feed.js';
import { newEvent } from '../../../../../functions/platform/events/outbox.js';
import type { Idempotency } from '../../../../../functions/platform/idempotency.js';
import '../../../../../functions/payments/events.js';

/**
 * The tail every writer's transaction ends with (functions/platform/events/council-feed.ts): the
 * outbox item, the council's feed entry when councils hear of the event, the idempotency item.
 */
const recorder = () => {
  const items: { entity: string; item: Record<string, unknown> }[] = [];
  const entity = (name: string) => ({
    create: (item: Record<string, unknown>) => ({
      commit: () => {
        items.push({ entity: name, item });
        return name;
      },
    }),
  });
  const e = {
    domainEvent: entity('domainEvent'),
    councilFeedEntry: entity('councilFeedEntry'),
    councilIdempotency: entity('councilIdempotency'),
  } as never;
  return { e, items };
};
const at = new Date('2026-11-29T01:00:00.000Z');
const aggregate = { type: 'application' as const, id: '100' };
const data = { authorityId: 'wcc', paymentId: 'pay1', status: 'Paid' };

describe('publishedEventItems', () => {
  it('an event councils hear of: the outbox item, its feed entry (35-day TTL) and the idempotency item', () => {
    const { e, items } = recorder();
    const event = newEvent(
      'CardPaymentSettled',
      { aggregate, actor: 'gateway', data: { ...data, result: 'Approved' } },
      at,
    );
    const idempotency = {
      item: (
        tx: { councilIdempotency: { create(x: object): { commit(): unknown } } },
        answer: unknown,
        statusCode?: number,
      ) => tx.councilIdempotency.create({ answer, statusCode }).commit(),
    } as unknown as Idempotency;
    publishedEventItems(e, event, { idempotency, answer: { ok: true }, statusCode: 201 });
    expect(items.map((i) => i.entity)).toEqual(['domainEvent', 'councilFeedEntry', 'councilIdempotency']);
    expect(items[1]!.item).toEqual({
      authorityId: 'wcc',
      occurredAt: at.toISOString(),
      eventId: event.eventId,
      type: 'PaymentReceived',
      applicationId: '100',
      ttl: Math.floor(at.getTime() / 1000) + 35 * 86_400,
    });
    expect(items[2]!.item).toEqual({ answer: { ok: true }, statusCode: 201 });
  });

  it('an event councils do not hear of, without idempotency: the outbox item only', () => {
    const { e, items } = recorder();
    publishedEventItems(e, newEvent('PaymentIssued', { aggregate, actor: 'council:wcc', data }, at));
    expect(items.map((i) => i.entity)).toEqual(['domainEvent']);
  });
});
