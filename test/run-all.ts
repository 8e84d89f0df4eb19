/**
 * `npm test`: every test layer, each one a child process. The layers run in two lanes side by side
 * (below): the two that run against local stacks spend much of their time waiting on them, so the
 * checks run beside them on the same 2 cores (docs/performance.md "CI time"). Each output line is
 * prefixed with its layer's name. A failing layer does not stop the others (so one run shows
 * everything that is wrong), but the exit code is non-zero if any layer failed. Vitest and
 * Playwright write JSON reports that are summed into the closing line.
 *
 *   npm test                 all layers
 *   npm test -- unit infra   only the named layers
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { failureSummary } from './support/failure-summary';
import { CPU_MARK, cpuSecondsOf } from './support/layer-cpu';

interface Layer {
  name: string;
  cmd: string[];
  /** The JSON report this layer writes (vitest or playwright format); a layer run in shards writes <name>-<i>.json each. */
  report?: string;
  /**
   * Layers of one lane run one after the other; the two lanes run at the same time. The checks are
   * CPU-bound on one core each (unit: one vitest worker); the stack layers wait on their stacks
   * much of the time. Two stack layers at once (four stacks, two browsers) would crowd 2 cores.
   */
  lane: 'checks' | 'stacks';
  /** A layer of the other lane that must have finished first (when it is selected). */
  after?: string;
}

