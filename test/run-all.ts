/**
 * `npm test`: every test layer, in order, each one a child process. A failing layer does not stop
 * the others (so one run shows everything that is wrong), but the exit code is non-zero if any
 * layer failed. Vitest and Playwright write JSON reports that are summed into the closing line.
 *
 *   npm test                 all layers
 *   npm test -- unit infra   only the named layers
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

interface Layer {
  name: string;
  cmd: string[];
  /** A JSON report this layer writes (vitest or playwright format). */
  report?: string;
}

const reports = join(process.cwd(), 'test-results', 'reports');
const vitestJson = (name: string) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, `${name}.json`)}`,
];

const layers: Layer[] = [
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.', '--log-level=warn'] },
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  {
    name: 'unit',
    cmd: ['npx', 'vitest', 'run', '--project', 'unit', ...vitestJson('unit')],
    report: 'unit.json',
  },
  {
    name: 'infra',
    cmd: ['npx', 'vitest', 'run', '--project', 'infra', ...vitestJson('infra')],
    report: 'infra.json',
  },
  // Offline synth with real esbuild bundling of every Lambda (no Docker).
  { name: 'synth', cmd: ['npx', 'cdk', 'synth', '--quiet', '--output', 'cdk.out'] },
  {
    name: 'integration',
    cmd: ['npx', 'tsx', 'test/with-stack.ts', 'integration', ...vitestJson('integration')],
    report: 'integration.json',
  },
  {
    name: 'e2e',
    cmd: ['npx', 'tsx', 'test/with-stack.ts', 'e2e'],
    report: 'e2e.json',
  },
];

function run(cmd: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd[0]!, cmd.slice(1), { stdio: 'inherit', env });
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

/** The failing tests a report names (file › test: first line of the error), so CI's tail says what failed. */
function readFailures(file: string): string[] {
  if (!existsSync(file)) return [];
  const j = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const out: string[] = [];
  const firstLine = (m: unknown) =>
    String(m ?? '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
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
        out.push(`${rel(f.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      }
      if (!failed.some((a) => a.status === 'failed') && (f.message || f.status === 'failed'))
        out.push(`${rel(f.name)}: ${firstLine(f.message) || 'the file failed outside its tests'}`);
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
      tests: { results: { status: string; error?: { message?: string } }[] }[];
    }[];
  }
  const walk = (s: Suite, path: string[]) => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests) {
        const last = t.results[t.results.length - 1];
        if (last && last.status !== 'passed' && last.status !== 'skipped') {
          out.push(`${spec.file} › ${[...path, spec.title].join(' › ')}: ${firstLine(last.error?.message)}`);
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
  const results: { name: string; code: number; seconds: number; counts?: Counts; failures: string[] }[] = [];
  for (const layer of selected) {
    console.log(`\n=== ${layer.name}: ${layer.cmd.join(' ')}`);
    const t0 = Date.now();
    const code = await run(layer.cmd, env);
    const counts = layer.report ? readCounts(join(reports, layer.report)) : undefined;
    // Read now: Playwright empties test-results/ (its output folder) when the e2e layer starts.
    const failures = code !== 0 && layer.report ? readFailures(join(reports, layer.report)) : [];
    results.push({ name: layer.name, code, seconds: (Date.now() - t0) / 1000, counts, failures });
  }

  console.log('\n=== summary');
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const r of results) {
    const c = r.counts;
    const tests = c
      ? ` (${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''})`
      : '';
    console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name.padEnd(12)} ${r.seconds.toFixed(1)} s${tests}`);
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
    for (const f of failures.slice(0, 20)) console.log(`  ✗ ${r.name}: ${f.slice(0, 400)}`);
    if (failures.length > 20) console.log(`  … and ${failures.length - 20} more`);
  }
  const failedLayers = results.filter((r) => r.code !== 0).length;
  console.log(`\ntests: ${total.passed} passed, ${total.failed} failed`);
  process.exit(failedLayers ? 1 : 0);
}

void main();
