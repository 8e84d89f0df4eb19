/**
 * Performance budgets as benchmarks that print numbers (never timed assertions):
 *
 *   npm run bench                  everything below
 *   npm run bench -- bundles       Lambda bundles from the synthesised cdk.out: raw and gzip size, module
 *                                  init time (median/p90 of cold imports), top contributors (bundles.ts)
 *   npm run bench -- spa           SPA JS and CSS per route (gzip) from web/dist/.vite/manifest.json
 *   npm run bench -- api           local API latency p50/p99 (a stack started on PORT_BASE 4300)
 *   npm run bench -- reference     GET /public/jurisdictions/{id} p50/p99 (the same stack as api)
 *   npm run bench -- applications  the application lists at 10,000 applications of one user (100,000
 *                                  items in the table): V3 p50/p99 and its DynamoDB calls (same stack)
 *   npm run bench -- council       a council's day: 10,000 lodged applications across 6 authorities and
 *                                  10,000 feed events (seeded), list pages and reads at 1 and 8 concurrent
 *                                  with their in-process cost, 1,000 writes per level, the whole feed,
 *                                  webhook delivery latency under that load (a stack of its own; council.ts)
 *   npm run bench -- fanout        notifications at scale: a council RFI to 50 participants (time to the
 *                                  last email, items written) and the digest job with 10,000 recipients
 *                                  (a stack of its own; fanout.ts)
 *   npm run bench -- sanitise      the step-data sanitiser on 256 KB / 1 MB adversarial strings, new
 *                                  against the regex version it replaced (sanitise.ts)
 *   npm run bench -- checks        the scan pipeline's PDF checks on generated 25/100/250 MB PDFs: peak RSS
 *                                  and time of the pdf-lib walk and of pdf.js, each in a fresh process (checks.ts)
 *   npm run bench -- uploads       a 250 MB PDF uploaded in parts in Chromium against a local stack of its
 *                                  own (web/dist): peak RSS of the stack process (API) and of the scanner,
 *                                  throughput (uploads.ts)
 *   npm run bench -- merge         the container merge of 40 × 5 MB PDFs: peak RSS and time, streaming
 *                                  against pdf-lib's copyPages + save, each in a fresh process (merge.ts)
 *   npm run bench -- captcha       the registration captcha's solve time in headless Chromium at a few
 *                                  work factors, median/p90 (captcha.ts)
 *   npm run bench -- events        domain-event delivery latency on a local stack: outbox write → each
 *                                  consumer done, p50/p99, a trickle and a burst (events.ts)
 *   npm run bench -- fuzz          20,000 malformed requests from the OpenAPI document on the bench
 *                                  stack: statuses, latency, 5xx, error shapes, data changes (fuzz.ts)
 *   npm run bench -- soak          SOAK_APPLICANTS simulated applicants (50) for SOAK_MINUTES (15) on a stack of
 *                                  its own with the automatic council on: throughput, p50/p99 per route group,
 *                                  errors by status and the invariants (soak.ts; not in the default run)
 *   npm run bench -- main-thread   the form page's main-thread CPU in Chromium from traces, per top-level task,
 *                                  with Lighthouse's TBT arithmetic on CPU time; MAIN_THREAD_DISTS=a=dir,b=dir
 *                                  compares builds side by side (a stack of its own; main-thread.ts)
 *   npm run bench -- lighthouse    Lighthouse (mobile and desktop presets, median of 3) on sign-in, the
 *                                  dashboard and a form page of web/dist (built first) served compressed
 *                                  by a stack of its own with --web=dist (lighthouse.ts); LIGHTHOUSE_DIST=dir
 *                                  serves that build instead (e.g. an older commit's, to compare)
 *
 * bundles runs `cdk synth` first when cdk.out is missing; spa builds web/dist first (SPA_DIST=dir
 * measures that build as it is). Budgets to compare against are in the README ("Performance budgets").
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { closure as closeOver, entryChunks, firstLoads, readManifest } from '../support/first-load.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
}

/** JS and CSS (gzip) a route downloads: the entry, then the route's lazy chunk and what it imports. */
function spa() {
  const dist = process.env.SPA_DIST ? path.resolve(process.env.SPA_DIST) : path.join(root, 'web', 'dist');
  // The working tree's build, always (a web/dist left from an earlier commit measured that commit);
  // SPA_DIST measures a build kept elsewhere as it is.
  if (!process.env.SPA_DIST)
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], { cwd: root, stdio: 'inherit' });
  const manifest = readManifest(dist);
  const closure = (key: string, seen = new Set<string>()) => closeOver(manifest, key, seen);
  const size = (keys: Set<string>) => {
    let js = 0;
    let css = 0;
    const cssFiles = new Set<string>();
    for (const k of keys) {
      const c = manifest[k];
      if (!c) continue;
      if (c.file.endsWith('.js')) js += gz(readFileSync(path.join(dist, c.file)));
      for (const f of c.css ?? []) cssFiles.add(f);
      if (c.file.endsWith('.css')) cssFiles.add(c.file);
    }
    for (const f of cssFiles) css += gz(readFileSync(path.join(dist, f)));
    return { js, css };
  };
  // Every entry index.html loads: the app's and the boot script's (web/vite-boot.ts).
  const entry = entryChunks(manifest);
  const rows = [['route chunk', 'JS gzip', 'CSS gzip']];
  const e = size(entry);
  rows.push(['(entry only)', kb(e.js), kb(e.css)]);
  // A route = the entry + a lazy chunk (+ its parent lazy chunk for nested ones, e.g. the signed-in app).
  // A chunk imported lazily from several places (the sign-in page preloads the signed-in app and
  // the dashboard) counts under the importer that lazy-loads the most chunks: the router.
  const parentOf = new Map<string, string>();
  const lazyCount = (k: string) => manifest[k]!.dynamicImports?.length ?? 0;
  for (const [k, c] of Object.entries(manifest))
    for (const d of c.dynamicImports ?? []) {
      if (entry.has(k)) continue; // a chunk every page loads: its lazy imports are routes of their own
      const current = parentOf.get(d);
      if (!current || lazyCount(k) > lazyCount(current)) parentOf.set(d, k);
    }
  for (const [k, c] of Object.entries(manifest)) {
    if (!c.isDynamicEntry) continue;
    const keys = new Set(entry);
    // Up the lazy importers, each once (two chunks can load each other lazily).
    const walked = new Set<string>();
    for (let p: string | undefined = k; p && !walked.has(p); p = parentOf.get(p)) {
      walked.add(p);
      closure(p, keys);
    }
    const s = size(keys);
    rows.push([k.replace(/^src\//, ''), kb(s.js), kb(s.css)]);
  }
  console.log('\nSPA per route (what a first visit downloads)');
  table(rows);

  // The first-load budgets (test/support/first-load.ts; test/e2e/first-load-budgets.spec.ts fails past one).
  const budgetRows = [['first load', 'files', 'gzip', 'brotli', 'budget (gzip)']];
  for (const load of firstLoads(dist))
    budgetRows.push([
      load.name,
      String(load.files.length),
      kb(load.gzip),
      kb(load.brotli),
      `≤ ${load.budgetKb} KB`,
    ]);
  console.log('\nFirst-load budgets (JS + CSS)');
  table(budgetRows);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Call {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** The status every response must have (default 200). */
  status?: number;
  /** Requests per concurrency level (default 400). */
  n?: number;
  /** The concurrency levels (default 1 and 4). */
  concurrency?: readonly number[];
}

/** The bench stack's DynamoDB Local (its java process's CPU time is read from /proc). */
let dynamoPid: number | undefined;

/** CPU time (user + system, ms) of this process (the stack and the bench's client) and of DynamoDB Local. */
function cpuNow(): { node: number; java: number } {
  const u = process.cpuUsage();
  let java = Number.NaN;
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (after the command's closing parenthesis: 12 and 13), in ticks of 10 ms.
    const f = readFileSync(`/proc/${dynamoPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    java = (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    // no /proc (not Linux) or no stack: the column reads NaN
  }
  return { node: (u.user + u.system) / 1000, java };
}

/**
 * p50/p99/max of each call at concurrency 1 and 4 (400 requests, or `n`, after 20 warm-up ones), and
 * the CPU time a request took: of this Node process (the whole local stack and the bench's client) and
 * of DynamoDB Local's java — the figures to compare on a loaded machine, where wall time is mostly
 * waiting for a core.
 */
async function latencyRows(calls: Call[]): Promise<string[][]> {
  const rows = [['call', 'n', 'concurrency', 'p50 ms', 'p99 ms', 'max ms', 'node CPU/req', 'java CPU/req']];
  for (const { name, url, headers = {}, status = 200, n = 400, concurrency: levels = [1, 4] } of calls) {
    for (const concurrency of levels) {
      for (let i = 0; i < Math.min(20, n); i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
      const times: number[] = [];
      const cpu0 = cpuNow();
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < n) {
            next++;
            const t0 = performance.now();
            const res = await fetch(url, { headers });
            await res.arrayBuffer();
            if (res.status !== status) throw new Error(`${name}: ${res.status}`);
            times.push(performance.now() - t0);
          }
        }),
      );
      const cpu1 = cpuNow();
      times.sort((a, b) => a - b);
      rows.push([
        name,
        String(times.length),
        String(concurrency),
        percentile(times, 50).toFixed(1),
        percentile(times, 99).toFixed(1),
        times[times.length - 1]!.toFixed(1),
        ((cpu1.node - cpu0.node) / times.length).toFixed(1),
        ((cpu1.java - cpu0.java) / times.length).toFixed(1),
      ]);
    }
  }
  return rows;
}

type BenchStack = Awaited<ReturnType<typeof import('../../infra/local/index').startLocalStack>>;

/** Local API latency through the local gateway (JWT verification + handler + DynamoDB Local). */
async function api(stack: BenchStack) {
  const { signIn } = await import('../support/cognito');
  const o = stack.outputs;
  const demo = o.DemoUsers[0]!;
  const tokens = await signIn(demo.email, demo.password, o as never);
  const rows = await latencyRows([
    { name: 'GET /public/health', url: `${o.ApiUrl}/public/health` },
    { name: 'GET /user', url: `${o.ApiUrl}/user`, headers: { authorization: `Bearer ${tokens.IdToken}` } },
  ]);
  console.log('\nLocal API (127.0.0.1, DynamoDB Local)');
  table(rows);
}

/**
 * Reference data: GET /public/jurisdictions/{id} (the whole jurisdiction: forms, breadcrumbs, steps,
 * authorities, categories) by id, by name and revalidated with If-None-Match (304), plus authority
 * detection.
 */
async function reference(stack: BenchStack) {
  const base = stack.outputs.ApiUrl;
  const first = await fetch(`${base}/public/jurisdictions/nz`);
  const etag = first.headers.get('etag') ?? '';
  const bytes = (await first.arrayBuffer()).byteLength;
  const rows = await latencyRows([
    { name: 'GET /public/jurisdictions/nz', url: `${base}/public/jurisdictions/nz` },
    { name: 'GET /public/jurisdictions/NewZealand', url: `${base}/public/jurisdictions/NewZealand` },
    {
      name: '  … If-None-Match (304)',
      url: `${base}/public/jurisdictions/nz`,
      headers: { 'if-none-match': etag },
      status: 304,
    },
    {
      name: 'GET /public/authorities/detection',
      url: `${base}/public/authorities/detection?city=Karori&postcode=6012`,
    },
  ]);
  console.log(`\nReference data (127.0.0.1, DynamoDB Local; jurisdiction body ${kb(bytes)})`);
  table(rows);
}

/**
 * One local stack of its own (PORT_BASE, default 4300; STACK_DIR, default .local-bench/) for every
 * API benchmark of the run; `dist` also serves web/dist (Lighthouse).
 */
async function withBenchStack(run: (stack: BenchStack) => Promise<void>, webMode: 'none' | 'dist' = 'none') {
  const { startLocalStack } = await import('../../infra/local/index');
  const stack = await startLocalStack({
    dataDir: path.join(root, process.env.STACK_DIR || '.local-bench'),
    reset: true,
    portBase: Number(process.env.PORT_BASE) || 4300,
    webMode,
    quiet: true,
    handleSignals: true,
  });
  dynamoPid = stack.dynamodb.pid;
  try {
    await run(stack);
  } finally {
    await stack.stop();
  }
}

const which = process.argv.slice(2).filter((a) => a !== '--');
const all = which.length === 0;
if (all || which.includes('bundles')) {
  const { bundles } = await import('./bundles');
  await bundles({ table });
}
if (all || which.includes('spa')) spa();
if (all || which.includes('checks')) {
  const { checksBench } = await import('./checks');
  await checksBench({ table });
}
if (all || which.includes('merge')) {
  const { mergeBench } = await import('./merge');
  await mergeBench({ table });
}
if (all || which.includes('sanitise')) {
  const { sanitise } = await import('./sanitise');
  await sanitise({ table });
}
if (all || which.includes('captcha')) {
  const { captcha } = await import('./captcha');
  await captcha({ table });
}
if (which.includes('uploads')) {
  // Not in the default run: it writes a 250 MB file and uploads it (minutes).
  const { uploadsBench } = await import('./uploads');
  await uploadsBench({ table });
}
if (which.includes('soak')) {
  // Not in the default run: a quarter of an hour of traffic.
  const { soakBench, soakStackEnv } = await import('./soak');
  soakStackEnv();
  // Held: one of its faults restarts the stack on the same data directory.
  const { holdStack } = await import('../support/faults');
  const held = await holdStack({
    dataDir: path.join(root, process.env.STACK_DIR || '.local-bench'),
    reset: true,
    portBase: Number(process.env.PORT_BASE) || 4300,
    webMode: 'none',
    quiet: true,
    handleSignals: true,
  });
  try {
    await soakBench(held, { table });
  } finally {
    await held.stop();
  }
}
const wantApi = all || which.includes('api');
const wantReference = all || which.includes('reference');
const wantApplications = all || which.includes('applications');
const wantFuzz = all || which.includes('fuzz');
const wantCouncil = all || which.includes('council');
const wantLighthouse = all || which.includes('lighthouse');
if (all || which.includes('events')) {
  const { eventsBench } = await import('./events');
  await withBenchStack((stack) => eventsBench(stack, { table }));
}
if (wantCouncil) {
  // A stack of its own: its 40,000 seeded items would slow every other bench's reads.
  const { councilBench } = await import('./council');
  await withBenchStack((stack) => councilBench(stack, { latencyRows, table, cpuNow }));
}
if (all || which.includes('fanout')) {
  const { fanoutBench } = await import('./fanout');
  await withBenchStack((stack) => fanoutBench(stack, { table }));
}
if (wantLighthouse) {
  const dist = path.join(root, 'web', 'dist');
  if (process.env.LIGHTHOUSE_DIST) {
    // Another build (e.g. an older commit's, to compare): served in place of web/dist.
    rmSync(dist, { recursive: true, force: true });
    cpSync(path.resolve(process.env.LIGHTHOUSE_DIST), dist, { recursive: true });
  } else {
    // The SPA as it is now (a stale web/dist would measure older code).
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const { lighthouseBench } = await import('./lighthouse');
  await withBenchStack((stack) => lighthouseBench(stack, { table }), 'dist');
}
if (which.includes('main-thread')) {
  // Not in the default run: a comparison of builds (MAIN_THREAD_DISTS), or web/dist as it is.
  if (!process.env.MAIN_THREAD_DISTS && !existsSync(path.join(root, 'web', 'dist', 'index.html')))
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  const { mainThreadBench } = await import('./main-thread');
  await withBenchStack((stack) => mainThreadBench(stack, { table, root }));
}
if (wantApi || wantReference || wantApplications || wantFuzz)
  await withBenchStack(async (stack) => {
    if (wantApi) await api(stack);
    if (wantReference) await reference(stack);
    // Before the applications bench: its 100,000 items would make each route's snapshot slow.
    if (wantFuzz) {
      const { fuzz } = await import('./fuzz');
      await fuzz(stack.outputs as never, { table });
    }
    if (wantApplications) {
      const { applications } = await import('./applications');
      await applications(stack, { latencyRows, table, cpuNow });
    }
  });
