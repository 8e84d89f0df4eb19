/**
 * Splits a layer's test files into shards of about equal running time, each run against a stack of
 * its own (test/with-stack.ts --stacks=N; docs/performance.md "CI time"). Each stack has its own
 * demo users, rate limits and site settings, so files in different shards cannot see each other's
 * writes, and each shard keeps its files in the order its runner gives them.
 */

/**
 * Seconds per file, from the quiet fresh-clone `.ci/run` of 2026-11-30 05:54 (main at 557a132, every
 * file passed): integration, each file's time on its line of the log (Vitest's default reporter: its
 * hooks included, its import not); e2e, the sum of each spec's test durations in Playwright's report. Only the balance depends
 * on them: a file missing here (new since) weighs as the median file. Replace them from a later run's
 * reports (test-results/reports/*.json, or the file lines of the log) when the shards drift apart.
 */
export const measuredSeconds: Record<'integration' | 'e2e', Record<string, number>> = {
  integration: {
    // 273 s in that run; 12 % less since its snapshots were cut (459 s against 521 side by side, loaded).
    'fuzz.test.ts': 240,
    'authorization-matrix.test.ts': 155,
    // 134 s plus its stack's start in that run; weighed as the short soak with two faults (≤ 3 min),
    // less the fixed 21 s its feed reader waited before its last read (now 0 s at load 27, session 27).
    'soak.test.ts': 160,
    'ops-backup-restore.test.ts': 106,
    // With the start of its own stack at import (≈ 20 s), which the log's file line leaves out.
    'faults.test.ts': 108,
    'council-feed-restart.test.ts': 75,
    'authorization-matrix-council.test.ts': 59,
    'council-lifecycle.test.ts': 56,
    'local-restart.test.ts': 35,
    'demo-seed.test.ts': 54, // with its stack's start, as faults
    'contacts.test.ts': 31,
    'read-model-backfill.test.ts': 30,
    'council-document-groups.test.ts': 29,
    'applications-core.test.ts': 29,
    'council-auto.test.ts': 23,
    'applications-lists.test.ts': 23,
    'council-tour.test.ts': 22,
    'organisations-merge.test.ts': 21,
    'payments.test.ts': 21,
    'council-rfi-commands.test.ts': 15,
    'access-requests.test.ts': 14,
    'council-quickstart.test.ts': 14,
    'organisation-notifications.test.ts': 13,
    'local-events.test.ts': 12,
    'organisations-expiry.test.ts': 12,
    'notifications.test.ts': 12,
    'applications-steps.test.ts': 11,
    'reference-serviceable.test.ts': 11,
    'documents-merge.test.ts': 10,
    'rfis.test.ts': 9,
    'authorization-matrix-participants.test.ts': 9,
    'council-issued-documents.test.ts': 8,
    'council-auth.test.ts': 7,
    'abuse.test.ts': 7,
    'documents.test.ts': 7,
    'organisations.test.ts': 7,
    'documents-multipart.test.ts': 7,
    'payments-service.test.ts': 6,
    'council-webhooks.test.ts': 6,
    'accounts-invitation-secret.test.ts': 6,
    'payments-catch-up.test.ts': 5,
    'payment-requests-limits.test.ts': 5,
    'ops-status.test.ts': 5,
    'title-extraction.test.ts': 5,
    'documents-calls.test.ts': 5,
    'authorization-matrix-payer.test.ts': 4,
    'participants.test.ts': 4,
    'council-core.test.ts': 4,
    'payment-requests.test.ts': 4,
    'documents-security.test.ts': 4,
    'local-gateway.test.ts': 4,
    'thumbnails.test.ts': 3,
    'accounts-registration.test.ts': 3,
    'scan-checks.test.ts': 3,
    'body-limits.test.ts': 2,
    'council-invitations.test.ts': 2,
    'rfis-pdf.test.ts': 2,
    'organisations-lookup.test.ts': 2,
    'local-cognito-mfa.test.ts': 2,
    'council-limits.test.ts': 2,
    'submission-transaction.test.ts': 2,
    'accounts-profile.test.ts': 2,
    'organisations-image.test.ts': 2,
    'documents-limits.test.ts': 1,
    'accounts-password-reset.test.ts': 1,
    'reference-endpoints.test.ts': 1,
    'accounts-invitations.test.ts': 1,
    'local-cognito.test.ts': 1,
    'local-workflows.test.ts': 1,
    'lookups-api.test.ts': 1,
    'user-documents-scan.test.ts': 1,
    'formio-definitions.test.ts': 1,
    'scan.test.ts': 0,
  },
  e2e: {
    'walkthrough.spec.ts': 147,
    'applications-journey.spec.ts': 106,
    'keyboard-journey.spec.ts': 101,
    'accounts.spec.ts': 90,
    'documents-journey.spec.ts': 81,
    'after-lodgement.spec.ts': 79,
    'demo.spec.ts': 76,
    'participants-journey.spec.ts': 73,
    'routes.spec.ts': 64,
    'access-requests.spec.ts': 57,
    'document-reviews.spec.ts': 55,
    'phone-and-naming.spec.ts': 51,
    'next-steps.spec.ts': 50,
    'applications-lists.spec.ts': 49,
    'payments.spec.ts': 49,
    'organisations.spec.ts': 47,
    'new-application.spec.ts': 46,
    'application-form.spec.ts': 42,
    'documents-large.spec.ts': 42,
    'participant-search.spec.ts': 41,
    'contacts.spec.ts': 39,
    'journey.spec.ts': 25,
    'participants.spec.ts': 23,
    'notifications.spec.ts': 23,
    'template-thumbnail.spec.ts': 22,
    'profile.spec.ts': 21,
    'rfis.spec.ts': 21,
    'shell.spec.ts': 17,
    'two-step-sign-in.spec.ts': 17,
    'registered-applicant-invitations.spec.ts': 11,
    'first-load-budgets.spec.ts': 10,
  },
};

/**
 * How much later each next shard's tests start than the one before: the stacks start one after the
 * other (test/with-stack.ts), and a shard's tests start when its stack is ready. From the same run:
 * 25 s between the integration shards, 32 s between the e2e ones (a stack serving the web).
 */
export const shardStartGap: Record<'integration' | 'e2e', number> = { integration: 25, e2e: 32 };

/** The file's weight: its measured seconds, else the median of the layer's known ones (or 1). */
export function weightOf(file: string, known: Record<string, number>): number {
  const name = file.split('/').pop()!;
  const w = known[name];
  if (w !== undefined) return w;
  const all = Object.values(known).sort((a, b) => a - b);
  return all.length ? all[Math.floor(all.length / 2)]! : 1;
}

/**
 * Longest first, each file to the shard that would end soonest so far (ties: the lower shard). Shard
 * i starts `startGap`·i seconds after the first. Every file lands in exactly one shard; within a
 * shard the files keep the input order.
 */
export function splitIntoShards(
  files: string[],
  n: number,
  known: Record<string, number>,
  startGap = 0,
): string[][] {
  const loads = Array.from({ length: n }, (_, i) => i * startGap);
  const shardOf = new Map<string, number>();
  const byWeight = [...files].sort((a, b) => weightOf(b, known) - weightOf(a, known) || a.localeCompare(b));
  for (const f of byWeight) {
    let best = 0;
    for (let i = 1; i < n; i++) if (loads[i]! < loads[best]!) best = i;
    loads[best]! += weightOf(f, known);
    shardOf.set(f, best);
  }
  return Array.from({ length: n }, (_, i) => files.filter((f) => shardOf.get(f) === i));
}
