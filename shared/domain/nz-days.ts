import { nzWallClock, type DateInput } from './dates.js';

// A module apart from ./dates.ts: the server's digest periods use these; the web's first load carries
// ./dates.ts (the API errors reformat dates) and need not carry them.

/**
 * The instant New Zealand's clocks show a wall-clock time (month 1-12), found from the zone's own
 * offsets (Intl), so daylight saving is the tz database's. For a time that exists once (every time
 * but 02:00-02:59 on the last Sunday of September and 02:00-02:59 on the first Sunday of April, the
 * two changes); midnight and the digest's 7 am always do.
 */
export function nzInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted - 12 * 3_600_000; // NZST; corrected below to NZDT where it applies
  for (let i = 0; i < 3; i++) {
    const c = nzWallClock(guess)!;
    const shown = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
    if (shown === wanted) break;
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** The New Zealand calendar day of an instant: its midnight and the next (23, 24 or 25 hours apart). */
export function nzDayBounds(at: DateInput): { start: Date; end: Date } {
  const c = nzWallClock(at)!;
  const next = new Date(Date.UTC(c.year, c.month - 1, c.day + 1));
  return {
    start: nzInstant(c.year, c.month, c.day),
    end: nzInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
  };
}
