import { appendFileSync } from 'node:fs';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from '../logger.js';
import { isAllowedDimensionValue, metricCatalogue, metricsNamespace } from './catalogue.js';
import type { DimensionsOf, MetricName } from './catalogue.js';

/**
 * The one Powertools Metrics of a Lambda (module scope): namespace from
 * POWERTOOLS_METRICS_NAMESPACE (`ConsentPortal/<stage>`), service from POWERTOOLS_SERVICE_NAME.
 * Business figures are recorded with `recordMetric`, each published at once as its own EMF line,
 * so every kind of handler — HTTP, stream, schedule, S3, Step Functions — emits
 * without a flush step of its own.
 */
const options = {
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || metricsNamespace('local'),
  serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'consent-portal',
  // Powertools' own warnings (an empty flush) go to the structured log, not to standard output.
  logger: {
    debug: () => undefined,
    info: () => undefined,
    warn: (...args: unknown[]) => logger.warn('metrics', { detail: String(args[0]) }),
    error: (...args: unknown[]) => logger.error('metrics', { detail: String(args[0]) }),
  },
};

/** The function's Metrics, for its cold-start count (the handler wrappers) and nothing else. */
export const metrics = new Metrics(options);

/**
 * Counts this execution environment's cold start once (Powertools' `ColdStart`, dimensions service
 * and function_name), from the handler wrappers (./tracer.ts `portalHandler`, ../http/handler.ts).
 * With METRICS_FILE (the local stack) the line goes to that file like every other figure.
 */
let coldStartCounted = false;

export function countColdStart(functionName?: string): void {
  try {
    if (!process.env.METRICS_FILE) {
      metrics.captureColdStartMetric(functionName);
      return;
    }
    if (coldStartCounted) return;
    coldStartCounted = true;
    const single = new Metrics(options);
    if (functionName) single.addDimension('function_name', functionName);
    single.addMetric('ColdStart', MetricUnit.Count, 1);
    appendFileSync(process.env.METRICS_FILE, `${JSON.stringify(single.serializeMetrics())}\n`);
    single.clearMetrics();
  } catch (err) {
    logger.warn('metric not recorded', { metric: 'ColdStart', error: (err as Error).name });
  }
}

/** One metric as recorded: what tests and the local status read. */
export interface RecordedMetric {
  name: MetricName;
  unit: string;
  value: number;
  dimensions: Record<string, string>;
}

type Listener = (metric: RecordedMetric) => void;
const listeners = new Set<Listener>();

/** Tests: observe every metric recorded in this process; returns the unsubscribe. */
export function onMetric(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Records one business figure of the catalogue. Its dimensions must be exactly the declared ones,
 * each with a declared value: anything else (an id, an email, a code not in the list) is dropped
 * with a warning naming the metric and the dimension only — never the value. Never throws: a
 * metric must not fail the work it counts.
 */
export function recordMetric<N extends MetricName>(
  name: N,
  ...[dimensions, value = 1]: keyof DimensionsOf<N> extends never
    ? [dimensions?: DimensionsOf<N>, value?: number]
    : [dimensions: DimensionsOf<N>, value?: number]
): void {
  try {
    const def = metricCatalogue[name];
    const declared = def.dimensions as Record<string, Parameters<typeof isAllowedDimensionValue>[0]>;
    const given = (dimensions ?? {}) as Record<string, string>;
    const names = Object.keys(declared);
    for (const dim of names) {
      const allowed = declared[dim];
      const v = given[dim];
      if (!allowed || typeof v !== 'string' || !isAllowedDimensionValue(allowed, v)) {
        logger.warn('metric dropped: dimension value not allowed', { metric: name, dimension: dim });
        return;
      }
    }
    if (Object.keys(given).some((d) => !names.includes(d))) {
      logger.warn('metric dropped: undeclared dimension', { metric: name });
      return;
    }
    const recorded: RecordedMetric = { name, unit: def.unit, value, dimensions: { ...given } };
    for (const l of listeners) l(recorded);
    const single = new Metrics(options);
    for (const dim of names) single.addDimension(dim, given[dim] as string);
    single.addMetric(name, def.unit as (typeof MetricUnit)[keyof typeof MetricUnit], value);
    const file = process.env.METRICS_FILE;
    if (file) {
      appendFileSync(file, `${JSON.stringify(single.serializeMetrics())}\n`);
      single.clearMetrics();
    } else {
      single.publishStoredMetrics();
    }
  } catch (err) {
    logger.warn('metric not recorded', { metric: name, error: (err as Error).name });
  }
}
