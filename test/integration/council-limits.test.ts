/**
 * The council API's version header and per-client rate limit (docs/council-api.md "Versions" and
 * "Limits") against a local stack: every answer names its version, success or error; a client over
 * its token bucket gets 429 with Retry-After, and no other client is slowed by it.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startLocalStack } from '../../infra/local/index';
import { councilApiClient } from '../../infra/council/client';
import { limitCouncil } from '../../infra/council/operator';
import { councilCredentials } from '../support/council';
import type { StackOutputs } from '../support/outputs';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, process.env.STACK_DIR ?? '.local-test', 'council-limits-test');
const stack = await startLocalStack({
  dataDir,
  portBase: (Number(process.env.PORT_BASE) || 4100) + 340,
  reset: true,
  webMode: 'none',
  quiet: true,
  handleSignals: false,
});
const o = stack.outputs as unknown as StackOutputs;
afterAll(async () => {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const wcc = councilApiClient(councilCredentials('wcc', o));
const hcc = councilApiClient(councilCredentials('hcc', o));

describe('council API versions', () => {
  test('every answer to a council client carries Council-API-Version, a success and an error alike', async () => {
    const ok = await wcc.send('GET', '/council/applications');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('council-api-version')).toBe('1');
    const missing = await wcc.send('GET', '/council/applications/9999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('council-api-version')).toBe('1');
    expect(missing.headers.get('deprecation')).toBeNull();
  });
});

describe('council API limits', () => {
  test('a client over its bucket gets 429 with Retry-After; other clients are not slowed', async () => {
    await limitCouncil('hcc', { perSecond: 0.2, burst: 3 });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await hcc.send('GET', '/council/applications'));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      const refused = answers[3]!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(5);
      expect(refused.body).toMatchObject({ message: 'Too many requests, please try again later' });
      expect(refused.headers.get('council-api-version')).toBe('1');
      expect((await wcc.send('GET', '/council/applications')).status).toBe(200);
    } finally {
      await limitCouncil('hcc', undefined);
    }
    // Back on the stage's rule, the same client is served again.
    expect((await hcc.send('GET', '/council/applications')).status).toBe(200);
  });
});
