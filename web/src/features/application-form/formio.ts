import type {
  FormioComponent,
  FormioConditional,
  FormioFieldError,
  FormioInput,
} from '../../../../shared/schemas/formio';
import { INVALID_DATE } from '../../../../shared/domain/dates';
import { isCalendarDate } from '../../../../shared/domain/calendar-date';

/** Pure helpers of the step renderer and the read-only step view. */

export type StepData = Record<string, unknown>;

const isObject = (v: unknown): v is StepData => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Empty as Form.io reads it: nothing, '', no rows, or selectboxes with nothing ticked. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.values(value).every((v) => v !== true);
  return false;
}

/** Whether one condition of a `conditional` holds for the data (selectboxes compare a ticked option). */
function holds(condition: FormioConditional['conditions'][number], data: StepData): boolean {
  const actual = data[condition.component];
  const expected = condition.value;
  const equal = () => {
    if (isObject(actual) && typeof expected === 'string') return actual[expected] === true;
    if (typeof actual === 'number' || typeof expected === 'number')
      return Number(actual) === Number(expected);
    return actual === expected;
  };
  switch (condition.operator) {
    case 'isEqual':
      return equal();
    case 'isNotEqual':
      return !equal();
    case 'isEmpty':
      return isEmptyValue(actual);
    case 'isNotEmpty':
      return !isEmptyValue(actual);
    case 'greaterThan':
      return Number(actual) > Number(expected);
    case 'lessThan':
      return Number(actual) < Number(expected);
  }
}

/** Whether a component shows: no conditional, or its conditions (all/any) decide `show`. */
export function isComponentVisible(
  component: { conditional?: FormioConditional | undefined },
  data: StepData,
) {
  const c = component.conditional;
  if (!c) return true;
  const results = c.conditions.map((condition) => holds(condition, data));
  const met = c.conjunction === 'all' ? results.every(Boolean) : results.some(Boolean);
  return met ? c.show : !c.show;
}

/** The field errors by submission path (`key` or `grid[0].cell`); the first error of a field wins. */
export function errorsByField(errors: readonly FormioFieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) if (!(e.field in out)) out[e.field] = e.reason;
  return out;
}

export const isRequired = (c: FormioInput | FormioComponent) =>
  'validate' in c && c.validate?.required === true;

/** The options of a select, radio or selectboxes. */
export function optionsOf(c: FormioInput): { label: string; value: string }[] {
  if (c.type === 'select') return c.data.values;
  if (c.type === 'radio' || c.type === 'selectboxes') return c.values;
  return [];
}

/** Parses typed number text: '' is no value; anything not a finite number stays text (and fails validation). */
export function parseNumberText(text: string): number | string | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) && /^-?\d*\.?\d+$|^-?\d+\.?$/.test(trimmed) ? n : text;
}

/** Date part (yyyy-MM-dd) and time part (HH:mm) of a stored datetime value. */
export function splitDateTime(value: unknown): { date: string; time: string } {
  if (typeof value !== 'string') return { date: '', time: '' };
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?/.exec(value);
  if (m) return { date: m[1] ?? '', time: m[2] ?? '' };
  // A date being typed ("2026-0"): kept as typed, so the picker does not lose it ('Invalid date').
  return { date: /^[\d-]{1,10}$/.test(value) ? value : '', time: '' };
}

/** A datetime value from its parts: 'yyyy-MM-dd' for a date, 'yyyy-MM-ddTHH:mm:00' with a time. */
export function joinDateTime(date: string, time: string, enableTime: boolean): string | undefined {
  if (!date) return undefined;
  return enableTime && time ? `${date}T${time}:00` : date;
}

/** Sets or removes (undefined) a key, returning a new object. */
export function withValue(data: StepData, key: string, value: unknown): StepData {
  const next = { ...data };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/**
 * The error a field shows: a date answer that cannot be read as a whole day (the date picker passes
 * what was typed so far, e.g. "2026-02") says the spec's 'Invalid date'; otherwise the rule's error.
 */
export function shownError(component: { type: string }, value: unknown, error: string | undefined) {
  if (component.type === 'datetime' && typeof value === 'string' && value !== '' && !isCalendarDate(value))
    return INVALID_DATE;
  return error;
}
