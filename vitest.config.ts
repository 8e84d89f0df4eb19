import { defineConfig } from 'vitest/config';
import { wholeJson } from './web/vite-json-whole';
import { FuzzFirstSequencer } from './test/support/sequencer';
import { ISOLATED_INTEGRATION } from './test/support/integration-projects';
import { splitByModuleMocks, webUnitFiles } from './test/support/unit-projects';

// Test layers (README "Tests"): unit (pure rules, handlers with aws-sdk-client-mock, web components),
// infra (CDK Template assertions and cdk-nag), integration (handlers against the local stand-ins;
// started by test/with-stack.ts, which passes the stack's outputs in CONSENT_PORTAL_OUTPUTS).
/** Unit test files that need their modules fresh (see the 'unit' project). */
const ISOLATED = [
  'test/unit/functions/documents/scan.test.ts',
  'test/unit/infra/s3-local.test.ts',
  'test/unit/functions/platform/tracer-loading.test.ts',
  'test/unit/functions/accounts/registration.test.ts',
  'test/unit/functions/platform/adapters/captcha.test.ts',
  'test/unit/functions/platform/data/entities.test.ts',
  'test/unit/functions/platform/http/edge.test.ts',
  'test/unit/functions/platform/http/handler.test.ts',
  'test/unit/functions/reference/catalogue.test.ts',
  'test/unit/functions/reference/custom-resource.test.ts',
  'test/unit/functions/reference/demo-data.test.ts',
  'test/unit/functions/reference/handler.test.ts',
  'test/unit/functions/reference/seed-reference.test.ts',
];
/**
 * The web's files in vm contexts, or in a process each when they mock modules; the files above each
 * in a process of their own (what they set and cache in the process is theirs alone).
 */
const WEB = splitByModuleMocks(webUnitFiles(import.meta.dirname));
/** What both projects of those files share. */
const FRESH_FILES = {
  environment: 'node',
  // Whole pages render in jsdom (Cloudscape): on a loaded 2-core machine one can take
  // several seconds. No test here depends on wall-clock time (fake timers do that).
  testTimeout: 20_000,
  // fresh-env: each file starts from the worker's environment (a vm worker runs many files).
  // The web's response check fails a test whose fake answer does not match its route's
  // contract, even when the page catches the error (test/unit/web/contract-guard.ts).
  setupFiles: ['test/unit/fresh-env.ts', 'test/unit/setup-dom.ts', 'test/unit/web/contract-guard.ts'],
  // Metrics are observed with onMetric (functions/platform/observability/metrics.ts), not printed.
  env: { POWERTOOLS_METRICS_DISABLED: 'true' },
};

export default defineConfig({
  test: {
    // The integration layer's fuzz pass first, on a nearly empty table (test/support/sequencer.ts).
    sequence: { sequencer: FuzzFirstSequencer },
    projects: [
      {
        // The unit tests of functions, shared, infra and tooling share one module graph: each file's
        // imports are evaluated once per run, not once per file (a third of the time). A file that needs
        // modules fresh (it sets the environment they read when loaded, or keeps their caches from
        // another file's data) is listed in ISOLATED and runs in 'unit-vm' or 'unit-isolated'.
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: ['test/unit/web/**', ...ISOLATED],
          environment: 'node',
          isolate: false,
          testTimeout: 20_000,
          // Every unit test's table is portal-table: the data service, built once, binds to it.
          env: { POWERTOOLS_METRICS_DISABLED: 'true', TABLE_NAME: 'portal-table' },
        },
      },
      {
        // web/src/i18n imports en.json?all (web/vite-json-whole.ts), as the web build does.
        plugins: [wholeJson()],
        test: {
          name: 'unit-vm',
          include: WEB.vm,
          ...FRESH_FILES,
          // Each file in a vm context of its own, in a worker process that runs file after file: the
          // environment (jsdom) and the modules are fresh for each file, without a process, Node's
          // start and jsdom's import per file (test/support/unit-projects.ts). A worker is replaced
          // once it holds more than vmMemoryLimit (vm contexts are not all given back).
          pool: 'vmForks',
          vmMemoryLimit: '1GiB',
          // Node links a vm context's ES modules one graph at a time: web/src/lib/amplify.ts imports
          // three of Amplify's entries at once, whose graphs share modules, and the second link found
          // a shared module not yet linked. Amplify runs through Vitest's own module runner instead.
          server: { deps: { inline: [/[\\/]node_modules[\\/](aws-amplify|@aws-amplify)[\\/]/] } },
        },
      },
      {
        plugins: [wholeJson()],
        test: {
          name: 'unit-isolated',
          include: [...WEB.forks, ...ISOLATED],
          ...FRESH_FILES,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // CDK synthesis is CPU- and memory-heavy: one file at a time on a 2-core machine, all in
          // one worker sharing one module cache, so aws-cdk-lib loads once and an app of the same
          // options is built and synthesised once per run (test/infra/helpers.ts, sharedTestApp).
          fileParallelism: false,
          isolate: false,
        },
      },
      {
        // The integration files against the shard's stack (test/with-stack.ts) share one module graph,
        // as unit does: each file's imports (handlers, AWS SDK clients) are evaluated once per run, not
        // once per file. One file at a time, in one worker; the files that need a process of their own
        // (test/support/integration-projects.ts says which and why) run after them, each in a fresh
        // one ('integration-isolated'). test/with-stack.ts runs both projects.
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: ISOLATED_INTEGRATION,
          // Each file starts with the shard's stack in the environment (test/support/integration-env.ts).
          setupFiles: ['test/support/integration-env.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration-isolated',
          include: ISOLATED_INTEGRATION,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
