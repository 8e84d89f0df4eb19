/**
 * Dates as the portal shows and prints them (docs/content-guide.md): always New Zealand time
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

/**
 * The formatter of New Zealand wall clocks, made on first use: constructing an Intl.DateTimeFormat
 * with a time zone loads ICU's zone data (tens of milliseconds of a Lambda's init, docs/performance.md).
 */
let nzParts: Intl.DateTimeFormat | undefined;
const nzPartsFormat = () =>
  (nzParts ??= new Intl.DateTimeFormat('en-NZ', {
    timeZone: NZ_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }));

/** The spec's message where a date cannot be read (portal-core messages: 'Invalid date'). */
export const INVALID_DATE = 'Invalid date';

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
    nzPartsFormat()
      .formatToParts(date)
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

/**
 * The New Zealand calendar day of an instant, 'YYYY-MM-DD' (a bare 'YYYY-MM-DD' is that day);
 * undefined when the value is not a date. The one way the portal names "today in New Zealand".
 */
export function nzCalendarDay(value: DateInput): string | undefined {
  const c = nzWallClock(value);
  return c ? `${c.year}-${pad(c.month)}-${pad(c.day)}` : undefined;
}
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

/** ISO 8601 timestamps inside a text (e.g. a server message), reformatted as full dates. */
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g;

/**
 * A text's ISO dates as the spec's full dates in New Zealand time (docs/content-guide.md: the
 * AccessRequestExist message). Here rather than in the web's date helpers: the API error mapping runs
 * on the sign-in page's first load, which should not carry date-fns.
 */
export function reformatIsoDates(text: string): string {
  return text.replace(ISO_DATE, (match) => formatNzDate(match, DATE_TIME_FORMAT) || match);
}
