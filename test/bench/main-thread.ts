/**
 * `npm run bench -- main-thread`: the main-thread CPU of an application's form page loading in
 * Chromium, from a trace (docs/performance.md, "The form page"). On a shared machine Lighthouse's TBT
 * measures the load average as much as the page (its simulation multiplies each task's wall time by
 * 4); the CPU time of each top-level task of the page's renderer main thread does not. Each run: the
 * demo applicant signed in (storage kept, HTTP cache emptied), `/application-form/{id}` loaded until
 * its first field shows and 3 s more, no CPU throttling, traced (devtools.timeline, toplevel, loading).
 * It prints, per build, the main thread's CPU, the tasks over 12.5 ms of CPU from the first
 * contentful paint on and "CPU TBT ×4": Σ max(0, 4 × CPU − 50 ms) over those tasks, Lighthouse's
 * mobile arithmetic on CPU time (Lighthouse counts from FCP; the same sum over the whole load, the
 * entry's evaluation before FCP included, is printed beside it: the figures before 2026-11-30 noon).
 *
 * MAIN_THREAD_DISTS=name=dir,name=dir compares builds side by side, runs alternated (default:
 * `web/dist`, built first when missing); MAIN_THREAD_RUNS runs per build (default 6). Each build is
 * served from a web server of its own (infra/local/web-static.ts, as CloudFront serves it, behind the
 * HTTP/2 front of ./h2-front.ts) that passes /config.json and /api/* to the bench stack;
 * MAIN_THREAD_TRACE_DIR=dir keeps each trace (open it in Chromium's DevTools, Performance). Numbers
 * only: it never fails on them.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { startLocalStack } from '../../infra/local/index';
import { staticHandler } from '../../infra/local/web-static';
import { startH2Front } from './h2-front';
import { makeApplication } from './lighthouse';

type Stack = Awaited<ReturnType<typeof startLocalStack>>;
type Table = (rows: string[][]) => void;

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--ignore-certificate-errors',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * One load: each top-level task's CPU (ms) on the page's renderer main thread, all of them and those
 * from its first contentful paint on (Lighthouse counts blocking time from FCP: the entry's evaluation
 * before it is not in its TBT).
 */
export function tasksOf(trace: { traceEvents: TraceEvent[] }): { all: number[]; afterFcp: number[] } {
  const mains = new Set<string>();
  for (const e of trace.traceEvents)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      mains.add(`${e.pid}:${e.tid}`);
  // The page's renderer is the main thread that worked most (about:blank's does almost nothing).
  const byThread = new Map<string, { ts: number; cpu: number }[]>();
  for (const e of trace.traceEvents) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(key) || e.tdur === undefined) continue;
    const list = byThread.get(key) ?? [];
    list.push({ ts: e.ts, cpu: e.tdur / 1000 });
    byThread.set(key, list);
  }
  const sum = (xs: { cpu: number }[]) => xs.reduce((a, b) => a + b.cpu, 0);
  const [key, tasks] = [...byThread.entries()].sort((a, b) => sum(b[1]) - sum(a[1]))[0] ?? ['', []];
  const pid = Number(key.split(':')[0]);
  const fcp = Math.min(
    ...trace.traceEvents.filter((e) => e.name === 'firstContentfulPaint' && e.pid === pid).map((e) => e.ts),
  );
  return { all: tasks.map((t) => t.cpu), afterFcp: tasks.filter((t) => t.ts >= fcp).map((t) => t.cpu) };
}

export const cpuTbt = (tasks: number[]) => tasks.reduce((n, ms) => n + Math.max(0, 4 * ms - 50), 0);

