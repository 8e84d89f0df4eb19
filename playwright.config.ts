import { defineConfig } from '@playwright/test';
import { readOutputs } from './test/support/outputs';

// The stack under test writes its outputs (WebUrl, DemoUsers, ...) to the file named by
// CONSENT_PORTAL_OUTPUTS (test/with-stack.ts sets it; default: the `npm start` stack's file).
const outputs = readOutputs();

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // No retries: a flaky journey is a defect to fix, not to hide.
  retries: 0,
  forbidOnly: true,
  // Its own folder, which Playwright empties when it starts: not test-results/ itself, where
  // test/run-all.ts keeps the layers' reports while other layers run beside this one; a shard of a
  // --stacks run has its own (test/with-stack.ts).
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR || 'test-results/e2e',
  // npm test (test/run-all.ts) sets PLAYWRIGHT_JSON_OUTPUT_FILE to sum the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : 'list',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: outputs.WebUrl,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    // Cloudscape skips its transitions under reduced motion, so axe checks each page as it settles
    // (a fading alert measured mid-animation fails colour contrast).
    contextOptions: { reducedMotion: 'reduce' },
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot of
    // where it stopped. The trace records no screencast: its frames were a sixth of the browser's CPU
    // in every test, passing ones included (docs/performance.md, "CI time").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium headless shell (package chromium-headless-shell), the browser Playwright
      // runs headless tests in: the same Blink as /usr/bin/chromium without the full browser around
      // it, about half its CPU per test here. Never `npx playwright install` (no internet for
      // browser downloads). The Lighthouse bench runs the full /usr/bin/chromium.
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
