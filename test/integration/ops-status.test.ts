/**
 * `npm run ops -- status` against the test stack (docs/operations.md): an answer of the API is a
 * figure in the stack's metrics file (METRICS_FILE, EMF lines) and the command prints it per route
 * group and status class; the dead letters the stand-ins keep are counted per handler or function.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { readOpsStatus, summarise } from '../../infra/local/ops-status';
import { readOutputs } from '../support/outputs';

const o = readOutputs();
const dataDir = o.DataDir as string;
const root = path.resolve(import.meta.dirname, '../..');

/** Since-start total of a figure of the stack's status (0 when there is none yet). */
function total(metric: string, dimensions: Record<string, string>): number {
  const f = readOpsStatus(dataDir).figures.find(
    (x) => x.metric === metric && JSON.stringify(x.dimensions) === JSON.stringify(dimensions),
  );
  return f ? summarise(f).total : 0;
}

const opsStatus = () =>
  execFileSync('npx', ['tsx', 'bin/ops.ts', 'status', '--data-dir', dataDir], {
    cwd: root,
    encoding: 'utf8',
  });

describe('npm run ops -- status (the local stack)', () => {
  test('a 404 of the API shows as ApiResponses {routeGroup, 4xx} and ApiLatency, in the file and in the command', async () => {
    const dims = { routeGroup: 'reference', statusClass: '4xx' };
    const before = total('ApiResponses', dims);
    const res = await fetch(`${o.ApiUrl}/public/jurisdictions/no-such-authority`);
    expect(res.status).toBe(404);
    expect(total('ApiResponses', dims)).toBe(before + 1);
    const latency = readOpsStatus(dataDir).figures.find(
      (f) => f.metric === 'ApiLatency' && f.dimensions.routeGroup === 'reference',
    );
    expect(latency?.unit).toBe('Milliseconds');
    expect(summarise(latency!).count).toBeGreaterThanOrEqual(1);

    const out = opsStatus();
    expect(out).toMatch(/^ApiResponses\s+routeGroup=reference statusClass=4xx\s+\d+\s+\d+$/m);
    expect(out).toMatch(/^ApiLatency\s+routeGroup=reference\s+n=\d+ p50=\d+ p99=\d+ max=\d+ ms/m);
  });

  test('dead letters are counted per function, with the file they are in', () => {
    const file = o.LambdaDeadLetterFile as string;
    const before = readOpsStatus(dataDir).deadLetters.find((d) => d.kind === 'lambda')!;
    mkdirSync(path.dirname(file), { recursive: true });
    // A merge job that failed every retry, as infra/local/lambda.ts records it.
    appendFileSync(
      file,
      JSON.stringify({
        timestamp: new Date().toISOString(),
        requestContext: {
          functionArn: 'arn:aws:lambda:ap-southeast-2:000000000000:function:consent-portal-merge-local',
          condition: 'RetriesExhausted',
          approximateInvokeCount: 3,
        },
        requestPayload: {},
        responsePayload: { errorType: 'Error', errorMessage: 'test' },
      }) + '\n',
    );
    const after = readOpsStatus(dataDir).deadLetters.find((d) => d.kind === 'lambda')!;
    expect(after.total).toBe(before.total + 1);
    expect(after.by['consent-portal-merge-local']).toBe((before.by['consent-portal-merge-local'] ?? 0) + 1);
    expect(opsStatus()).toMatch(/asynchronous invocations: \d+ \(consent-portal-merge-local \d+\)/);
  });
});
