/**
 * Dates as the portal shows and prints them (portal-core §9 date formats): always New Zealand time
 * (Pacific/Auckland, NZST/NZDT), whatever the zone of the browser or the server. One formatter for
 * the web (web/src/app/dates.ts) and the summary PDF.
 */

export const NZ_TIME_ZONE = 'Pacific/Auckland';

/** 'd LLL yyyy - p': a full date with its time, e.g. "4 Mar 2025 - 10:30 AM". */
export const DATE_TIME_FORMAT = 'd LLL yyyy - p';
/** 'dd MMM yyyy', e.g. "04 Mar 2025" (document modified dates). */
export const DATE_FORMAT = 'dd MMM yyyy';
/** 'dd MMM yyyy h:mm a', e.g. "04 Mar 2025 10:30 AM". */
export const DATE_TIME_SHORT_FORMAT = 'dd MMM yyyy h:mm a';

export type DateInput = Date | string | number;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A calendar day with no time (a form's date answer): that day, in no zone. */
const BARE_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The wall-clock fields of a moment (month 1-12, hour 0-23). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const NZ_PARTS = new Intl.DateTimeFormat('en-NZ', {
  timeZone: NZ_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** The spec's message where a date cannot be read (portal-core messages: 'Invalid date'). */
export const INVALID_DATE = 'Invalid date';

const CALENDAR_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Whether a typed or stored date can be read as a whole calendar day: 'yyyy-MM-dd', optionally with
 * a time. Stricter than Date.parse, which reads "2026-02" as 1 Feb and "2026-02-30" as 2 Mar.
 */
export function isCalendarDate(value: string): boolean {
  const m = CALENDAR_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A date value as an instant; undefined when it is not a date. */
export function toDate(value: DateInput): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The New Zealand wall clock of an instant (a bare YYYY-MM-DD is that day at midnight). */
export function nzWallClock(value: DateInput): WallClock | undefined {
  if (typeof value === 'string') {
    const bare = BARE_DAY.exec(value);
    if (bare) return { year: +bare[1]!, month: +bare[2]!, day: +bare[3]!, hour: 0, minute: 0 };
  }
  const date = toDate(value);
  if (!date) return undefined;
  const parts = Object.fromEntries(
    NZ_PARTS.formatToParts(date)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const hour12 = (h: number) => (h % 12 === 0 ? 12 : h % 12);
const meridiem = (h: number) => (h < 12 ? 'AM' : 'PM');

/** The date-fns tokens the spec's formats use (p is en-US 'h:mm a'). */
const TOKENS = /yyyy|MMM|LLL|MM|dd|d|HH|hh|h|mm|a|p/g;

function token(t: string, c: WallClock): string {
  switch (t) {
    case 'yyyy':
      return String(c.year);
    case 'MMM':
    case 'LLL':
      return MONTHS[c.month - 1]!;
    case 'MM':
      return pad(c.month);
    case 'dd':
      return pad(c.day);
    case 'd':
      return String(c.day);
    case 'HH':
      return pad(c.hour);
    case 'hh':
      return pad(hour12(c.hour));
    case 'h':
      return String(hour12(c.hour));
    case 'mm':
      return pad(c.minute);
    case 'a':
      return meridiem(c.hour);
    default:
      return `${hour12(c.hour)}:${pad(c.minute)} ${meridiem(c.hour)}`;
  }
}

/** A date in New Zealand time with one of the spec's formats; '' when it is not a date. */
export function formatNzDate(value: DateInput, pattern: string = DATE_FORMAT): string {
  const clock = nzWallClock(value);
  return clock ? pattern.replace(TOKENS, (t) => token(t, clock)) : '';
}

/** 'd LLL yyyy - p' in New Zealand time, e.g. "24 Nov 2026 - 12:58 PM". */
export const formatNzDateTime = (value: DateInput): string => formatNzDate(value, DATE_TIME_FORMAT);

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
export function nzDay(at: DateInput): { start: Date; end: Date } {
  const c = nzWallClock(at)!;
  const next = new Date(Date.UTC(c.year, c.month - 1, c.day + 1));
  return {
    start: nzInstant(c.year, c.month, c.day),
    end: nzInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
  };
}
