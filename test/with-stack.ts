/**
 * Runs a test layer against a fresh local stack:
 *
 *   tsx test/with-stack.ts integration [vitest args...]   stack without web, then vitest --project integration
 *   tsx test/with-stack.ts e2e [playwright args...]        builds web/, stack serving web/dist, then playwright test
 *
 * The stack uses .local-test/ (wiped first; STACK_DIR overrides) and ports from 4100 (PORT_BASE overrides); its outputs
 * go to .local-test/outputs.json, passed to the tests in CONSENT_PORTAL_OUTPUTS. The stack is
 * stopped in every case; the exit code is the test runner's.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startLocalStack, type LocalStack } from '../infra/local/index';

const [mode, ...rest] = process.argv.slice(2);
if (mode !== 'integration' && mode !== 'e2e') {
  console.error('usage: tsx test/with-stack.ts integration|e2e [runner args...]');
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, '..');

if (mode === 'e2e') {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
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
      process.kill(child.pid, sig);
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
  console.log(
    `[with-stack] local stack ready in ${(stack.startMs / 1000).toFixed(1)} s; outputs ${stack.outputsFile}`,
  );
  const env = { ...process.env, CONSENT_PORTAL_OUTPUTS: stack.outputsFile };
  const [cmd, args] =
    mode === 'integration'
      ? ['npx', ['vitest', 'run', '--project', 'integration', ...rest]]
      : ['npx', ['playwright', 'test', ...rest]];
  child = spawn(cmd, args as string[], { cwd: root, env, stdio: 'inherit' });
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
