/**
 * `npx tsx test/bench/lighthouse-tasks.ts <trace.json>…`: the tasks a Lighthouse run observed on the
 * page's main thread from its first contentful paint on, each over 12.5 ms (Lighthouse's mobile
 * simulation multiplies each by 4 and counts what passes 50 ms as blocking), with what each spent
 * its time in (a script's call or evaluation by file, a stylesheet's parse, style, layout, a timer).
 * The traces are those `LIGHTHOUSE_TRACE_DIR` keeps (./lighthouse.ts). Numbers only.
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; styleSheetUrl?: string } };
}

/** The events that say where a task's time went, named with their file where they have one. */
const TELLING = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'ParseAuthorStyleSheet',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MajorGC',
  'MinorGC',
  'RunMicrotasks',
]);

export function blockingTasks(events: TraceEvent[]) {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key) || e.ph !== 'X') continue;
    byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  const busy = (list: TraceEvent[]) =>
    list.filter((e) => e.name === 'RunTask').reduce((n, e) => n + (e.dur ?? 0), 0);
  // The page's renderer is the main thread that worked most (about:blank's does almost nothing).
  const [, thread = []] = [...byThread.entries()].sort((a, b) => busy(b[1]) - busy(a[1]))[0] ?? [];
  const pid = thread[0]?.pid;
  const start = Math.min(
    ...events.filter((e) => e.name === 'navigationStart' && e.pid === pid).map((e) => e.ts),
  );
  const fcp = Math.min(
    ...events.filter((e) => e.name === 'firstContentfulPaint' && e.pid === pid).map((e) => e.ts),
  );
  const tasks = thread.filter((e) => e.name === 'RunTask' && e.ts >= fcp && (e.dur ?? 0) >= 12_500);
  return {
    fcpMs: (fcp - start) / 1000,
    tasks: tasks.map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const spent = new Map<string, number>();
      for (const e of thread) {
        if (e === task || e.ts < task.ts || e.ts >= end || !TELLING.has(e.name)) continue;
        const d = e.args?.data;
        const file = (d?.url ?? d?.styleSheetUrl ?? '').split('/').pop() ?? '';
        const what = `${e.name}${file ? ` ${file}` : ''}`;
        spent.set(what, (spent.get(what) ?? 0) + (e.dur ?? 0) / 1000);
      }
      const ms = (task.dur ?? 0) / 1000;
      return {
        atMs: (task.ts - start) / 1000,
        ms,
        blockingX4: Math.max(0, 4 * ms - 50),
        spent: [...spent.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5),
      };
    }),
  };
}

if (process.argv[1]?.endsWith('lighthouse-tasks.ts')) {
  for (const file of process.argv.slice(2)) {
    const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
    const { fcpMs, tasks } = blockingTasks(Array.isArray(trace) ? trace : trace.traceEvents);
    console.log(`${file}: first contentful paint at ${fcpMs.toFixed(0)} ms`);
    for (const t of tasks) {
      const spent = t.spent.map(([what, ms]) => `${what} ${ms.toFixed(0)}`).join(' | ');
      console.log(
        `  @${t.atMs.toFixed(0).padStart(5)} ms ${t.ms.toFixed(1).padStart(6)} ms (×4 − 50: ${t.blockingX4.toFixed(0).padStart(4)})  ${spent}`,
      );
    }
    const sum = tasks.reduce((n, t) => n + t.blockingX4, 0);
    console.log(`  Σ(4 × task − 50 ms) from FCP, before the simulation reorders them: ${sum.toFixed(0)} ms`);
  }
}
