/**
 * The spec's date formats and time labels (docs/content-guide.md), always in New Zealand time: the one
 * formatter is shared/domain/dates.ts (the summary PDF prints with it too).
 */
import { differenceInHours, differenceInMinutes } from 'date-fns';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DATE_TIME_SHORT_FORMAT,
  formatNzDate,
  INVALID_DATE,
  reformatIsoDates,
  toDate,
  type DateInput,
} from '../../../shared/domain/dates';

export { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_SHORT_FORMAT, INVALID_DATE, reformatIsoDates };

/**
 * Formats a date in New Zealand time with one of the spec's formats: '' when there is none, the
 * spec's 'Invalid date' when there is one that cannot be read (rather than a blank that hides it).
 */
export function formatDate(value: DateInput | null | undefined, pattern: string = DATE_FORMAT): string {
  if (value === undefined || value === null || value === '') return '';
  return formatNzDate(value, pattern) || INVALID_DATE;
}

export const formatFullDate = (value: DateInput | null | undefined) => formatDate(value, DATE_TIME_FORMAT);

export type TimeLabel =
  { kind: 'minutes'; count: number } | { kind: 'hours'; count: number } | { kind: 'date'; text: string };

/**
 * A time label: under 60 minutes ago shows minutes, then hours (under 24), then a full date.
 * Future times (clock skew) count as 0 minutes.
 */
export function timeLabel(value: DateInput, now: Date = new Date()): TimeLabel {
  const date = toDate(value);
  if (!date) return { kind: 'date', text: '' };
  const minutes = Math.max(0, differenceInMinutes(now, date));
  if (minutes < 60) return { kind: 'minutes', count: minutes };
  const hours = differenceInHours(now, date);
  if (hours < 24) return { kind: 'hours', count: hours };
  return { kind: 'date', text: formatFullDate(date) };
}
