import { afterEach, beforeEach, expect, vi } from 'vitest';
import { logger } from '../../../functions/platform/logger.js';
import {
  isAllowedDimensionValue,
  metricCatalogue,
} from '../../../functions/platform/observability/catalogue.js';
import { onMetric } from '../../../functions/platform/observability/metrics.js';
import type { RecordedMetric } from '../../../functions/platform/observability/metrics.js';

/**
 * The metrics a test's services record (functions/platform/observability/metrics.ts `onMetric`),
 * cleared before each test, and the ones recordMetric dropped (a value outside the catalogue).
 */
export function captureMetrics() {
  const seen: RecordedMetric[] = [];
  const dropped: string[] = [];
  let off: () => unknown = () => undefined;
  beforeEach(() => {
    seen.length = 0;
    dropped.length = 0;
    off = onMetric((m) => seen.push(m));
    const warn = logger.warn.bind(logger);
    vi.spyOn(logger, 'warn').mockImplementation((message: unknown, ...rest: unknown[]) => {
      if (typeof message === 'string' && message.startsWith('metric dropped')) dropped.push(message);
      return (warn as (...a: unknown[]) => void)(message, ...rest);
    });
  });
  afterEach(() => {
    off();
    vi.mocked(logger.warn).mockRestore();
  });
  return {
    seen,
    dropped,
    /** name, unit and dimensions of each metric recorded (value 1 each). */
    emitted: () => seen.map((m) => ({ name: m.name, unit: m.unit, dimensions: m.dimensions })),
    /** The names recorded, in order. */
    names: () => seen.map((m) => m.name),
  };
}

/**
 * Every dimension value recorded is one its catalogue entry allows, nothing was dropped, and none
 * of `personal` (the fixture's ids, emails, names, URLs) appears anywhere in what was recorded.
 */
export function expectOnlyCatalogueValues(
  capture: ReturnType<typeof captureMetrics>,
  personal: readonly string[],
): void {
  expect(capture.dropped).toEqual([]);
  expect(capture.seen.length).toBeGreaterThan(0);
  for (const m of capture.seen) {
    const declared = metricCatalogue[m.name].dimensions as Record<
      string,
      Parameters<typeof isAllowedDimensionValue>[0]
    >;
    expect(Object.keys(m.dimensions).sort()).toEqual(Object.keys(declared).sort());
    for (const [d, v] of Object.entries(m.dimensions))
      expect(isAllowedDimensionValue(declared[d]!, v)).toBe(true);
  }
  const text = JSON.stringify(capture.seen);
  for (const p of personal) expect(text).not.toContain(p);
}
