/**
 * The statutory clock (shared/domain/statutory-clock.ts), against worked examples counted by hand
 * on a calendar (Building Act 2004 s 48: 20 working days after receipt, suspended from a request for
 * information until it is answered; docs/statutory-clock.md). Each case says how it was counted.
 */
import { describe, expect, test } from 'vitest';
import { BUILDING_ACT_CLOCK, clockSettingsOf, statutoryClock } from '../../../shared/domain/statutory-clock';

const NZDT_NOON = 'T00:00:00Z'; // 1 pm in New Zealand (summer): the same NZ day
const at = (day: string) => `${day}${NZDT_NOON}`;

describe('the period: 20 working days after receipt', () => {
  test.each([
    // [case, received, due, how it was counted]
    [
      'an ordinary month',
      '2026-03-02',
      '2026-03-30',
      '3-6 Mar (4), 9-13 (9), 16-20 (14), 23-27 (19), 30 (20)',
    ],
    [
      'Easter and a Mondayised Anzac Day',
      '2026-03-26',
      '2026-04-28',
      '27, 30, 31 Mar, 1, 2 Apr (5), Good Friday 3 and Easter Monday 6 out, 7-10 (9), 13-17 (14), 20-24 (19), Monday 27 (Anzac Day, a Saturday) out, 28 (20)',
    ],
    [
      'the Christmas break',
      '2026-12-14',
      '2027-02-01',
      '15-18 Dec (4), 20 Dec-10 Jan out, 11-15 Jan (9), 18-22 (14), 25-29 (19; Wellington Anniversary counts), 1 Feb (20)',
    ],
    [
      'received in the Christmas break',
      '2026-12-22',
      '2027-02-05',
      '11-15 Jan (5), 18-22 (10), 25-29 (15), 1-5 Feb (20)',
    ],
    [
      'a Mondayised Waitangi Day',
      '2027-02-01',
      '2027-03-02',
      '2-5 Feb (4), Monday 8 (Waitangi Day, a Saturday) out, 9-12 (8), 15-19 (13), 22-26 (18), 1, 2 Mar (20)',
    ],
    [
      'Matariki',
      '2026-07-06',
      '2026-08-04',
      '7-9 Jul (3), Matariki 10 out, 13-17 (8), 20-24 (13), 27-31 (18), 3, 4 Aug (20)',
    ],
    [
      'the King’s Birthday',
      '2026-05-29',
      '2026-06-29',
      'King’s Birthday 1 Jun out, 2-5 (4), 8-12 (9), 15-19 (14), 22-26 (19), 29 (20)',
    ],
    [
      'received on a Saturday',
      '2026-03-07',
      '2026-04-07',
      '9-13 Mar (5), 16-20 (10), 23-27 (15), 30 Mar-2 Apr (19), Easter out, 7 Apr (20)',
    ],
  ])('%s: received %s, due %s', (_case, received, due) => {
    const clock = statutoryClock({ received: at(received), suspensions: [], now: at(received) });
    expect(clock).toMatchObject({
      state: 'Running',
      receivedDay: received,
      totalDays: 20,
      daysUsed: 0,
      daysLeft: 20,
      overdueDays: 0,
      dueDay: due,
      holidaysKnown: true,
    });
  });

  test('the day of receipt is the New Zealand day: 1:30 am NZDT Monday is Monday, 11:30 pm Sunday is Sunday', () => {
    expect(
      statutoryClock({ received: '2026-03-01T12:30:00Z', suspensions: [], now: '2026-03-01T12:30:00Z' }),
    ).toMatchObject({ receivedDay: '2026-03-02', dueDay: '2026-03-30' });
    // From Sunday 1 March: 2-6 (5), 9-13 (10), 16-20 (15), 23-27 (20).
    expect(
      statutoryClock({ received: '2026-03-01T10:30:00Z', suspensions: [], now: '2026-03-01T10:30:00Z' }),
    ).toMatchObject({ receivedDay: '2026-03-01', dueDay: '2026-03-27' });
  });

  test('days used run to today, and past the period they are overdue', () => {
    // 2 Mar received; to Friday 13 Mar: 3-6 (4), 9-13 (9).
    expect(
      statutoryClock({ received: at('2026-03-02'), suspensions: [], now: at('2026-03-13') }),
    ).toMatchObject({
      daysUsed: 9,
      daysLeft: 11,
      dueDay: '2026-03-30',
    });
    // To Easter Monday 6 Apr: 20 by 30 Mar, 31 Mar, 1, 2 Apr (23), Easter out.
    expect(
      statutoryClock({ received: at('2026-03-02'), suspensions: [], now: at('2026-04-06') }),
    ).toMatchObject({
      state: 'Running',
      daysUsed: 23,
      daysLeft: 0,
      overdueDays: 3,
      dueDay: '2026-03-30',
    });
  });

  test('a decision stops the clock', () => {
    // Decided Friday 20 Mar: 3-6 (4), 9-13 (9), 16-20 (14).
    const clock = statutoryClock({
      received: at('2026-03-02'),
      suspensions: [],
      decided: at('2026-03-20'),
      now: at('2026-06-01'),
    });
    expect(clock).toMatchObject({ state: 'Decided', daysUsed: 14, daysLeft: 6, dueDay: '2026-03-30' });
  });
});

