// A module apart from ./dates.ts: the form and the payments check dates with it; the web's first load
// carries ./dates.ts (the API errors reformat dates) and need not carry it.

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
