/**
 * What an operator would see, for the local stack (docs/operations.md; `npm run ops -- status`,
 * bin/ops.ts): the figures of the metrics catalogue (functions/platform/observability/catalogue.ts)
 * from the EMF lines the stack's functions appended to METRICS_FILE (dataDir/metrics.jsonl, started
 * afresh with the stack), totalled per metric and dimension set over the last hour and since the
 * start; and the dead letters the stand-ins keep: domain events whose consumers failed every retry
 * (dead-letters/events.jsonl, per handler: the events and the webhook delivery mappings) and
 * asynchronous invocations that failed every retry (dead-letters/lambda.jsonl, per function: the
 * merge worker). On AWS the same figures are the stage's CloudWatch namespace and the two
 * dead-letter queues (docs/operations.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Figure {
  metric: string;
  unit: string;
  /** The dimensions without Powertools' `service` (one per stack locally). */
  dimensions: Record<string, string>;
  /** Every value recorded since the start, with its time (ms). */
  values: { at: number; value: number }[];
}

export interface Summary {
  count: number;
  /** Counts: the sum; times: the median. */
  total: number;
  p99?: number;
  max?: number;
}

export interface OpsStatus {
  dataDir: string;
  startedAt?: string;
  metricsFile: string;
  figures: Figure[];
  deadLetters: { file: string; kind: 'events' | 'lambda'; total: number; by: Record<string, number> }[];
}

interface EmfLine {
  _aws?: {
    Timestamp?: number;
    CloudWatchMetrics?: { Dimensions?: string[][]; Metrics?: { Name: string; Unit?: string }[] }[];
  };
  [key: string]: unknown;
}

const jsonLines = (file: string): unknown[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as unknown];
          } catch {
            return []; // a line being written
          }
        })
    : [];

/** Figures per metric and dimension set, from EMF lines. */
export function figuresOf(lines: unknown[]): Figure[] {
  const byKey = new Map<string, Figure>();
  for (const raw of lines) {
    const line = raw as EmfLine;
    const at = line._aws?.Timestamp ?? 0;
    for (const directive of line._aws?.CloudWatchMetrics ?? []) {
      const names = (directive.Dimensions ?? []).flat().filter((d) => d !== 'service');
      const dimensions = Object.fromEntries(names.sort().map((d) => [d, String(line[d])]));
      for (const m of directive.Metrics ?? []) {
        const v = line[m.Name];
        const values = (Array.isArray(v) ? v : [v]).filter((x): x is number => typeof x === 'number');
        const key = JSON.stringify([m.Name, dimensions]);
        let f = byKey.get(key);
        if (!f) byKey.set(key, (f = { metric: m.Name, unit: m.Unit ?? 'None', dimensions, values: [] }));
        for (const value of values) f.values.push({ at, value });
      }
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.metric.localeCompare(b.metric) ||
      JSON.stringify(a.dimensions).localeCompare(JSON.stringify(b.dimensions)),
  );
}

/** A figure over the values since `sinceMs`: counts are summed, times summarised (median, p99, max). */
export function summarise(f: Figure, sinceMs = 0): Summary {
  const values = f.values.filter((v) => v.at >= sinceMs).map((v) => v.value);
  if (f.unit !== 'Milliseconds' && f.unit !== 'Seconds')
    return { count: values.length, total: values.reduce((s, v) => s + v, 0) };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, total: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/** The status of the stack whose data directory is `dataDir` (running or not). */
export function readOpsStatus(dataDir: string): OpsStatus {
  let outputs: Record<string, unknown> = {};
  try {
    const file = JSON.parse(readFileSync(path.join(dataDir, 'outputs.json'), 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    outputs = Object.values(file)[0] ?? {};
  } catch {
    // not started yet: the default file names below
  }
  const str = (k: string, fallback: string) => (typeof outputs[k] === 'string' ? outputs[k] : fallback);
  const metricsFile = str('MetricsFile', path.join(dataDir, 'metrics.jsonl'));
  const eventsFile = str('EventDeadLetterFile', path.join(dataDir, 'dead-letters', 'events.jsonl'));
  const lambdaFile = str('LambdaDeadLetterFile', path.join(dataDir, 'dead-letters', 'lambda.jsonl'));

  const count = (items: string[]) => {
    const by: Record<string, number> = {};
    for (const i of items) by[i] = (by[i] ?? 0) + 1;
    return by;
  };
  const events = jsonLines(eventsFile) as { handler?: string }[];
  const lambdas = jsonLines(lambdaFile) as { requestContext?: { functionArn?: string } }[];
  return {
    dataDir,
    startedAt: typeof outputs.StartedAt === 'string' ? outputs.StartedAt : undefined,
    metricsFile,
    figures: figuresOf(jsonLines(metricsFile)),
    deadLetters: [
      {
        kind: 'events',
        file: eventsFile,
        total: events.length,
        // Letters of before the handler was recorded are the events handler's.
        by: count(events.map((l) => l.handler ?? 'platform/events/stream')),
      },
      {
        kind: 'lambda',
        file: lambdaFile,
        total: lambdas.length,
        by: count(lambdas.map((l) => l.requestContext?.functionArn?.split(':').at(-1) ?? '?')),
      },
    ],
  };
}

const HOUR_MS = 3_600_000;

const show = (f: Figure, s: Summary) =>
  s.count === 0
    ? '-'
    : s.p99 === undefined
      ? String(s.total)
      : `n=${s.count} p50=${s.total} p99=${s.p99} max=${s.max} ${f.unit === 'Seconds' ? 's' : 'ms'}`;

/** The status as the operator reads it (plain text, one figure a line). */
export function formatOpsStatus(status: OpsStatus, now = Date.now()): string {
  const rows = status.figures.map((f) => [
    f.metric,
    Object.entries(f.dimensions)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ') || '-',
    show(f, summarise(f, now - HOUR_MS)),
    show(f, summarise(f)),
  ]);
  const header = ['metric', 'dimensions', 'last hour', 'since start'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const out = [
    `Local stack ${status.dataDir}${status.startedAt ? ` (started ${status.startedAt})` : ''}`,
    '',
    `Figures (${status.metricsFile})`,
  ];
  if (rows.length) out.push(line(header), ...rows.map(line));
  else out.push('  none recorded yet');
  out.push('', 'Dead letters');
  for (const d of status.deadLetters) {
    const what = d.kind === 'events' ? 'domain events (stream consumers)' : 'asynchronous invocations';
    const by = Object.entries(d.by)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    out.push(`  ${what}: ${d.total}${by ? ` (${by})` : ''}  ${d.file}`);
  }
  if (status.deadLetters.some((d) => d.kind === 'events' && d.total > 0))
    out.push('  redrive the events: npx tsx infra/local/redrive.ts --data-dir <dir>');
  return out.join('\n');
}
