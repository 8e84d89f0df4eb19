/**
 * The statutory clock of a building consent (Building Act 2004 s 48): a building consent authority
 * must grant or refuse an application within 20 working days after it receives it; when it asks for
 * further information the period is suspended until it receives that information. Pure: the same
 * rule gives the server's answer and the web's display (docs/statutory-clock.md).
 *
 * Conventions (per authority, {@link ClockSettings}): the day of receipt does not count (the
 * period runs "after" it); the day a request for information is sent counts by default (the
 * council worked that day), the day the information arrives does not (the period resumes the next
 * working day, as it starts the day after receipt).
 */
import type { DateInput } from './dates.js';
import { nzCalendarDay } from './dates.js';
import { addDays, holidaysKnown, isWorkingDay, type CalendarDay } from './working-days.js';

export interface ClockSettings {
  /** The period in working days (s 48(1): 20). */
  workingDays: number;
  /** Whether the day a request for information is sent uses a working day. */
  rfiSentDayCounts: boolean;
  /** Whether the day the information is received uses a working day. */
  rfiAnsweredDayCounts: boolean;
}

/** The Building Act's period with the conventions most councils use. */
export const BUILDING_ACT_CLOCK: ClockSettings = {
  workingDays: 20,
  rfiSentDayCounts: true,
  rfiAnsweredDayCounts: false,
};

/** An authority's settings: the common practice with its own conventions over it. */
export function clockSettingsOf(
  conventions?:
    { rfiSentDayCounts?: boolean | undefined; rfiAnsweredDayCounts?: boolean | undefined } | undefined,
): ClockSettings {
  return {
    ...BUILDING_ACT_CLOCK,
    ...(conventions?.rfiSentDayCounts !== undefined
      ? { rfiSentDayCounts: conventions.rfiSentDayCounts }
      : {}),
    ...(conventions?.rfiAnsweredDayCounts !== undefined
      ? { rfiAnsweredDayCounts: conventions.rfiAnsweredDayCounts }
      : {}),
  };
}

export interface ClockInput {
  /** When the authority received the application (its lodgement). */
  received: DateInput;
  /** Each request for further information: sent, and answered (absent while open). */
  suspensions: readonly { from: DateInput; to?: DateInput | null }[];
  /** When the consent was granted or refused (the clock stops). */
  decided?: DateInput | null;
  /** Now: the clock runs to today while undecided. */
  now: DateInput;
}

export type ClockState = 'Running' | 'Suspended' | 'Decided';

export interface StatutoryClock {
  state: ClockState;
  receivedDay: CalendarDay;
  totalDays: number;
  /** Working days used up to today (or the decision). */
  daysUsed: number;
  /** Working days left of the period (0 once used up). */
  daysLeft: number;
  /** Working days used beyond the period. */
  overdueDays: number;
  /** The day the period ends, if no (further) request suspends it; null while suspended. */
  dueDay: CalendarDay | null;
  /** Each suspension with the working days it held the clock (to today while open). */
  suspensions: { fromDay: CalendarDay; toDay: CalendarDay | null; workingDays: number }[];
  /** False when a day counted falls in a year the holiday table does not cover. */
  holidaysKnown: boolean;
}

/** The longest walk forward for the due day (about four years of calendar days). */
const HORIZON_DAYS = 1500;

const dayOf = (value: DateInput, what: string): CalendarDay => {
  const day = nzCalendarDay(value);
  if (!day) throw new TypeError(`statutoryClock: ${what} is not a date`);
  return day;
};

export function statutoryClock(
  input: ClockInput,
  settings: ClockSettings = BUILDING_ACT_CLOCK,
): StatutoryClock {
  const receivedDay = dayOf(input.received, 'received');
  const decidedDay = input.decided ? dayOf(input.decided, 'decided') : undefined;
  const endDay = decidedDay ?? dayOf(input.now, 'now');
  const spans = input.suspensions
    .map((s) => ({
      fromDay: dayOf(s.from, 'a suspension'),
      toDay: s.to ? dayOf(s.to, 'a suspension') : null,
    }))
    .sort((a, b) => a.fromDay.localeCompare(b.fromDay));

  /** Whether a suspension holds the clock on `day`. */
  const heldBy = (span: (typeof spans)[number], day: CalendarDay): boolean => {
    const afterStart = day > span.fromDay || (day === span.fromDay && !settings.rfiSentDayCounts);
    if (!afterStart) return false;
    if (span.toDay === null) return true;
    return day < span.toDay || (day === span.toDay && !settings.rfiAnsweredDayCounts);
  };
  const counts = (day: CalendarDay): boolean => isWorkingDay(day) && !spans.some((s) => heldBy(s, day));

  let daysUsed = 0;
  let known = true;
  for (let day = addDays(receivedDay, 1); day <= endDay; day = addDays(day, 1)) {
    if (!holidaysKnown(day)) known = false;
    if (counts(day)) daysUsed += 1;
  }

  const open = spans.find((s) => s.toDay === null && s.fromDay <= endDay);
  const state: ClockState = decidedDay ? 'Decided' : open ? 'Suspended' : 'Running';

  let dueDay: CalendarDay | null = null;
  if (state !== 'Suspended') {
    let used = 0;
    for (let i = 1; i <= HORIZON_DAYS; i += 1) {
      const day = addDays(receivedDay, i);
      if (counts(day)) used += 1;
      if (used === settings.workingDays) {
        dueDay = day;
        if (!holidaysKnown(day)) known = false;
        break;
      }
    }
  }

  const suspensions = spans.map((s) => {
    let workingDays = 0;
    const last = s.toDay !== null && s.toDay < endDay ? s.toDay : endDay;
    for (let day = s.fromDay; day <= last; day = addDays(day, 1))
      if (isWorkingDay(day) && heldBy(s, day)) workingDays += 1;
    return { ...s, workingDays };
  });

  return {
    state,
    receivedDay,
    totalDays: settings.workingDays,
    daysUsed,
    daysLeft: Math.max(0, settings.workingDays - daysUsed),
    overdueDays: Math.max(0, daysUsed - settings.workingDays),
    dueDay,
    suspensions,
    holidaysKnown: known,
  };
}