describe('requests for information suspend the period', () => {
  const received = at('2026-03-02');
  const oneRfi = [{ from: at('2026-03-06'), to: at('2026-03-11') }];

  test('one request: the day it is sent counts, the day it is answered does not', () => {
    // 3-5 Mar (3), Friday 6 sent (4), 9, 10 and 11 (answered) held, 12, 13 (6), 16-20 (11),
    // 23-27 (16), 30 Mar-2 Apr (20).
    expect(statutoryClock({ received, suspensions: oneRfi, now: at('2026-03-13') })).toMatchObject({
      state: 'Running',
      daysUsed: 6,
      daysLeft: 14,
      dueDay: '2026-04-02',
      suspensions: [{ fromDay: '2026-03-06', toDay: '2026-03-11', workingDays: 3 }],
    });
  });

  test('the conventions are the authority’s: the day sent not counted, or the day answered counted', () => {
    // Day sent held too: 3-5 (3), 6-11 held, 12, 13 (5), 16-20 (10), 23-27 (15), 30 Mar-2 Apr (19),
    // Easter out, 7 Apr (20).
    expect(
      statutoryClock(
        { received, suspensions: oneRfi, now: at('2026-03-13') },
        { ...BUILDING_ACT_CLOCK, rfiSentDayCounts: false },
      ),
    ).toMatchObject({
      dueDay: '2026-04-07',
      suspensions: [{ workingDays: 4 }],
    });
    // Day answered counted: 3-6 (4), 9, 10 held, 11-13 (7), 16-20 (12), 23-27 (17), 30, 31 Mar, 1 Apr (20).
    expect(
      statutoryClock(
        { received, suspensions: oneRfi, now: at('2026-03-13') },
        { ...BUILDING_ACT_CLOCK, rfiAnsweredDayCounts: true },
      ),
    ).toMatchObject({
      dueDay: '2026-04-01',
      suspensions: [{ workingDays: 2 }],
    });
  });

  test('two requests, with Easter between', () => {
    // 3-5 Mar (3; 5 sent), 6, 9, 10 held, 11-13 (6), 16-20 (11), 23 sent (12), 24-27 held,
    // 30 Mar-2 Apr (16), Easter out, 7-10 Apr (20).
    const clock = statutoryClock({
      received,
      suspensions: [
        { from: at('2026-03-23'), to: at('2026-03-27') },
        { from: at('2026-03-05'), to: at('2026-03-10') },
      ],
      now: at('2026-04-10'),
    });
    expect(clock).toMatchObject({
      state: 'Running',
      daysUsed: 20,
      daysLeft: 0,
      overdueDays: 0,
      dueDay: '2026-04-10',
      suspensions: [
        { fromDay: '2026-03-05', toDay: '2026-03-10', workingDays: 3 },
        { fromDay: '2026-03-23', toDay: '2026-03-27', workingDays: 4 },
      ],
    });
  });

  test('an open request: suspended, no due day, its days held to today', () => {
    // 3-6 Mar (4, 6 sent); held 9-13, 16-20 (10 working days) to Friday 20 Mar.
    const clock = statutoryClock({
      received,
      suspensions: [{ from: at('2026-03-06') }],
      now: at('2026-03-20'),
    });
    expect(clock).toMatchObject({
      state: 'Suspended',
      daysUsed: 4,
      daysLeft: 16,
      dueDay: null,
      suspensions: [{ fromDay: '2026-03-06', toDay: null, workingDays: 10 }],
    });
  });

  test('a request across the Christmas break', () => {
    // Received 30 Nov: 1-4 Dec (4), 7-10 (8), 11 sent (9), held 14-18 Dec and 11 Jan (answered; 6
    // working days, the break is not one), 12-15 Jan (13), 18-22 (18), 25, 26 (20).
    const clock = statutoryClock({
      received: at('2026-11-30'),
      suspensions: [{ from: at('2026-12-11'), to: at('2027-01-11') }],
      now: at('2027-01-15'),
    });
    expect(clock).toMatchObject({
      daysUsed: 13,
      dueDay: '2027-01-26',
      suspensions: [{ workingDays: 6 }],
    });
  });

  test('a request answered the day it was sent holds nothing', () => {
    const clock = statutoryClock({
      received,
      suspensions: [{ from: at('2026-03-04'), to: at('2026-03-04') }],
      now: received,
    });
    expect(clock).toMatchObject({ dueDay: '2026-03-30', suspensions: [{ workingDays: 0 }] });
  });

  test('a decision while a request is open: decided, the request’s days held to the decision', () => {
    const clock = statutoryClock({
      received,
      suspensions: [{ from: at('2026-03-06') }],
      decided: at('2026-03-20'),
      now: at('2026-05-01'),
    });
    expect(clock).toMatchObject({
      state: 'Decided',
      daysUsed: 4,
      dueDay: null,
      suspensions: [{ workingDays: 10 }],
    });
  });
});

describe('limits', () => {
  test('beyond the holiday table the clock says its holidays are not known', () => {
    expect(
      statutoryClock({ received: at('2052-12-01'), suspensions: [], now: at('2053-02-01') }),
    ).toMatchObject({
      holidaysKnown: false,
    });
  });

  test('a date that is not one is refused', () => {
    expect(() => statutoryClock({ received: 'yesterday', suspensions: [], now: at('2026-03-02') })).toThrow(
      /received is not a date/,
    );
  });
});

describe('an authority’s conventions', () => {
  test('override the common practice one by one', () => {
    expect(clockSettingsOf(undefined)).toEqual(BUILDING_ACT_CLOCK);
    expect(clockSettingsOf({ rfiSentDayCounts: false })).toEqual({
      ...BUILDING_ACT_CLOCK,
      rfiSentDayCounts: false,
    });
    expect(clockSettingsOf({ rfiAnsweredDayCounts: true })).toEqual({
      ...BUILDING_ACT_CLOCK,
      rfiAnsweredDayCounts: true,
    });
  });
});
