import { describe, expect, test } from 'vitest';
import { pendingEvents, type EventItem } from '../../support/events';

const consumersOf = (type: string) =>
  ({ ApplicationCreated: ['lists', 'search'], ApplicationDeleted: ['files'] })[type] ?? [];
const event = (eventId: string, type: string): EventItem => ({ __edb_e__: 'domainEvent', eventId, type });
const consumed = (eventId: string, consumer: string): EventItem => ({
  __edb_e__: 'consumedEvent',
  eventId,
  consumer,
});

describe('pendingEvents: what the consumers have yet to handle', () => {
  test('an event is pending until every consumer of its type has recorded it', () => {
    const items = [event('e1', 'ApplicationCreated'), consumed('e1', 'lists')];
    expect(pendingEvents(items, consumersOf)).toEqual(['e1']);
    expect(pendingEvents([...items, consumed('e1', 'search')], consumersOf)).toEqual([]);
  });

  test('a consumer of another event does not count; an event nobody consumes is never pending', () => {
    const items = [event('e1', 'ApplicationDeleted'), consumed('e2', 'files'), event('e3', 'Unknown')];
    expect(pendingEvents(items, consumersOf)).toEqual(['e1']);
  });

  test('a dead-lettered event is not waited for', () => {
    expect(pendingEvents([event('e1', 'ApplicationDeleted')], consumersOf, new Set(['e1']))).toEqual([]);
  });
});
