/**
 * `npm run bench -- lighthouse`: Lighthouse 13 (npm `lighthouse`) in Debian's Chromium against the
 * built SPA served as users get it (the local web server compresses and caches as CloudFront does:
 * infra/local/web-static.ts), on three routes:
 *
 * - sign-in: `/` signed out (a new visitor);
 * - dashboard: `/` signed in with the demo applicant (tokens in localStorage, HTTP cache empty);
 * - form: an application's form page (`/application-form/{id}`; the application is made through the API).
 *
 * Mobile (Lighthouse's default: simulated slow 4G, 4× CPU slowdown) and desktop presets,
 * LIGHTHOUSE_RUNS (default 3) runs each, a fresh browser profile per run; the median run (by
 * performance score) is printed with its LCP, TBT and transferred bytes (JS+CSS and total); a run
 * Lighthouse gives up on is retried. LIGHTHOUSE_ONLY=route:preset,… measures only those rows. The
 * accessibility audits a run fails are printed by id; LIGHTHOUSE_A11Y_NODES=1 adds the elements
 * (selector and snippet) each one flags; LIGHTHOUSE_REPORT_DIR=dir keeps each run's whole report (JSON:
 * the LCP element, request chains, main-thread breakdown). Numbers only: it never fails on them. Budgets are in the README ("Performance budgets").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import type { startLocalStack } from '../../infra/local/index';
import { startH2Front } from './h2-front';

type Stack = Awaited<ReturnType<typeof startLocalStack>>;
type Table = (rows: string[][]) => void;

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The HTTP/2 front's certificate is self-signed (./h2-front.ts).
  '--ignore-certificate-errors',
];

interface Route {
  name: string;
  path: string;
  signedIn: boolean;
}

interface Measure {
  score: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  tti: number;
  scriptCss: number;
  total: number;
  /** Failed accessibility audits: id, then the flagged elements (selector: snippet). */
  a11yFailures: { id: string; nodes: string[] }[];
}

/** Chromium with a remote-debugging port and a profile of its own (Lighthouse and Playwright share it). */
async function launch(port: number): Promise<{ chrome: ChildProcess; profile: string }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const chrome = spawn(
    CHROME,
    [
      ...CHROME_FLAGS,
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { chrome, profile };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  chrome.kill();
  throw new Error(`Chromium did not open its debugging port ${port}`);
}

/** Signs the demo applicant in through the page, then empties the HTTP cache (storage stays). */
async function signIn(port: number, webUrl: string, email: string, password: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(webUrl);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects Playwright only: the browser (launched here) stays for Lighthouse.
    await browser.close();
  }
}

function a11yFailuresOf(lhr: Result): Measure['a11yFailures'] {
  const failed = (lhr.categories.accessibility?.auditRefs ?? []).filter((ref) => {
    const score = lhr.audits[ref.id]?.score;
    return ref.weight > 0 && score !== null && score !== undefined && score < 1;
  });
  return failed.map((ref) => {
    const items =
      (lhr.audits[ref.id]?.details as { items?: { node?: { selector?: string; snippet?: string } }[] })
        ?.items ?? [];
    return {
      id: ref.id,
      nodes: items.map((i) => `${i.node?.selector ?? '?'}: ${(i.node?.snippet ?? '').slice(0, 200)}`),
    };
  });
}