/** A build's web server: its files as CloudFront serves them; /config.json and /api/* from the stack. */
async function serveBuild(dir: string, stackWeb: string, port: number): Promise<Server> {
  const files = staticHandler(path.resolve(dir), {});
  const upstream = new URL(stackWeb);
  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (pathname === '/config.json' || pathname === '/api' || pathname.startsWith('/api/')) {
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.pipe(out);
      return;
    }
    files(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

async function signIn(context: BrowserContext, base: string, email: string, password: string) {
  const page = await context.newPage();
  await page.goto(base);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor({ timeout: 60_000 });
  await page.close();
}

async function traceOnce(
  browser: Browser,
  context: BrowserContext,
  url: string,
  keep?: string,
): Promise<{ all: number[]; afterFcp: number[] }> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        // The paint milestones (FCP, each LCP candidate: which element, when).
        'loading',
        // A kept trace carries a CPU profile too (which functions a task ran; it costs some CPU).
        ...(keep ? ['disabled-by-default-v8.cpu_profiler'] : []),
      ],
    });
    await page.goto(url);
    await page.getByLabel(/^Building name/).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(3_000); // the tasks after the first field: the rest of the step's commit
    const raw = await browser.stopTracing();
    if (keep) writeFileSync(keep, raw);
    return tasksOf(JSON.parse(raw.toString('utf8')) as { traceEvents: TraceEvent[] });
  } finally {
    await page.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => n.toFixed(0);
const range = (xs: number[]) => `${ms(Math.min(...xs))}–${ms(Math.max(...xs))}`;

export async function mainThreadBench(stack: Stack, { table, root }: { table: Table; root: string }) {
  const runs = Number(process.env.MAIN_THREAD_RUNS) || 6;
  const builds = (process.env.MAIN_THREAD_DISTS ?? `web=${path.join(root, 'web', 'dist')}`)
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [name, dir] = pair.split('=') as [string, string];
      if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`MAIN_THREAD_DISTS: no build in ${dir}`);
      return { name, dir };
    });
  const port = (Number(process.env.PORT_BASE) || 4300) + 80;
  const applicationId = await makeApplication(stack);
  const demo = stack.outputs.DemoUsers[0]!;
  const browser = await chromium.launch({ executablePath: CHROME, args: ARGS, headless: true });
  const servers: Server[] = [];
  const fronts: { stop(): Promise<void> }[] = [];
  try {
    const served = [];
    for (const [i, b] of builds.entries()) {
      const server = await serveBuild(b.dir, stack.outputs.WebUrl, port + 2 * i);
      servers.push(server);
      const front = await startH2Front(`http://127.0.0.1:${port + 2 * i}`, port + 2 * i + 1);
      fronts.push(front);
      const context = await browser.newContext();
      await signIn(context, front.url, demo.email, demo.password);
      served.push({
        ...b,
        context,
        url: `${front.url}/application-form/${applicationId}`,
        loads: [] as { all: number[]; afterFcp: number[] }[],
      });
    }
    for (let r = 0; r < runs; r++)
      for (const b of served) {
        const dir = process.env.MAIN_THREAD_TRACE_DIR;
        if (dir) mkdirSync(dir, { recursive: true });
        const tasks = await traceOnce(
          browser,
          b.context,
          b.url,
          dir && path.join(dir, `${b.name}-${r + 1}.json`),
        );
        b.loads.push(tasks);
        const long = tasks.afterFcp.filter((t) => t > 12.5).sort((x, y) => y - x);
        console.log(
          `  ${b.name} run ${r + 1}: CPU ${ms(tasks.all.reduce((a, c) => a + c, 0))} ms, CPU TBT×4 ${ms(cpuTbt(tasks.afterFcp))} ms from FCP (${ms(cpuTbt(tasks.all))} whole load), long from FCP ${long.map(ms).join(', ')}`,
        );
      }
    const rows = [
      [
        'build',
        'runs',
        'main-thread CPU (ms)',
        'tasks > 12.5 ms from FCP',
        'CPU TBT ×4 from FCP, median (range)',
        'whole load',
      ],
    ];
    for (const b of served) {
      const totals = b.loads.map((t) => t.all.reduce((a, c) => a + c, 0));
      const tbts = b.loads.map((t) => cpuTbt(t.afterFcp));
      const whole = b.loads.map((t) => cpuTbt(t.all));
      const longs = b.loads.map((t) => t.afterFcp.filter((x) => x > 12.5).length);
      rows.push([
        b.name,
        String(b.loads.length),
        range(totals),
        range(longs),
        `${ms(median(tbts))} (${range(tbts)})`,
        `${ms(median(whole))} (${range(whole)})`,
      ]);
    }
    console.log(`\nForm page main thread, CPU from Chromium traces (${CHROME}, HTTP/2, no throttling)`);
    table(rows);
  } finally {
    await browser.close();
    for (const f of fronts) await f.stop();
    for (const s of servers) await new Promise((r) => s.close(r));
  }
}
