/**
 * Splits a layer's test files into shards of about equal running time, each run against a stack of
 * its own (test/with-stack.ts --stacks=N; docs/performance.md "CI time"). Each stack has its own
 * demo users, rate limits and site settings, so files in different shards cannot see each other's
 * writes, and each shard keeps its files in the order its runner gives them.
 */

/**
 * Seconds per file, measured in one run of each layer on one stack (the reports of
 * `npm test`: test-results/reports/*.json). Only the balance depends on them: a file missing
 * here weighs as the median file.
 */
export const measuredSeconds: Record<'integration' | 'e2e', Record<string, number>> = {
  integration: {},
  e2e: {},
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
