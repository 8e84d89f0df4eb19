/**
 * Runs a test layer against a fresh local stack:
 *
 *   tsx test/with-stack.ts integration [vitest args...]   stack without web, then vitest's integration projects
 *   tsx test/with-stack.ts e2e [playwright args...]        builds web/, stack serving web/dist, then playwright test
 *
 * The stack uses .local-test/ (wiped first; STACK_DIR overrides) and ports from 4100 (PORT_BASE overrides); its outputs
 * go to .local-test/outputs.json, passed to the tests in CONSENT_PORTAL_OUTPUTS. The stack is
 * stopped in every case; the exit code is the test runner's.
 *
 *   tsx test/with-stack.ts e2e --stacks=2 [args...]        the layer's files in 2 shards, each on its own stack
 *
 * With --stacks=N (N > 1) the files (those named in the args, else all of the layer's) are split into
 * N shards of about equal measured time (test/support/shards.ts), and each shard runs in a child
 * process on a stack of its own, so no shard sees another's demo users, rate limits or settings:
 * ports from PORT_BASE + STACK_PORT_STEP·i (1000 unless set: integration files start stacks of their
 * own up to PORT_BASE + 448), data in STACK_DIR-<i+1> (the first keeps STACK_DIR). The web is built
 * once, before them. A report file named in the args (vitest --outputFile.json=x.json, or
 * PLAYWRIGHT_JSON_OUTPUT_FILE) becomes x-<i+1>.json per shard. The exit code is the worst of the shards'.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startLocalStack, type LocalStack } from '../infra/local/index';
import { measuredSeconds, shardStartGap, splitIntoShards } from './support/shards';

const [mode, ...args] = process.argv.slice(2);
if (mode !== 'integration' && mode !== 'e2e') {
  console.error('usage: tsx test/with-stack.ts integration|e2e [--stacks=N] [runner args...]');
  process.exit(2);
}

const layer: 'integration' | 'e2e' = mode;
const root = path.resolve(import.meta.dirname, '..');
const stacksArg = args.find((a) => a.startsWith('--stacks='));
const stacks = Number(stacksArg?.slice('--stacks='.length) ?? 1);
if (!Number.isInteger(stacks) || stacks < 1) {
  console.error(`[with-stack] --stacks must be a whole number ≥ 1: ${stacksArg}`);
  process.exit(2);
}
// A shard (a child of a --stacks run) finds the web already built.
const noBuild = args.includes('--no-build');
const rest = args.filter((a) => a !== stacksArg && a !== '--no-build');

if (mode === 'e2e' && !noBuild) {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The line a shard prints when its stack is up (runShards starts the next one then). */
const READY = '[with-stack] local stack ready';

if (stacks > 1) process.exit(await runShards(stacks));

