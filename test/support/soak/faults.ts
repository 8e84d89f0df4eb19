/**
 * The faults of test/support/faults.ts as the soak runs them (docs/reliability.md "Soak"), each at a
 * random moment and each checked for its recovery: the window says what the fault met and whether
 * the work it broke came back (`recovered`), which the soak counts as an invariant.
 *
 * - `restartFault`: the whole stack stopped and started on the same data directory (a HeldStack);
 * - `mergeKilled`: the next merge worker invocation of the soak's traffic killed; Lambda's retry
 *   merges the container;
 * - `extractionKilled`: the Lambda of an extraction step killed once. The soak's journeys upload no
 *   record of title, so the fault brings its own work: a demo user's draft with a title uploaded;
 *   recovered when the extraction completes;
 * - `accessRequestClockJump`: the scheduler's clock jumped past an access request's expiry. The
 *   fault brings the request (a demo agent asks a demo applicant for access), lets its seven days all
 *   but pass (its stored expiry 3 s away, as faults.test.ts does) and jumps the clock past the
 *   schedule; recovered when the request is stored EXPIRED.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import type { ApplicationDocumentDto, CreateDocumentResponse } from '../../../shared/schemas/documents';
import type { AccessRequest } from '../../../shared/schemas/access-requests';
import { api } from '../accounts';
import { AGENT_PROFILE, clockApplication, expiryAllButPassed, storedExpired } from '../access-request-expiry';
import { signIn } from '../cognito';
import { lambdaKilled, schedulerClockJump, stackRestart, type HeldStack } from '../faults';
import type { StackOutputs } from '../outputs';
import { titleSet } from '../titles';
import { waitFor } from '../wait';
import type { FaultWindow } from './invariants';
import type { SoakContext, SoakFault } from './driver';

const windowOf = (
  w: { name: string; start: Date; end: Date; detail?: string },
  more: { detail?: string; recovered?: boolean } = {},
): FaultWindow => ({
  name: w.name,
  start: w.start.getTime(),
  end: w.end.getTime(),
  ...(w.detail || more.detail ? { detail: [w.detail, more.detail].filter(Boolean).join('; ') } : {}),
  ...(more.recovered !== undefined ? { recovered: more.recovered } : {}),
});

/** A fault whose own work threw (it met another fault) answers a window not recovered, named. */
const guarded =
  (name: string, fault: SoakFault): SoakFault =>
  async (ctx) => {
    const start = Date.now();
    try {
      return await fault(ctx);
    } catch (e) {
      return {
        name,
        start,
        end: Date.now(),
        recovered: false,
        detail: `threw: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
  };

/** The whole stack restarted once (`npm start` again on the same data directory). */
export const restartFault =
  (held: HeldStack): SoakFault =>
  async (ctx) => {
    const w = await stackRestart(held).run();
    // Back: the API answers again.
    const ok = await waitFor(
      'the API after the restart',
      async () => (await fetch(`${String(ctx.outputs.ApiUrl)}/public/captcha/challenge`)).status === 200,
      { timeoutMs: 60_000, intervalMs: 500 },
    ).then(
      () => true,
      () => false,
    );
    return windowOf(w, { recovered: ok });
  };

/** The next merge of the soak's traffic killed mid-invocation; Lambda's asynchronous retry runs it. */
export const mergeKilled =
  (): SoakFault =>
  async (ctx): Promise<FaultWindow> => {
    // A hold set just before a restart is on the stack that stopped: set again, up to three times.
    let w = await lambdaKilled(ctx.stack, { during: 'merge', waitSeconds: 60 }).run();
    for (let i = 0; i < 2 && w.detail?.includes('nothing killed'); i++)
      w = await lambdaKilled(ctx.stack, { during: 'merge', waitSeconds: 60 }).run();
    const applicationId = /"applicationId":"([^"]+)"/.exec(w.detail ?? '')?.[1];
    if (!applicationId) return windowOf(w, { recovered: true }); // nothing arrived: nothing killed
    // Recovered when the job ran again (the stand-in idle) without a dead letter of it.
    await ctx.live().lambda.idle();
    const letters = ctx.live().lambda.deadLetterFile;
    const dead = existsSync(letters) && readFileSync(letters, 'utf8').includes(applicationId);
    return windowOf(
      { ...w, detail: `application ${applicationId}` },
      { recovered: !dead, detail: dead ? 'dead-lettered' : 'retried' },
    );
  };

/**
 * A call of the fault's own work, made again until it answers 2xx (it may meet another fault: the
 * table down, the stack restarting), for up to two minutes.
 */
async function until2xx(what: string, call: () => Promise<{ status: number; body: unknown }>) {
  return waitFor(
    what,
    async () => {
      const res = await call();
      if (res.status >= 300)
        throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      return res;
    },
    { timeoutMs: 120_000, intervalMs: 1000 },
  );
}

async function demoUser(o: StackOutputs, i: number) {
  const u = o.DemoUsers[i]!;
  const tokens = await waitFor('a demo user signed in', () => signIn(u.email, u.password, o), {
    timeoutMs: 120_000,
    intervalMs: 1000,
  });
  return { token: tokens.IdToken, outputs: o };
}

/** An extraction step's Lambda killed once: the state's Retry runs it and the extraction completes. */
const extractionKilledOnce: SoakFault = async (ctx): Promise<FaultWindow> => {
  const o = ctx.outputs;
  const as = await demoUser(o, 0);
  const created = await until2xx('create', () =>
    api(
      'POST',
      '/user/applications',
      {
        operationName: 'Create',
        authorityId: 'wcc',
        formId: 'bc',
        address: { address1: '7 Soak Kauri Street', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      },
      as,
    ),
  );
  const id = (created.body as { id: string }).id;
  const base = `/user/applications/${encodeURIComponent(id)}`;
  const title = titleSet.find((t) => t.name === 'record of title, a family trust with a trustee company')!;
  const doc = await PDFDocument.load(await title.pdf());
  doc.setSubject(randomBytes(4000).toString('hex')); // past the 6000-byte upload minimum
  const bytes = Buffer.from(await doc.save());
  const killed = lambdaKilled(ctx.stack, {
    during: 'extraction',
    state: 'ReadTitle',
    waitSeconds: 120,
    match: (payload) => (payload as { applicationId?: string }).applicationId === id,
  }).run();
  const upload = await until2xx('upload', () =>
    api(
      'POST',
      `${base}/documents`,
      {
        fileName: 'title.pdf',
        mimeType: 'application/pdf',
        size: bytes.byteLength,
        containerId: 'proof-of-ownership',
      },
      as,
    ),
  );
  await until2xx('the presigned PUT', async () => {
    const put = await fetch((upload.body as CreateDocumentResponse).presignedUrl, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/pdf' },
    });
    await put.arrayBuffer();
    return { status: put.status, body: '' };
  });
  const w = await killed;
  const ended = await waitFor(
    'the extraction to end',
    async () => {
      const d = (await api('GET', `${base}/documents/title.pdf`, undefined, as))
        .body as ApplicationDocumentDto;
      return d.extractionStatus && d.extractionStatus !== 'Running' && d.extractionStatus;
    },
    { timeoutMs: 180_000, intervalMs: 1000 },
  ).catch(() => 'still Running');
  return windowOf(
    { ...w, detail: `application ${id}` },
    { recovered: ended === 'Completed', detail: `extraction ${ended}` },
  );
};

/** The scheduler's clock jumped past an access request's expiry: the request is stored EXPIRED. */
const accessRequestClockJumpOnce: SoakFault = async (ctx: SoakContext): Promise<FaultWindow> => {
  const o = ctx.outputs;
  const owner = await demoUser(o, 0);
  const agent = await demoUser(o, 1);
  await until2xx('the agent profile', () => api('PATCH', '/user', AGENT_PROFILE, agent));
  const created = await until2xx('create', () =>
    api('POST', '/user/applications', clockApplication('5 Soak Clock Road'), owner),
  );
  const id = (created.body as { id: string }).id;
  const sent = await until2xx('the access request', () =>
    api('POST', '/user/access-requests-v2', { applicationId: id }, agent),
  );
  const request = sent.body as AccessRequest;
  // The stack running now at each look (a restart may come meanwhile).
  const job = await waitFor(
    'the expiry schedule',
    () =>
      ctx
        .live()
        .scheduler.list()
        .find((s) => (s.payload as { requestGuid?: string }).requestGuid === request.requestGuid),
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  // The seven days all but pass: the stored expiry 3 s away on the functions' clock.
  await expiryAllButPassed(request.requestGuid);
  const w = await schedulerClockJump(ctx.stack, { past: new Date(job.at) }).run();
  const status = await storedExpired(request.requestGuid, { timeoutMs: 60_000, intervalMs: 500 }).then(
    (r) => r.status,
    () => 'still PENDING',
  );
  return windowOf(w, { recovered: status === 'EXPIRED', detail: `access request ${status}` });
};

export const extractionKilled = (): SoakFault => guarded('lambda-killed-extraction', extractionKilledOnce);
export const accessRequestClockJump = (): SoakFault =>
  guarded('scheduler-clock-jump', accessRequestClockJumpOnce);