function measureOf(lhr: Result): Measure {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items =
    (
      lhr.audits['network-requests']?.details as {
        items?: { resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const scriptCss = items
    .filter((i) => i.resourceType === 'Script' || i.resourceType === 'Stylesheet')
    .reduce((s, i) => s + (i.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    tti: audit('interactive'),
    scriptCss,
    total: audit('total-byte-weight'),
    a11yFailures: a11yFailuresOf(lhr),
  };
}

async function run(base: string, preset: 'mobile' | 'desktop', route: Route, stack: Stack, port: number) {
  const url = `${base}${route.path}`;
  const { chrome, profile } = await launch(port);
  try {
    if (route.signedIn) {
      const demo = stack.outputs.DemoUsers[0]!;
      await signIn(port, base, demo.email, demo.password);
    }
    const flags: Flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Signed in: keep the tokens (localStorage); the HTTP cache was emptied after signing in.
      disableStorageReset: route.signedIn,
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    const reports = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const file = `${route.name}-${preset}-${Date.now()}.json`;
      writeFileSync(path.join(reports, file), JSON.stringify(result.lhr));
    }
    // LIGHTHOUSE_TRACE_DIR=dir keeps each run's observed trace (the tasks Lighthouse's simulation
    // multiplies): open it in Chromium's DevTools, Performance, or read it with ./lighthouse-tasks.ts.
    const traces = process.env.LIGHTHOUSE_TRACE_DIR;
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (traces && trace) {
      mkdirSync(traces, { recursive: true });
      writeFileSync(
        path.join(traces, `${route.name}-${preset}-${Date.now()}.trace.json`),
        JSON.stringify(trace),
      );
    }
    return measureOf(result.lhr);
  } finally {
    chrome.kill();
    await new Promise((r) => (chrome.exitCode === null ? chrome.once('exit', r) : r(null)));
    rmSync(profile, { recursive: true, force: true });
  }
}

/** An application of the demo applicant for the form page. */
export async function makeApplication(stack: Stack): Promise<string> {
  const { signIn: tokensFor } = await import('../support/cognito');
  const o = stack.outputs;
  const demo = o.DemoUsers[0]!;
  const { IdToken } = await tokensFor(demo.email, demo.password, o as never);
  const res = await fetch(`${o.ApiUrl}/user/applications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${IdToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      operationName: 'Create',
      authorityId: 'akl',
      formId: 'bc',
      address: {
        address1: '12 Queen Street',
        city: 'Auckland',
        zipCode: '1010',
        country: 'NZ',
        lotNumber: '12',
        dpNumber: '34567',
      },
    }),
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`create application: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

const median = (xs: Measure[]) => [...xs].sort((a, b) => a.score - b.score)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`;

export async function lighthouseBench(stack: Stack, { table }: { table: Table }) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS) || 3;
  // LIGHTHOUSE_ONLY=dashboard:desktop,form:mobile measures only those rows.
  const only = (process.env.LIGHTHOUSE_ONLY ?? '').split(',').filter(Boolean);
  const port = (Number(process.env.PORT_BASE) || 4300) + 90;
  const applicationId = await makeApplication(stack);
  // As CloudFront serves viewers: HTTP/2 over TLS (./h2-front.ts); LIGHTHOUSE_PROTOCOL=h1 measures the
  // local web server's HTTP/1.1 directly (the figures before step 21 were taken that way).
  const h1 = process.env.LIGHTHOUSE_PROTOCOL === 'h1';
  const front = h1 ? undefined : await startH2Front(stack.outputs.WebUrl, port + 1);
  const base = front?.url ?? stack.outputs.WebUrl;
  try {
    await measureAll(base, h1 ? 'HTTP/1.1' : 'HTTP/2 and TLS', {
      stack,
      port,
      runs,
      only,
      applicationId,
      table,
    });
  } finally {
    await front?.stop();
  }
}

async function measureAll(
  base: string,
  protocol: string,
  {
    stack,
    port,
    runs,
    only,
    applicationId,
    table,
  }: { stack: Stack; port: number; runs: number; only: string[]; applicationId: string; table: Table },
) {
  const routes: Route[] = [
    { name: 'sign-in', path: '/', signedIn: false },
    { name: 'dashboard', path: '/', signedIn: true },
    { name: 'form', path: `/application-form/${applicationId}`, signedIn: true },
  ];
  const rows = [
    ['route', 'preset', 'perf (runs)', 'a11y', 'FCP', 'LCP', 'TBT', 'TTI', 'JS+CSS sent', 'total sent'],
  ];
  for (const route of routes) {
    for (const preset of ['mobile', 'desktop'] as const) {
      if (only.length && !only.includes(`${route.name}:${preset}`)) continue;
      const measures: Measure[] = [];
      // A run Lighthouse gives up on (NO_FCP when the machine is overloaded) is retried, twice at most.
      for (let i = 0, failures = 0; i < runs;) {
        try {
          measures.push(await run(base, preset, route, stack, port));
          i++;
        } catch (error) {
          console.log(`  ${route.name} ${preset}: run failed: ${(error as Error).message.slice(0, 160)}`);
          if (++failures > 2) break;
        }
      }
      if (!measures.length) continue;
      const m = median(measures);
      rows.push([
        route.name,
        preset,
        `${m.score} (${measures.map((x) => x.score).join(', ')})`,
        String(m.accessibility),
        s(m.fcp),
        s(m.lcp),
        `${Math.round(m.tbt)} ms`,
        s(m.tti),
        kib(m.scriptCss),
        kib(m.total),
      ]);
      console.log(`  ${route.name} ${preset}: ${measures.map((x) => x.score).join(', ')}`);
      for (const { id, nodes } of m.a11yFailures) {
        console.log(`    accessibility audit failed: ${id} (${nodes.length} elements)`);
        if (process.env.LIGHTHOUSE_A11Y_NODES) for (const n of nodes) console.log(`      ${n}`);
      }
    }
  }
  console.log(
    `\nLighthouse ${runs} runs per row, median by performance score (${CHROME}, served compressed over ${protocol})`,
  );
  table(rows);
}
