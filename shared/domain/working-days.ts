/**
 * Working days as the Building Act 2004 counts them (s 4, "working day"): every day except a
 * Saturday, a Sunday, Waitangi Day, Good Friday, Easter Monday, Anzac Day, the Sovereign's
 * birthday, Te Kāhui o Matariki, Labour Day, the Monday after a Waitangi Day or Anzac Day that falls
 * on a weekend, and any day from 20 December to 10 January (which takes in Christmas, Boxing Day,
 * New Year and their Mondayised days). Regional anniversary days are working days.
 *
 * Days are New Zealand calendar days ('YYYY-MM-DD'), whatever the zone of the browser or server.
 * The holidays are a versioned table, not a rule of our own: New Zealand's public holidays as the
 * `date-holidays` package gives them (its Matariki dates are the Te Kāhui o Matariki Public Holiday
 * Act 2022's schedule, 2022 to 2052), keeping the weekdays outside 20 December to 10 January.
 * test/unit/shared/working-days.test.ts checks this table against the package year by year; to
 * extend it, update the package and copy what the test prints. Outside the table's years only
 * weekends and the Christmas break are known: {@link holidaysKnown} says so.
 */

/** The table's version: the `date-holidays` release it was taken from. */
export const NZ_HOLIDAYS_SOURCE = 'date-holidays 3.37.0';

/** Per year, the weekday public holidays outside the Christmas break, 'MM-DD' separated by spaces. */
export const NZ_WEEKDAY_HOLIDAYS: Readonly<Record<number, string>> = {
  2022: '02-07 04-15 04-18 04-25 06-06 06-24 09-26 10-24',
  2023: '02-06 04-07 04-10 04-25 06-05 07-14 10-23',
  2024: '02-06 03-29 04-01 04-25 06-03 06-28 10-28',
  2025: '02-06 04-18 04-21 04-25 06-02 06-20 10-27',
  2026: '02-06 04-03 04-06 04-27 06-01 07-10 10-26',
  2027: '02-08 03-26 03-29 04-26 06-07 06-25 10-25',
  2028: '02-07 04-14 04-17 04-25 06-05 07-14 10-23',
  2029: '02-06 03-30 04-02 04-25 06-04 07-06 10-22',
  2030: '02-06 04-19 04-22 04-25 06-03 06-21 10-28',
  2031: '02-06 04-11 04-14 04-25 06-02 07-11 10-27',
  2032: '02-06 03-26 03-29 04-26 06-07 07-02 10-25',
  2033: '02-07 04-15 04-18 04-25 06-06 06-24 10-24',
  2034: '02-06 04-07 04-10 04-25 06-05 07-07 10-23',
  2035: '02-06 03-23 03-26 04-25 06-04 06-29 10-22',
  2036: '02-06 04-11 04-14 04-25 06-02 07-18 10-27',
  2037: '02-06 04-03 04-06 04-27 06-01 07-10 10-26',
  2038: '02-08 04-23 04-26 06-07 06-25 10-25',
  2039: '02-07 04-08 04-11 04-25 06-06 07-15 10-24',
  2040: '02-06 03-30 04-02 04-25 06-04 07-06 10-22',
  2041: '02-06 04-19 04-22 04-25 06-03 07-19 10-28',
  2042: '02-06 04-04 04-07 04-25 06-02 07-11 10-27',
  2043: '02-06 03-27 03-30 04-27 06-01 07-03 10-26',
  2044: '02-08 04-15 04-18 04-25 06-06 06-24 10-24',
  2045: '02-06 04-07 04-10 04-25 06-05 07-07 10-23',
  2046: '02-06 03-23 03-26 04-25 06-04 06-29 10-22',
  2047: '02-06 04-12 04-15 04-25 06-03 07-19 10-28',
  2048: '02-06 04-03 04-06 04-27 06-01 07-03 10-26',
  2049: '02-08 04-16 04-19 04-26 06-07 06-25 10-25',
  2050: '02-07 04-08 04-11 04-25 06-06 07-15 10-24',
  2051: '02-06 03-31 04-03 04-25 06-05 06-30 10-23',
  2052: '02-06 04-19 04-22 04-25 06-03 06-21 10-28',
};

const holidays = new Set(
  Object.entries(NZ_WEEKDAY_HOLIDAYS).flatMap(([year, days]) => days.split(' ').map((d) => `${year}-${d}`)),
);

/** A New Zealand calendar day, 'YYYY-MM-DD'. */
export type CalendarDay = string;

/** The calendar day `n` days after `day` (before, when negative). */
export function addDays(day: CalendarDay, n: number): CalendarDay {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whether the table knows the holidays of the day's year. */
export function holidaysKnown(day: CalendarDay): boolean {
  return Number(day.slice(0, 4)) in NZ_WEEKDAY_HOLIDAYS;
}

/** 20 December to 10 January inclusive. */
export function inChristmasBreak(day: CalendarDay): boolean {
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  return (month === 12 && date >= 20) || (month === 1 && date <= 10);
}

/** Whether the Building Act counts the day. */
export function isWorkingDay(day: CalendarDay): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !inChristmasBreak(day) && !holidays.has(day);
}
