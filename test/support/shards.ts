/**
 * Splits a layer's test files into shards of about equal running time, each run against a stack of
 * its own (test/with-stack.ts --stacks=N; docs/performance.md "CI time"). Each stack has its own
 * demo users, rate limits and site settings, so files in different shards cannot see each other's
 * writes, and each shard keeps its files in the order its runner gives them.
 */

/**
 * Seconds per file that passed, from one run of each layer (2026-11-30, on a machine at load 17–33,
 * so several times CI's figures: only their ratios matter). Only the balance depends on them: a
 * file missing here (not measured, or it failed in that run) weighs as the median file. Replace
 * them from a quiet run's reports (test-results/reports/*.json) when the shards drift apart.
 */
export const measuredSeconds: Record<'integration' | 'e2e', Record<string, number>> = {
  integration: {
    'fuzz.test.ts': 593,
    'council-lifecycle.test.ts': 251,
    // Measured in its own run (2026-11-30, load 15–17): three starts of a stack of its own.
    'ops-backup-restore.test.ts': 157,
    'read-model-backfill.test.ts': 239,
    'authorization-matrix-council.test.ts': 223,
    'council-auto.test.ts': 209,
    'soak.test.ts': 180,
    'council-document-groups.test.ts': 166,
    'contacts.test.ts': 144,
    'access-requests.test.ts': 134,
    'payments.test.ts': 105,
    'faults.test.ts': 104,
    'rfis.test.ts': 93,
    'applications-core.test.ts': 76,
    'payment-requests.test.ts': 67,
    'accounts-invitation-secret.test.ts': 60,
    'notifications.test.ts': 59,
    'applications-lists.test.ts': 45,
    'authorization-matrix-payer.test.ts': 39,
    'documents-merge.test.ts': 38,
    'participants.test.ts': 33,
    'organisations.test.ts': 32,
    'thumbnails.test.ts': 30,
    'documents-security.test.ts': 27,
    'applications-steps.test.ts': 21,
    'documents-calls.test.ts': 21,
    'council-webhooks.test.ts': 20,
  },
  e2e: {
    'documents-journey.spec.ts': 246,
    'accounts.spec.ts': 194,
    'next-steps.spec.ts': 168,
    'applications-lists.spec.ts': 138,
    'application-form.spec.ts': 84,
    'first-load-budgets.spec.ts': 0,
  },
};

/** The file's weight: its measured seconds, else the median of the layer's known ones (or 1). */
export function weightOf(file: string, known: Record<string, number>): number {
  const name = file.split('/').pop()!;
  const w = known[name];
  if (w !== undefined) return w;
  const all = Object.values(known).sort((a, b) => a - b);
  return all.length ? all[Math.floor(all.length / 2)]! : 1;
}

/**
 * Longest first, each file to the shard with the least time so far (ties: the lower shard). Every
 * file lands in exactly one shard; within a shard the files keep the input order.
 */
export function splitIntoShards(files: string[], n: number, known: Record<string, number>): string[][] {
  const loads = Array.from({ length: n }, () => 0);
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
