/**
 * The spec's date formats and time labels (portal-core §9), with date-fns.
 */
import { differenceInHours, differenceInMinutes, format, isValid, parseISO } from 'date-fns';

/** 'd LLL yyyy - p': a full date with its time, e.g. "4 Mar 2025 - 10:30 AM". */
export const DATE_TIME_FORMAT = 'd LLL yyyy - p';
/** 'dd MMM yyyy', e.g. "04 Mar 2025" (document modified dates). */
export const DATE_FORMAT = 'dd MMM yyyy';
/** 'dd MMM yyyy h:mm a', e.g. "04 Mar 2025 10:30 AM". */
export const DATE_TIME_SHORT_FORMAT = 'dd MMM yyyy h:mm a';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | undefined {
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : undefined;
}

/** Formats a date with one of the spec's formats; '' for an invalid date. */
export function formatDate(value: DateInput, pattern: string = DATE_FORMAT): string {
  const date = toDate(value);
  return date ? format(date, pattern) : '';
}

export const formatFullDate = (value: DateInput) => formatDate(value, DATE_TIME_FORMAT);

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

/** ISO 8601 timestamps inside a text (e.g. a server message), reformatted as full dates. */
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g;

export function reformatIsoDates(text: string): string {
  return text.replace(ISO_DATE, (match) => formatFullDate(match) || match);
}
