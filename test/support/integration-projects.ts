/**
 * The integration files that need a process of their own (vitest.config.ts, the
 * 'integration-isolated' project); the others share one module graph ('integration'), each file's
 * imports evaluated once per run (docs/performance.md "CI time"). A file belongs here when it
 * starts a stack in its own process (`startLocalStack`, `holdStack`), which points the handlers'
 * environment (table, endpoints, bucket) at that stack, or sets environment the other files do not
 * (mail to the outbox, the webhook delivery function, the card gateway's credentials) that a handler
 * module may read once, when loaded. test/unit/ci/integration-projects.test.ts checks the first rule.
 */
export const ISOLATED_INTEGRATION = [
  // A stack of their own, started in the test's process.
  'test/integration/council-core.test.ts',
  'test/integration/council-feed-restart.test.ts',
  'test/integration/council-limits.test.ts',
  'test/integration/council-quickstart.test.ts',
  'test/integration/council-tour.test.ts',
  'test/integration/demo-seed.test.ts',
  'test/integration/documents-merge.test.ts',
  'test/integration/faults.test.ts',
  'test/integration/local-events.test.ts',
  'test/integration/local-restart.test.ts',
  'test/integration/ops-backup-restore.test.ts',
  'test/integration/soak.test.ts',
  // Environment of their own.
  'test/integration/council-webhooks.test.ts',
  'test/integration/notifications.test.ts',
  'test/integration/organisation-notifications.test.ts',
  'test/integration/payment-requests.test.ts',
  'test/integration/payments-catch-up.test.ts',
];
