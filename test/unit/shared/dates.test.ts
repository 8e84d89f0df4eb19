import { afterEach, describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  DATE_TIME_SHORT_FORMAT,
  formatNzDate,
  formatNzDateTime,
} from '../../../shared/domain/dates.js';
import { isCalendarDate } from '../../../shared/domain/calendar-date.js';
import { formatDate, formatFullDate } from '../../../web/src/lib/dates.js';

/**
 * Dates are shown and printed in New Zealand time (Pacific/Auckland) in the spec's formats, whatever
 * the zone of the browser or the server: each case runs with the process in UTC, Los Angeles and
 * Auckland (Node reads TZ again when it changes).
 */
const ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Auckland'];
const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
});

describe.each(ZONES)('New Zealand time with the process in %s', (zone) => {
  it('a late-evening submission in summer (NZDT, UTC+13) is that evening, not the UTC morning', () => {
    process.env.TZ = zone;
    expect(formatNzDateTime('2026-11-23T10:58:00.000Z')).toBe('23 Nov 2026 - 11:58 PM');
    expect(formatFullDate('2026-11-23T10:58:00.000Z')).toBe('23 Nov 2026 - 11:58 PM');
    expect(formatDate('2026-11-23T10:58:00.000Z', DATE_TIME_SHORT_FORMAT)).toBe('23 Nov 2026 11:58 PM');
    expect(formatDate('2026-11-23T11:00:00.000Z')).toBe('24 Nov 2026');
  });

  it('either side of the end of daylight time (5 Apr 2026, 3:00 NZDT → 2:00 NZST)', () => {
    process.env.TZ = zone;
    expect(formatNzDateTime('2026-04-04T13:59:00Z')).toBe('5 Apr 2026 - 2:59 AM');
    expect(formatNzDateTime('2026-04-04T14:00:00Z')).toBe('5 Apr 2026 - 2:00 AM');
    expect(formatNzDateTime('2026-04-05T00:00:00Z')).toBe('5 Apr 2026 - 12:00 PM');
  });

  it('either side of the start of daylight time (27 Sep 2026, 2:00 NZST → 3:00 NZDT)', () => {
    process.env.TZ = zone;
    expect(formatNzDateTime(new Date('2026-09-26T13:59:00Z'))).toBe('27 Sep 2026 - 1:59 AM');
    expect(formatNzDateTime(new Date('2026-09-26T14:00:00Z').getTime())).toBe('27 Sep 2026 - 3:00 AM');
    expect(formatNzDate('2026-09-26T11:59:00Z', DATE_FORMAT)).toBe('26 Sep 2026');
    expect(formatNzDate('2026-09-26T12:00:00Z', DATE_FORMAT)).toBe('27 Sep 2026');
  });

  it('a calendar day (a form answer) is that day; midnight and noon read 12 AM and 12 PM', () => {
    process.env.TZ = zone;
    expect(formatNzDate('2026-07-01')).toBe('01 Jul 2026');
    expect(formatNzDate('2026-07-01T12:00:00Z', DATE_TIME_SHORT_FORMAT)).toBe('02 Jul 2026 12:00 AM');
    expect(formatNzDate('2026-07-01T00:00:00Z', DATE_TIME_SHORT_FORMAT)).toBe('01 Jul 2026 12:00 PM');
    expect(formatNzDate('not a date')).toBe('');
  });
});

describe('isCalendarDate: a date that can be read as a whole day', () => {
  it('takes a day, with or without a time and offset', () => {
    for (const v of [
      '2026-02-28',
      '2024-02-29',
      '2026-12-31T23:59',
      '2026-11-23T10:58:00.000Z',
      '2026-11-23T10:58:00+13:00',
    ])
      expect(isCalendarDate(v), v).toBe(true);
  });
  it('refuses what Date.parse would read as another day, part of a date, or words', () => {
    for (const v of [
      '2026-02-30',
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-02',
      '2026',
      '2026-0',
      '',
      'last week',
      '2026-02-28T24:00',
    ])
      expect(isCalendarDate(v), v).toBe(false);
  });
});
