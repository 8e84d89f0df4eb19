import { defineConfig } from 'vitest/config';
import { wholeJson } from './web/vite-json-whole';
import { FuzzFirstSequencer } from './test/support/sequencer';

// Test layers (README "Tests"): unit (pure rules, handlers with aws-sdk-client-mock, web components),
// infra (CDK Template assertions and cdk-nag), integration (handlers against the local stand-ins;
// started by test/with-stack.ts, which passes the stack's outputs in CONSENT_PORTAL_OUTPUTS).
export default defineConfig({
  test: {
    // The integration layer's fuzz pass first, on a nearly empty table (test/support/sequencer.ts).
    sequence: { sequencer: FuzzFirstSequencer },
    projects: [
      {
        // web/src/i18n imports en.json?all (web/vite-json-whole.ts), as the web build does.
        plugins: [wholeJson()],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Whole pages render in jsdom (Cloudscape): on a loaded 2-core machine one can take
          // several seconds. No test here depends on wall-clock time (fake timers do that).
          testTimeout: 20_000,
          // The web's response check fails a test whose fake answer does not match its route's
          // contract, even when the page catches the error (test/unit/web/contract-guard.ts).
          setupFiles: ['test/unit/setup-dom.ts', 'test/unit/web/contract-guard.ts'],
          // Metrics are observed with onMetric (functions/platform/observability/metrics.ts), not printed.
          env: { POWERTOOLS_METRICS_DISABLED: 'true' },
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
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
