/**
 * Working days as the Building Act counts them (shared/domain/working-days.ts): the holiday table is
 * New Zealand's public holidays as the `date-holidays` package gives them, checked here year by
 * year; weekends and 20 December to 10 January never count; regional anniversary days do.
 */
import Holidays from 'date-holidays';
import { nzCalendarDay } from '../../../shared/domain/dates';
import { describe, expect, test } from 'vitest';
import {
  addDays,
  holidaysKnown,
  inChristmasBreak,
  isWorkingDay,
  NZ_WEEKDAY_HOLIDAYS,
} from '../../../shared/domain/working-days';

const weekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

describe('the holiday table', () => {
  test('is date-holidays’ national public holidays on weekdays outside the Christmas break, 2022 to 2052', () => {
    const nz = new Holidays('NZ');
    const expected: Record<number, string> = {};
    for (let year = 2022; year <= 2052; year += 1) {
      const days = nz
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10))
        .filter((d) => !weekend(d) && !inChristmasBreak(d));
      expected[year] = [...new Set(days)].map((d) => d.slice(5)).join(' ');
    }
    // On a mismatch (a new package release), this prints the table to copy.
    expect(NZ_WEEKDAY_HOLIDAYS).toEqual(expected);
  });

  test('Matariki falls on the Act’s dates', () => {
    for (const day of ['2024-06-28', '2025-06-20', '2026-07-10', '2027-06-25', '2028-07-14', '2035-06-29'])
      expect(isWorkingDay(day), day).toBe(false);
  });

  test('Waitangi Day and Anzac Day on a weekend move to the Monday', () => {
    expect(isWorkingDay('2027-02-08')).toBe(false); // Waitangi Day 2027 is a Saturday
    expect(isWorkingDay('2026-04-27')).toBe(false); // Anzac Day 2026 is a Saturday
    expect(isWorkingDay('2027-04-26')).toBe(false); // Anzac Day 2027 is a Sunday
    expect(isWorkingDay('2026-02-09')).toBe(true); // Waitangi Day 2026 is a Friday: no Monday
  });

  test('regional anniversary days are working days', () => {
    expect(new Holidays('NZ', 'WGN').isHoliday(new Date('2027-01-25T00:00:00'))).toBeTruthy();
    expect(isWorkingDay('2027-01-25')).toBe(true); // Wellington Anniversary
    expect(isWorkingDay('2026-11-13')).toBe(true); // Canterbury Anniversary (show day)
  });

  test('the years the table covers', () => {
    expect(holidaysKnown('2026-07-10')).toBe(true);
    expect(holidaysKnown('2053-01-01')).toBe(false);
  });
});

describe('working days', () => {
  test('20 December to 10 January never counts, weekdays either side do', () => {
    expect(isWorkingDay('2026-12-18')).toBe(true);
    expect(isWorkingDay('2026-12-21')).toBe(false);
    expect(isWorkingDay('2027-01-08')).toBe(false);
    expect(isWorkingDay('2027-01-11')).toBe(true);
    expect(inChristmasBreak('2026-12-20')).toBe(true);
    expect(inChristmasBreak('2027-01-10')).toBe(true);
    expect(inChristmasBreak('2026-12-19')).toBe(false);
    expect(inChristmasBreak('2027-01-11')).toBe(false);
  });

  test('weekends never count', () => {
    expect(isWorkingDay('2026-11-28')).toBe(false);
    expect(isWorkingDay('2026-11-29')).toBe(false);
    expect(isWorkingDay('2026-11-30')).toBe(true);
  });

  test('days are New Zealand days, whatever the zone of the instant', () => {
    expect(nzCalendarDay('2026-03-01T12:30:00Z')).toBe('2026-03-02'); // 1:30 am NZDT
    expect(nzCalendarDay('2026-07-01T11:59:00Z')).toBe('2026-07-01'); // 11:59 pm NZST
    expect(nzCalendarDay('2026-07-01T12:00:00Z')).toBe('2026-07-02');
    expect(nzCalendarDay('2026-07-01')).toBe('2026-07-01');
    expect(nzCalendarDay('not a date')).toBeUndefined();
  });

  test('addDays crosses months, years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
