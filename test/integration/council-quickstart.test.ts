/**
 * docs/council-quickstart.md, followed as written: its `quickstart: run` command blocks in order in
 * one bash shell (curl and jq, as a council developer would), against a stack of its own with an
 * application submitted by the demo applicant; then both webhook receivers of the page (Node with
 * the `standardwebhooks` package, Python with the standard library), each started from the page's
 * code, must verify a real delivery — and refuse one signed with another secret.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalStack } from '../../infra/local/index';
import { councilApiClient } from '../../infra/council/client';
import { signIn } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { waitFor } from '../support/wait';
import type { StackOutputs } from '../support/outputs';

const root = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(root, 'docs/council-quickstart.md'), 'utf8');
const dataDir = path.join(root, process.env.STACK_DIR ?? '.local-test', 'council-quickstart-test');
/** Where the page's commands run (their files land here): inside the repository, so `node` finds
 * node_modules/standardwebhooks as a council's project would find its own. */
const work = path.join(dataDir, 'work');

/** The fenced block that follows each `<!-- quickstart: <tag> -->` marker, in page order. */
function blocks(tag: string): string[] {
  const re = /<!-- quickstart: ([^>]+?) -->\s*```[a-z]*\n([\s\S]*?)```/g;
  return [...doc.matchAll(re)].filter((m) => m[1] === tag).map((m) => m[2]!);
}

const stack = await startLocalStack({
  dataDir,
  portBase: (Number(process.env.PORT_BASE) || 4100) + 360,
  reset: true,
  webMode: 'none',
  quiet: true,
  handleSignals: false,
});
const o = stack.outputs as unknown as StackOutputs;
const wcc = councilApiClient(councilCredentials('wcc', o));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) c.kill();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let applicantToken: string;
let submittedId: string;

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  const [applicant] = o.DemoUsers;
  applicantToken = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
  submittedId = await submittedApplication(
    applicantToken,
    'wcc',
    {
      address1: '5 Quickstart Quay',
      city: 'Wellington',
      zipCode: '6011',
      country: 'NZ',
    },
    o,
  );
});

/** A free port on 127.0.0.1 for a receiver. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Runs `script` in bash from `work`; its stdout, or the failure with both streams. */
function bash(script: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `set -euo pipefail\n${script}`], {
      cwd: work,
      env: { ...process.env, ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`bash exited ${code}\n${out}\n${err}`)),
    );
  });
}

/** Starts a receiver from the page's code; its output lines as they come. */
async function receiver(cmd: string[], port: number, secret: string) {
  const lines: string[] = [];
  const child = spawn(cmd[0]!, cmd.slice(1), {
    cwd: work,
    env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: secret },
  });
  children.push(child);
  const take = (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean));
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  await waitFor(`${cmd.join(' ')} listening`, () => lines.some((l) => l.startsWith('listening on')), {
    timeoutMs: 20_000,
  });
  return { lines, child };
}

describe('the council quick-start, as written', { timeout: 240_000 }, () => {
  test('the page has the blocks this test follows', () => {
    expect(blocks('run')).toHaveLength(8);
    expect(blocks('run after a delivery')).toHaveLength(1);
    expect(blocks('receiver.mjs')).toHaveLength(1);
    expect(blocks('receiver.py')).toHaveLength(1);
  });

  test('a token, the first five calls, a webhook, and both receivers verify a delivery', async () => {
    const nodePort = await freePort();
    const pythonPort = await freePort();
    const env = { DATA_DIR: dataDir, WEBHOOK_URL: `http://127.0.0.1:${nodePort}/webhook` };

    // Sections 2–7 in one shell, then print what the later steps need.
    const out = await bash(
      [...blocks('run'), 'echo "APP=$APP"', 'echo "SECRET=$WEBHOOK_SECRET"'].join('\n'),
      env,
    );
    expect(out).toContain(`API at ${o.ApiUrl}`);
    expect(out).toMatch(/token: \S{12}…/);
    // The list shows the submitted application; the page accepted the first one listed, which is it.
    expect(out).toContain(`${submittedId}  BLD-`);
    expect(out).toContain(`APP=${submittedId}`);
    expect(out).toContain('"status": "InProgress"');
    expect(out.toLowerCase()).toContain('idempotent-replayed: true');
    const secret = /SECRET=(whsec_\S+)/.exec(out)?.[1];
    expect(secret).toBeDefined();

    // The application was accepted: the council sees it In Progress.
    expect((await wcc.application(submittedId)).status).toBe('InProgress');

    // The Node receiver from the page verifies a real delivery: another submission by the applicant.
    writeFileSync(path.join(work, 'receiver.mjs'), blocks('receiver.mjs')[0]!);
    const node = await receiver(['node', 'receiver.mjs'], nodePort, secret!);
    const second = await submittedApplication(
      applicantToken,
      'wcc',
      {
        address1: '7 Quickstart Quay',
        city: 'Wellington',
        zipCode: '6011',
        country: 'NZ',
      },
      o,
    );
    await waitFor(
      'the Node receiver to verify the delivery',
      () => node.lines.some((l) => l.startsWith(`verified ApplicationSubmitted ${second} `)),
      {
        timeoutMs: 60_000,
      },
    );

    // The Python receiver from the page verifies the same event, redelivered by the page's block
    // once the webhook points at it (a PUT by a registered council keeps its secret).
    writeFileSync(path.join(work, 'receiver.py'), blocks('receiver.py')[0]!);
    const python = await receiver(['python3', 'receiver.py'], pythonPort, secret!);
    const redelivered = await bash(
      [
        ...blocks('run').slice(0, 2),
        blocks('run').find((b) => b.includes('$API/council/webhook"'))!,
        ...blocks('run after a delivery'),
      ].join('\n'),
      { ...env, WEBHOOK_URL: `http://127.0.0.1:${pythonPort}/webhook` },
    );
    expect(redelivered).toContain('"status": "Delivered"');
    expect(redelivered).toContain('"lastStatusCode": 204');
    expect(python.lines.some((l) => l.startsWith(`verified ApplicationSubmitted ${second} `))).toBe(true);

    // Signed with another secret, both refuse.
    const wrong = await receiver(
      ['python3', 'receiver.py'],
      await freePort(),
      'whsec_' + Buffer.alloc(32, 7).toString('base64'),
    );
    const wrongNode = await receiver(
      ['node', 'receiver.mjs'],
      await freePort(),
      'whsec_' + Buffer.alloc(32, 7).toString('base64'),
    );
    const body = JSON.stringify({
      eventId: 'e1',
      type: 'ApplicationSubmitted',
      occurredAt: '',
      applicationId: '1',
    });
    const headers = {
      'content-type': 'application/json',
      'webhook-id': 'e1',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': 'v1,' + Buffer.alloc(32, 1).toString('base64'),
    };
    for (const r of [wrong, wrongNode]) {
      const port = Number(/listening on (\d+)/.exec(r.lines.join('\n'))![1]);
      const res = await fetch(`http://127.0.0.1:${port}/webhook`, { method: 'POST', headers, body });
      expect(res.status).toBe(400);
      await waitFor('a refusal', () => r.lines.some((l) => l.startsWith('refused')), { timeoutMs: 10_000 });
    }
  });
});