/** Runs this script once per shard, in parallel, each with its files and its own stack. */
async function runShards(n: number): Promise<number> {
  const isFile = (a: string) => /\.(spec|test)\.ts$/.test(a);
  const named = rest.filter(isFile);
  const folder = `test/${layer}`;
  const files = named.length
    ? named
    : readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter(isFile)
        .map((f) => `${folder}/${f}`)
        .sort();
  const shards = splitIntoShards(files, n, measuredSeconds[layer], shardStartGap[layer]);
  const base = Number(process.env.PORT_BASE) || 4100;
  const step = Number(process.env.STACK_PORT_STEP) || 1000;
  const dir = process.env.STACK_DIR ?? '.local-test';
  const perShard = (file: string, i: number) => file.replace(/(\.json)?$/, i === 0 ? '-1$1' : `-${i + 1}$1`);
  const children: ChildProcess[] = [];
  const exits: Promise<number>[] = [];
  let stopping = false;
  const stop = (sig: NodeJS.Signals) => () => {
    stopping = true;
    children.forEach((c) => c.kill(sig));
  };
  process.on('SIGINT', stop('SIGINT'));
  process.on('SIGTERM', stop('SIGTERM'));
  // One stack starts at a time: starting is CPU-bound (two JVMs, seeding), and two at once on a
  // loaded 2-core machine can cross DynamoDB Local's start timeout. A shard's tests start as soon as
  // its stack is ready, while the next stack starts.
  for (const [i, shardFiles] of shards.entries()) {
    // More stacks than files: the rest would run the whole layer with no file named.
    if (shardFiles.length === 0 || stopping) continue;
    const label = `[${layer} ${i + 1}/${n}]`;
    console.log(
      `${label} ${shardFiles.length} files on PORT_BASE ${base + step * i}: ${shardFiles.join(' ')}`,
    );
    const shardArgs = rest
      .filter((a) => !isFile(a))
      .map((a) => (a.startsWith('--outputFile.json=') ? perShard(a, i) : a));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT_BASE: String(base + step * i),
      STACK_DIR: i === 0 ? dir : `${dir}-${i + 1}`,
      PLAYWRIGHT_OUTPUT_DIR: `test-results/e2e-${i + 1}`,
    };
    if (process.env.PLAYWRIGHT_JSON_OUTPUT_FILE)
      env.PLAYWRIGHT_JSON_OUTPUT_FILE = perShard(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE, i);
    const child = spawn(
      process.execPath,
      [...process.execArgv, import.meta.filename, layer, '--no-build', ...shardArgs, ...shardFiles],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    const exit = new Promise<number>((resolve) =>
      child.once('exit', (code, sig) => resolve(code ?? (sig ? 130 : 1))),
    );
    exits.push(exit);
    let ready!: () => void;
    const started = new Promise<void>((resolve) => (ready = resolve));
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        if (line.startsWith(READY)) ready();
        console.log(`${label} ${line}`);
      });
    }
    await Promise.race([started, exit]);
  }
  return Math.max(...(await Promise.all(exits)));
}

// Every JSON success is checked against its route's declared response schema (a mismatch is a 500
// that fails the test): functions/platform/http/handler.ts.
process.env.CONTRACT_CHECK = 'strict';
// The captcha's work factor is a setting (functions/platform/adapters/captcha.ts); its default costs a
// browser about 2 s idle, and more than the tests' 20 s solve timeout on a loaded 2-core machine.
// Test stacks make it an eighth of that: what is tested is that a solution is required and checked.
process.env.CAPTCHA_COST ??= '1000';

let stack: LocalStack | undefined;
let child: ChildProcess | undefined;
let exitCode = 1;
const forward = (sig: NodeJS.Signals) => () => {
  if (child?.pid) {
    try {
      // The runner's whole process group: npx does not pass a signal on, and vitest or Playwright
      // would outlive it.
      process.kill(-child.pid, sig);
    } catch {
      /* gone */
    }
  } else {
    void stack?.stop().finally(() => process.exit(130));
  }
};
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));

try {
  stack = await startLocalStack({
    dataDir: path.resolve(root, process.env.STACK_DIR ?? '.local-test'),
    reset: true,
    portBase: Number(process.env.PORT_BASE) || 4100,
    webMode: mode === 'e2e' ? 'dist' : 'none',
    quiet: true,
    handleSignals: false,
  });
  console.log(`${READY} in ${(stack.startMs / 1000).toFixed(1)} s; outputs ${stack.outputsFile}`);
  const env = { ...process.env, CONSENT_PORTAL_OUTPUTS: stack.outputsFile };
  const [cmd, args] =
    mode === 'integration'
      ? // Both integration projects (vitest.config.ts): the files sharing one module graph, then
        // those that need a process of their own.
        ['npx', ['vitest', 'run', '--project', 'integration', '--project', 'integration-isolated', ...rest]]
      : ['npx', ['playwright', 'test', ...rest]];
  // In a process group of its own (detached), so that a signal reaches the runner under npx.
  child = spawn(cmd, args as string[], { cwd: root, env, stdio: 'inherit', detached: true });
  exitCode = await new Promise<number>((resolve) =>
    child!.once('exit', (code, signal) => resolve(code ?? (signal ? 128 + 2 : 1))),
  );
} catch (err) {
  console.error('[with-stack]', err);
  exitCode = 1;
} finally {
  await stack?.stop();
}
process.exit(exitCode);
