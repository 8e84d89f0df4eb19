/**
 * `npm run bench -- fuzz`: the fuzz pass at full size (docs/performance.md; test/support/fuzz.ts). At least
 * 20,000 malformed requests (FUZZ_REQUESTS to change), spread evenly over every route of the OpenAPI
 * document, sent to the bench's own local stack on 127.0.0.1 (4 at a time), with a fresh seed each
 * run (FUZZ_SEED to repeat one). Prints the answers by status, latency, the stack's peak memory,
 * any answer ≥ 500 or dropped connection, any refusal not in the error shape, and any route whose
 * requests changed stored data; the exit code is 1 when there is any. Bounded: it stops after its
 * requests.
 */
import type { StackOutputs } from '../support/outputs';
import { fuzzOperations, runFuzz } from '../support/fuzz';
import { fuzzContext, warmUp } from '../support/fuzz-setup';

type Table = (rows: string[][]) => void;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function fuzz(outputs: StackOutputs, { table }: { table: Table }) {
  const ops = fuzzOperations();
  const total = Number(process.env.FUZZ_REQUESTS) || 20_000;
  const perRoute = Math.ceil(total / ops.length);
  const seed = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
  console.log(
    `\nFuzz pass: ${perRoute} malformed requests × ${ops.length} routes, seed ${seed} (FUZZ_SEED=${seed} repeats it)`,
  );
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
  const ctx = await fuzzContext(outputs);
  const report = await runFuzz({ outputs, ctx, perRoute, seed, warmUp: warmUp(outputs, ctx) });
  clearInterval(timer);

  const rows = [['status', 'answers', 'share']];
  for (const [status, n] of [...report.statuses].sort((a, b) => a[0] - b[0]))
    rows.push([
      status === 0 ? 'no answer' : String(status),
      String(n),
      `${((100 * n) / report.requests).toFixed(1)}%`,
    ]);
  table(rows);
  const l = report.latencies;
  console.log(
    `${report.requests} requests in ${report.seconds.toFixed(1)} s (${(report.requests / report.seconds).toFixed(0)}/s, ` +
      `concurrency 4); latency p50 ${pct(l, 50).toFixed(1)} ms, p99 ${pct(l, 99).toFixed(1)} ms, max ${l[l.length - 1]!.toFixed(0)} ms; ` +
      `peak RSS (bench + stack, DynamoDB Local's java apart) ${(peakRss / 2 ** 20).toFixed(0)} MB`,
  );
  console.log(
    `answers ≥ 500 or dropped: ${report.failures.length}; refusals not in the error shape: ${report.badShapes.length}; ` +
      `routes whose requests changed stored data: ${report.changes.length}`,
  );
  for (const f of report.failures.slice(0, 20))
    console.log(
      `  FAIL ${f.key} → ${f.status} (${f.request.kind}) ${f.request.path.slice(0, 100)}: ${f.body.slice(0, 160)}`,
    );
  for (const f of report.badShapes.slice(0, 20))
    console.log(`  SHAPE ${f.key} → ${f.status} (${f.request.kind}): ${f.body.slice(0, 160)}`);
  for (const c of report.changes) console.log(`  CHANGED ${c.key}: ${c.changes.slice(0, 5).join('; ')}`);
  if (report.failures.length + report.badShapes.length + report.changes.length > 0) process.exitCode = 1;
}