const reports = join(process.cwd(), 'test-results', 'reports');
const vitestJson = (name: string) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, `${name}.json`)}`,
];

// The stack layers each run their files in shards, each shard on a stack of its own
// (test/with-stack.ts --stacks), on ports from PORT_BASE (default 4100) in steps of 1000: two each.
// Three e2e shards were tried (E2E_STACKS=3): beside infra the machine's load reached 17–20, the
// unit layer ran 1.8 × longer and a journey crossed its timeout (docs/performance.md "CI time").
// INTEGRATION_STACKS and E2E_STACKS set a layer's count, STACKS both.
const stacks = (layer: 'INTEGRATION' | 'E2E', shards: number) =>
  `--stacks=${process.env[`${layer}_STACKS`] ?? process.env.STACKS ?? shards}`;

const layers: Layer[] = [
  // Offline synth with real esbuild bundling of every Lambda (no Docker). First: it packs web/dist
  // when it exists, which the e2e layer rebuilds (e2e waits for it).
  { name: 'synth', cmd: ['npx', 'cdk', 'synth', '--quiet', '--output', 'cdk.out'], lane: 'checks' },
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'], lane: 'checks' },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.', '--log-level=warn'], lane: 'checks' },
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'], lane: 'checks' },
  {
    name: 'unit',
    // The unit projects (vitest.config.ts): the shared-module one, and the fresh-module ones (in vm
    // contexts, or a process each for the files that mock modules: test/support/unit-projects.ts).
    cmd: [
      'npx',
      'vitest',
      'run',
      ...['--project', 'unit', '--project', 'unit-vm', '--project', 'unit-isolated'],
      ...vitestJson('unit'),
    ],
    report: 'unit.json',
    lane: 'checks',
  },
  {
    name: 'infra',
    cmd: ['npx', 'vitest', 'run', '--project', 'infra', ...vitestJson('infra')],
    report: 'infra.json',
    lane: 'checks',
  },
  {
    name: 'integration',
    cmd: [
      'npx',
      'tsx',
      'test/with-stack.ts',
      'integration',
      stacks('INTEGRATION', 2),
      ...vitestJson('integration'),
    ],
    report: 'integration.json',
    lane: 'stacks',
  },
  {
    name: 'e2e',
    cmd: ['npx', 'tsx', 'test/with-stack.ts', 'e2e', stacks('E2E', 2)],
    report: 'e2e.json',
    lane: 'stacks',
    after: 'synth',
  },
];

/**
 * Runs a command, its output lines prefixed with `[name] ` (lanes run at the same time), under a
 * bash that prints, when it ends, the CPU its processes took (user + system, every descendant that
 * was waited for: vitest's workers, the stacks, the browsers): what a layer costs the other lane.
 */
function run(
  name: string,
  cmd: string[],
  env: NodeJS.ProcessEnv,
  cpu: { seconds?: number },
): Promise<number> {
  return new Promise((resolve) => {
    const script = `"$@"; rc=$?; echo ${CPU_MARK}; times; exit $rc`;
    const child = spawn('bash', ['-c', script, name, ...cmd], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let marked = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === CPU_MARK) marked = true;
      else if (marked) cpu.seconds = cpuSecondsOf(line) ?? cpu.seconds;
      else console.log(`[${name}] ${line}`);
    });
    createInterface({ input: child.stderr }).on('line', (line) => console.log(`[${name}] ${line}`));
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The report files of a layer: <name>.json, or <name>-<i>.json from each shard. */
function reportFiles(report: string): string[] {
  const stem = report.replace(/\.json$/, '');
  const shard = new RegExp(`^${stem}-\\d+\\.json$`);
  return readdirSync(reports)
    .filter((f) => f === report || shard.test(f))
    .map((f) => join(reports, f));
}

/** Sums the counts of a layer's reports (undefined when it wrote none). */
function readAllCounts(report: string): Counts | undefined {
  const all = reportFiles(report).map(readCounts);
  if (all.length === 0 || all.some((c) => !c)) return undefined;
  return all.reduce<Counts>(
    (t, c) => ({
      passed: t.passed + c!.passed,
      failed: t.failed + c!.failed,
      skipped: t.skipped + c!.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

/** Reads a vitest (numPassedTests…) or playwright (stats.expected…) JSON report. */
function readCounts(file: string): Counts | undefined {
  if (!existsSync(file)) return undefined;
  const j = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if (typeof j.numPassedTests === 'number') {
    return {
      passed: j.numPassedTests,
      failed: (j.numFailedTests as number) ?? 0,
      skipped: ((j.numPendingTests as number) ?? 0) + ((j.numTodoTests as number) ?? 0),
    };
  }
  const stats = j.stats as Record<string, number> | undefined;
  if (stats) {
    return {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: stats.unexpected ?? 0,
      skipped: stats.skipped ?? 0,
    };
  }
  return undefined;
}

/**
 * The failing tests a report names (file › test: the error's first line and what its assertion
 * compared, test/support/failure-summary.ts), so CI's tail says what failed and what was seen.
 */
function readFailures(file: string): string[] {
  if (!existsSync(file)) return [];
  const j = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const out: string[] = [];
  const summary = (m: unknown) => failureSummary(typeof m === 'string' ? m : undefined);
  const rel = (f: string) => f.replace(process.cwd() + '/', '');
  if (Array.isArray(j.testResults)) {
    for (const f of j.testResults as {
      name: string;
      status?: string;
      message?: string;
      assertionResults?: unknown[];
    }[]) {
      const failed = (f.assertionResults ?? []) as {
        status: string;
        fullName: string;
        failureMessages?: string[];
      }[];
      for (const t of failed.filter((a) => a.status === 'failed')) {
        out.push(`${rel(f.name)} › ${t.fullName}: ${summary(t.failureMessages?.[0])}`);
      }
      if (!failed.some((a) => a.status === 'failed') && (f.message || f.status === 'failed'))
        out.push(`${rel(f.name)}: ${summary(f.message) || 'the file failed outside its tests'}`);
    }
    return out;
  }
  interface Suite {
    title: string;
    file?: string;
    suites?: Suite[];
    specs?: {
      title: string;
      file: string;
      tests: {
        results: {
          status: string;
          error?: { message?: string; location?: { file: string; line: number } };
        }[];
      }[];
    }[];
  }
  const walk = (s: Suite, path: string[]) => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests) {
        const last = t.results[t.results.length - 1];
        if (last && last.status !== 'passed' && last.status !== 'skipped') {
          const at = last.error?.location;
          const where = at ? ` (at ${rel(at.file)}:${at.line})` : '';
          out.push(
            `${spec.file} › ${[...path, spec.title].join(' › ')}${where}: ${summary(last.error?.message)}`,
          );
        }
      }
    }
    for (const c of s.suites ?? []) walk(c, [...path, c.title]);
  };
  for (const s of (j.suites ?? []) as Suite[]) walk(s, []);
  return out;
}

async function main() {
  const only = process.argv.slice(2).filter((a) => a !== '--');
  const selected = only.length ? layers.filter((l) => only.includes(l.name)) : layers;
  if (only.length && selected.length !== only.length) {
    console.error(`Unknown layer in: ${only.join(', ')}. Layers: ${layers.map((l) => l.name).join(', ')}`);
    process.exit(2);
  }
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });

  const env = {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_FILE: join(reports, 'e2e.json'),
    FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR,
  };
  const results: {
    name: string;
    code: number;
    seconds: number;
    cpu?: number;
    counts?: Counts;
    failures: string[];
  }[] = [];
  const t00 = Date.now();
  const done = new Map<string, () => void>();
  const finished = new Map(
    selected.map((l) => [l.name, new Promise<void>((resolve) => done.set(l.name, resolve))]),
  );
  const runLane = async (lane: Layer[]) => {
    for (const layer of lane) {
      if (layer.after) await finished.get(layer.after);
      console.log(
        `\n=== ${layer.name}: ${layer.cmd.join(' ')} (at ${((Date.now() - t00) / 1000).toFixed(0)} s)`,
      );
      const t0 = Date.now();
      const cpu: { seconds?: number } = {};
      const code = await run(layer.name, layer.cmd, env, cpu);
      const counts = layer.report ? readAllCounts(layer.report) : undefined;
      const failures =
        code !== 0 && layer.report ? reportFiles(layer.report).flatMap((f) => readFailures(f)) : [];
      const seconds = (Date.now() - t0) / 1000;
      const used = cpu.seconds === undefined ? '' : `, ${cpu.seconds.toFixed(0)} s of CPU`;
      console.log(`\n=== ${layer.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s${used}`);
      results.push({ name: layer.name, code, seconds, cpu: cpu.seconds, counts, failures });
      done.get(layer.name)!();
    }
  };
  const lanes = [...new Set(selected.map((l) => l.lane))].map((lane) =>
    selected.filter((l) => l.lane === lane),
  );
  await Promise.all(lanes.map(runLane));
  results.sort(
    (a, b) => selected.findIndex((l) => l.name === a.name) - selected.findIndex((l) => l.name === b.name),
  );

  console.log('\n=== summary');
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const r of results) {
    const c = r.counts;
    const tests = c
      ? ` (${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''})`
      : '';
    const used = r.cpu === undefined ? '' : ` [CPU ${r.cpu.toFixed(0)} s]`;
    console.log(
      `${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name.padEnd(12)} ${r.seconds.toFixed(1)} s${used}${tests}`,
    );
    if (c) {
      total.passed += c.passed;
      total.failed += c.failed;
      total.skipped += c.skipped;
    } else if (r.code === 0) {
      total.passed += 1; // a check layer (lint, format, typecheck, synth) counts as one test
    }
    if (r.code !== 0 && (!c || c.failed === 0)) total.failed += 1; // failed outside any test
  }
  for (const r of results) {
    const layer = selected.find((l) => l.name === r.name);
    if (r.code === 0 || !layer?.report) continue;
    const failures = r.failures;
    if (failures.length === 0)
      console.log(`  ✗ ${r.name}: its report names no failing test; search the log above for "×" or "FAIL"`);
    for (const f of failures.slice(0, 20)) console.log(`  ✗ ${r.name}: ${f.slice(0, 700)}`);
    if (failures.length > 20) console.log(`  … and ${failures.length - 20} more`);
  }
  const failedLayers = results.filter((r) => r.code !== 0).length;
  const cpuTotal = results.reduce((n, r) => n + (r.cpu ?? 0), 0);
  console.log(
    `\ntests: ${total.passed} passed, ${total.failed} failed, in ${((Date.now() - t00) / 1000).toFixed(1)} s (${cpuTotal.toFixed(0)} s of CPU)`,
  );
  process.exit(failedLayers ? 1 : 0);
}

void main();
