import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_TYPES } from '../../../web/src/components/toastStore';
import { BREAKPOINTS, TOAST_AUTO_HIDE_MS } from '../../../web/src/lib/constants';
import { minWidthQuery } from '../../../web/src/lib/breakpoints';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DATE_TIME_SHORT_FORMAT,
  formatDate,
  formatFullDate,
  reformatIsoDates,
  timeLabel,
} from '../../../web/src/lib/dates';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the four variants and hides each toast after 7000 ms', () => {
    expect(TOAST_TYPES).toEqual(['error', 'success', 'warning', 'info']);
    expect(TOAST_AUTO_HIDE_MS).toBe(7000);
    const store = createToastStore<string>();
    const listener = vi.fn();
    store.subscribe(listener);
    store.show({ type: 'success', content: 'first' });
    vi.advanceTimersByTime(3000);
    store.show({ type: 'error', content: 'second' });
    expect(store.items().map((t) => t.content)).toEqual(['first', 'second']);
    vi.advanceTimersByTime(3999);
    expect(store.items()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.items().map((t) => t.content)).toEqual(['second']);
    vi.advanceTimersByTime(2999);
    expect(store.items()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.items()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('a dismissed toast is gone at once and its timer is cleared', () => {
    const store = createToastStore<string>();
    const id = store.show({ type: 'info', content: 'x' });
    const before = store.items();
    store.dismiss(id);
    expect(store.items()).toEqual([]);
    expect(store.items()).not.toBe(before);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('breakpoints', () => {
  it('are the spec values', () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 768, md: 1024, lg: 1280, xl: 1440, xxl: 1600, xxxl: 1920 });
    expect(minWidthQuery('md')).toBe('(min-width: 1024px)');
  });
});

describe('date formats and time labels', () => {
  // 4 Mar 2025, 2:05 PM in New Zealand (NZDT, UTC+13), whatever the zone the tests run in.
  const at = new Date('2025-03-04T01:05:00Z');

  it('formats with the spec patterns', () => {
    expect([DATE_TIME_FORMAT, DATE_FORMAT, DATE_TIME_SHORT_FORMAT]).toEqual([
      'd LLL yyyy - p',
      'dd MMM yyyy',
      'dd MMM yyyy h:mm a',
    ]);
    expect(formatFullDate(at)).toBe('4 Mar 2025 - 2:05 PM');
    expect(formatDate(at)).toBe('04 Mar 2025');
    expect(formatDate(at, DATE_TIME_SHORT_FORMAT)).toBe('04 Mar 2025 2:05 PM');
    expect(formatDate(at.toISOString())).toBe('04 Mar 2025');
    // None shows nothing; one that cannot be read says so, in the spec's words (portal-core messages).
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('Invalid date');
    expect(formatFullDate('2026-13-45T00:00:00Z')).toBe('Invalid date');
  });

  it('under 60 minutes shows minutes, then hours, then a full date', () => {
    const minus = (minutes: number) => new Date(at.getTime() - minutes * 60_000);
    expect(timeLabel(minus(0), at)).toEqual({ kind: 'minutes', count: 0 });
    expect(timeLabel(minus(59), at)).toEqual({ kind: 'minutes', count: 59 });
    expect(timeLabel(minus(60), at)).toEqual({ kind: 'hours', count: 1 });
    expect(timeLabel(minus(23 * 60 + 59), at)).toEqual({ kind: 'hours', count: 23 });
    expect(timeLabel(minus(24 * 60), at)).toEqual({ kind: 'date', text: '3 Mar 2025 - 2:05 PM' });
    expect(timeLabel(new Date(at.getTime() + 5 * 60_000), at)).toEqual({ kind: 'minutes', count: 0 });
  });

  it('reformats ISO dates inside a text and leaves other text alone', () => {
    expect(reformatIsoDates(`since ${at.toISOString()}`)).toBe('since 4 Mar 2025 - 2:05 PM');
    expect(reformatIsoDates('no dates here')).toBe('no dates here');
  });
});
