/**
 * Faults injected into a running local stack during real work, each recovered from
 * (docs/reliability.md "Faults"; the library: test/support/faults.ts): DynamoDB Local stopped and
 * started again, the Lambda stand-in killed mid-merge and mid-extraction, the card gateway failing
 * and never notifying, a council's webhook receiver down, the scheduler's clock jumped past an
 * access request's expiry, and the whole stack restarted. Each test asserts what the user sees and
 * what the data becomes once the fault is over: no 5xx, the merge and the extraction finished, the
 * card session settled once, the webhook delivered, the request expired, nothing lost.
 *
 * The stack runs in this process (as documents-merge.test.ts does), on a data directory and ports of
 * its own: the faults use the stand-ins' control hooks, which another process cannot reach.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { councilApiClient } from '../../infra/council/client';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { seedDraftAs, seedScannedDocument, subOf } from '../support/documents';
import { eventsSettled } from '../support/events';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { titleSet } from '../support/titles';
import { waitFor } from '../support/wait';
import {
  AGENT_PROFILE,
  clockApplication,
  expiryAllButPassed,
  storedExpired,
} from '../support/access-request-expiry';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { faults, holdStack, type FaultWindow } from '../support/faults';
import type { StackOutputs } from '../support/outputs';
import type { GetApplicationResponse } from '../../shared/schemas/applications';
import type { ApplicationDocumentDto, CreateDocumentResponse } from '../../shared/schemas/documents';
import { PaymentDto, PaymentSessionResponse } from '../../shared/schemas/payments';
import type { AccessRequest, AccessRequestsResponse } from '../../shared/schemas/access-requests';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, process.env.STACK_DIR ?? '.local-test', 'faults-test');
const held = await holdStack({
  dataDir,
  portBase: (Number(process.env.PORT_BASE) || 4100) + 440,
  reset: true,
  webMode: 'none',
  quiet: true,
  handleSignals: false,
});
afterAll(async () => {
  await held.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
// The outputs stay the same across a restart (same data directory and ports).
const o = held.current.outputs as unknown as StackOutputs;
// The stack has pointed the handlers' environment (table, endpoints, bucket) at itself.
const { nextApplicationId, getApplication, updateApplication } =
  await import('../../functions/applications/repository/applications');
const { entities } = await import('../../functions/platform/data/service');
const { runJob } = await import('../../functions/payments/scheduled');
const { CATCH_UP_AFTER_MS } = await import('../../functions/payments/service/payments');
const { recurringJobs } = await import('../../functions/platform/recurring-jobs');
const { webhookRules } = await import('../../functions/council/service/webhooks');
const { tableWebhookPorts } = await import('../../functions/council/service/webhook-ports');

type User = { token: string; userId: string };
let applicant: User;
let agent: User;
const windows: FaultWindow[] = [];

beforeAll(async () => {
  const [a, b] = o.DemoUsers;
  const ta = await signIn(a!.email, a!.password, o);
  const tb = await signIn(b!.email, b!.password, o);
  applicant = { token: ta.IdToken, userId: subOf(ta.IdToken) };
  agent = { token: tb.IdToken, userId: subOf(tb.IdToken) };
}, 60_000);

const as = (u: User) => ({ token: u.token, outputs: o });
const call = (method: string, p: string, body?: unknown, who: User = applicant) =>
  api(method, p, body, as(who));
const base = (id: string) => `/user/applications/${encodeURIComponent(id)}`;

/** Calls `GET /user/applications` `n` times in a row: every status seen. */
async function statuses(n: number, who: User = applicant): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < n; i++) seen.push((await call('GET', '/user/applications', undefined, who)).status);
  return seen;
}

async function pdf(label: string, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([595, 842]).drawText(`${label} ${i}`, { x: 50, y: 400, font });
  return doc.save();
}

describe('faults during real work, each recovered from', { timeout: 180_000 }, () => {
  test('DynamoDB Local down for 10 s: calls meanwhile fail, every call after answers, and events written around it are delivered', async () => {
    const before = await submittedApplication(
      applicant.token,
      'wcc',
      { address1: '1 Before Terrace', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    const fault = faults.dynamoDown(held, { seconds: 10 });
    const running = fault.run();
    // While it is down: the API answers (an error), never hangs.
    const during = await waitFor('a call to fail while DynamoDB Local is down', async () => {
      const s = (await call('GET', '/user/applications')).status;
      return s >= 500 && s;
    });
    expect(during).toBeGreaterThanOrEqual(500);
    const window = await running;
    windows.push(window);
    expect(window.end.getTime() - window.start.getTime()).toBeGreaterThanOrEqual(10_000);

    // After: every call answers 200, the application written before is there, and a new one goes
    // through the event stream (every consumer handles its events) and reaches the council, as before.
    expect(await statuses(10)).toEqual(Array(10).fill(200));
    // An event whose consumer was running when the table went away may have used its retries up: a
    // dead letter with its cause, which a redrive delivers now (docs/operations.md, dead letters).
    const streams = held.current.streams!;
    await streams.drain();
    const letters = streams.deadLetters();
    for (const l of letters) expect(l.reason).toBeTruthy();
    if (letters.length) {
      window.detail = `dead-lettered meanwhile, redriven: ${letters.map((l) => l.handler ?? 'events').join(', ')}`;
      expect(await streams.redrive()).toMatchObject({ failed: 0 });
    }
    expect(streams.deadLetters()).toEqual([]);
    expect((await call('GET', base(before))).status).toBe(200);
    const after = await submittedApplication(
      applicant.token,
      'wcc',
      { address1: '2 After Terrace', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    // Every event in the table handled by each of its consumers, none given up on.
    await eventsSettled(o, 90_000);
    expect(streams.deadLetters()).toEqual([]);
    const wcc = councilApiClient(councilCredentials('wcc', o));
    for (const id of [before, after]) expect((await wcc.application(id)).id).toBe(id);
  });

  test('the Lambda stand-in killed mid-merge: Lambda retries the job and the container is merged, once', async () => {
    const id = await seedDraftAs(await nextApplicationId(), applicant.userId);
    const seed = async (name: string, label: string, order: number) =>
      seedScannedDocument(o, {
        applicationId: id,
        name,
        bytes: await pdf(label, 2),
        order,
        containerId: 'plans',
        createdBy: applicant.userId,
      });
    await seed('site.pdf', 'Site', 0);
    await seed('elevations.pdf', 'Elevations', 1);
    const ofThis = (payload: unknown) => (payload as { applicationId?: string }).applicationId === id;
    const killed = faults.lambdaKilled(held, { during: 'merge', waitSeconds: 60, match: ofThis }).run();
    const previous = await getApplication(id);
    await updateApplication(id, undefined, { status: 'Submitted' }, applicant.userId, {
      event: 'ApplicationSubmitted',
      previous,
    });
    const window = await killed;
    windows.push(window);
    expect(window.detail).toContain(id);

    const mergeStatus = async () =>
      ((await call('GET', base(id))).body as GetApplicationResponse).requiredDocuments.find(
        (r) => r.documentContainerId === 'plans',
      )?.containerMergeStatus;
    await waitFor('plans to be merged after the kill', async () => (await mergeStatus()) === 'Merged', {
      timeoutMs: 60_000,
    });
    await held.current.lambda.idle();
    const merged = ((await call('GET', `${base(id)}/documents`)).body as ApplicationDocumentDto[]).filter(
      (d) => d.isMergedFile && d.documentContainerId === 'plans',
    );
    expect(merged).toEqual([expect.objectContaining({ fileName: 'plans.pdf', uploadStatus: 'Completed' })]);
    // Retried, not given up on: no dead letter of this job.
    const letters = existsSync(held.current.lambda.deadLetterFile)
      ? readFileSync(held.current.lambda.deadLetterFile, 'utf8')
      : '';
    expect(letters).not.toContain(id);
  });

  /** A Draft of the applicant's with a record of title uploaded into proof of ownership, its function killed `times` times. */
  async function titleUploadKilled(street: string, times: number) {
    const created = await call('POST', '/user/applications', {
      operationName: 'Create',
      authorityId: 'wcc',
      formId: 'bc',
      address: { address1: street, city: 'Wellington', zipCode: '6011', country: 'NZ' },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const title = titleSet.find((t) => t.name === 'record of title, a family trust with a trustee company')!;
    const doc = await PDFDocument.load(await title.pdf());
    doc.setSubject(randomBytes(4000).toString('hex')); // past the 6000-byte upload minimum
    const bytes = Buffer.from(await doc.save());

    const killed = faults
      .lambdaKilled(held, {
        during: 'extraction',
        state: 'ReadTitle',
        times,
        waitSeconds: 60,
        match: (payload) => (payload as { applicationId?: string }).applicationId === id,
      })
      .run();
    const upload = await call('POST', `${base(id)}/documents`, {
      fileName: 'title.pdf',
      mimeType: 'application/pdf',
      size: bytes.byteLength,
      containerId: 'proof-of-ownership',
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const put = await fetch((upload.body as CreateDocumentResponse).presignedUrl, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);
    const window = await killed;
    windows.push(window);
    expect(window.detail).toContain(`killed ${times}: `);
    expect(window.detail).toContain(id);
    // The workflow is not left running, and neither is the document's extraction.
    const settled = await waitFor(
      'the extraction to end',
      async () => {
        const d = (await call('GET', `${base(id)}/documents/title.pdf`)).body as ApplicationDocumentDto;
        return d.extractionStatus && d.extractionStatus !== 'Running' && d;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    const groups = (
      (await call('GET', `${base(id)}/participantsV2`)).body as { groupList?: string }[]
    ).filter((p) => p.groupList);
    return { settled, groups };
  }

  test('the Lambda stand-in killed mid-extraction: the step is retried and the extraction completes, proposing once', async () => {
    const { settled, groups } = await titleUploadKilled('3 Kauri Street', 1);
    expect(settled).toMatchObject({
      uploadStatus: 'Completed',
      extractionStatus: 'Completed',
      hasExtractedData: true,
    });
    expect(groups).toEqual([expect.objectContaining({ groupName: 'Owners Group', modifiedBy: 'AI' })]);
  });

  test('killed past its retries: the workflow ends in its failure, and the document does not stay "Analysing"', async () => {
    // The first run and the ASL's three retries of ReadTitle.
    const { settled, groups } = await titleUploadKilled('4 Kauri Street', 4);
    expect(settled).toMatchObject({ uploadStatus: 'Completed', extractionStatus: 'NothingProposed' });
    expect(settled.hasExtractedData).toBeFalsy();
    expect(groups).toEqual([]);
  });

  test('the card gateway failing and never notifying: the catch-up settles the paid session later, exactly once', async () => {
    const id = await submittedApplication(
      applicant.token,
      'wcc',
      { address1: '4 Gateway Grove', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    const wcc = councilApiClient(councilCredentials('wcc', o));
    await wcc.acceptLodgement(id);
    const paymentId = (await wcc.issueInvoice(id, { description: 'Building consent fee', baseAmount: 200 }))
      .id;
    const payments = `${base(id)}/payments/${paymentId}`;
    const get = async () => PaymentDto.parse((await call('GET', payments)).body);
    const started = await call('POST', `${payments}/sessions`, { paymentMethod: 'Gateway' });
    expect(started.status).toBe(200);
    const session = PaymentSessionResponse.parse(started.body);

    const gateway = held.current.paymentGateway;
    let acted!: () => void;
    const actedMeanwhile = new Promise<void>((resolve) => (acted = resolve));
    // Failing until the payer has paid and come back (a minute at most).
    const fault = faults.gatewayFailing(held, { seconds: 60, until: () => actedMeanwhile });
    const running = fault.run();
    await waitFor('the gateway to fail', async () => {
      const res = await fetch(`${String(o.PaymentGatewayUrl)}/api/v1/sessions/${session.sessionId}`);
      return res.status === 500;
    });
    // The payer pays on the hosted page (the bank side works); no notification comes.
    const paid = await fetch(session.payUrl!, {
      method: 'POST',
      body: new URLSearchParams({ card: '4111111111111111' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // The payer's return meanwhile: the portal cannot ask the gateway; nothing is settled.
    const back = await call('POST', `${payments}/sessions`, {
      paymentMethod: 'Gateway',
      token: session.sessionId,
    });
    acted();
    expect(back.status).not.toBe(200);
    const window = await running;
    windows.push(window);
    expect(gateway.suppressed).toContain(session.sessionId);
    expect(gateway.notifications).not.toContain(session.sessionId);
    expect(await get()).toMatchObject({ status: 'AwaitingPayment', transactions: [] });

    // After: the catch-up (run as its scheduled target, its clock past the 10 minutes) settles it.
    const catchUp = recurringJobs.find((j) => j.name === 'payments-catch-up')!.payload;
    const later = () => new Date(Date.now() + CATCH_UP_AFTER_MS + 60_000);
    expect(await runJob(catchUp, { now: later })).toMatchObject({ outcome: 'Done' });
    const settled = await get();
    expect(settled.status).toBe('Paid');
    expect(settled.transactions).toEqual([
      expect.objectContaining({ paymentMethod: 'Gateway', result: 'Approved' }),
    ]);
    // Again, and the payer's return now: still one transaction.
    await runJob(catchUp, { now: later });
    const returned = await call('POST', `${payments}/sessions`, {
      paymentMethod: 'Gateway',
      token: session.sessionId,
    });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ result: 'Approved' });
    expect((await get()).transactions).toHaveLength(1);
    expect(await statuses(5)).toEqual(Array(5).fill(200));
  });

  test("a council's webhook receiver down: the event's delivery fails, is dead-lettered with its cause, and a redrive delivers it", async () => {
    const authorityId = 'faults-webhooks';
    const receiver = await startWebhookReceiver();
    const rules = webhookRules(tableWebhookPorts());
    const registration = await rules.register({ authorityId, clientId: authorityId }, receiver.url);
    receiver.setSecrets([registration.signingSecret!]);
    try {
      const streams = held.current.streams!;
      const id = await nextApplicationId();
      const letters = () => streams.deadLetters().filter((l) => JSON.stringify(l.record).includes(id));
      // Down until the delivery has failed past its retries (a minute at most).
      const fault = faults.webhookReceiverDown(receiver, {
        seconds: 60,
        until: () =>
          waitFor('the delivery to be dead-lettered', () => letters().length > 0, { timeoutMs: 60_000 }),
      });
      const running = fault.run();
      // A submission of the authority while its receiver is down.
      const now = new Date().toISOString();
      await entities.application
        .create({
          applicationId: id,
          authorityId,
          jurisdictionId: 'nz',
          formId: 'bc',
          status: 'Draft',
          userId: applicant.userId,
          etag: randomUUID(),
          startedDate: now,
          modifiedDate: now,
        })
        .go();
      await updateApplication(id, undefined, { status: 'Submitted' }, applicant.userId, {
        event: 'ApplicationSubmitted',
        previous: await getApplication(id),
      });
      const window = await running;
      windows.push(window);
      // Past its retries while the receiver was down: a dead letter that says why.
      expect(letters()).toHaveLength(1);
      expect(letters()[0]!.reason).toBeTruthy();
      expect(receiver.accepted().filter((e) => 'applicationId' in e && e.applicationId === id)).toEqual([]);

      await streams.redrive();
      expect(letters()).toEqual([]);
      const delivered = receiver.accepted().filter((e) => 'applicationId' in e && e.applicationId === id);
      expect(delivered.map((e) => e.type)).toEqual(['ApplicationSubmitted']);
    } finally {
      await rules.remove({ authorityId, clientId: authorityId });
      await receiver.close();
    }
  });

  test("the scheduler's clock jumped past an access request's expiry: the request is expired, with its history", async () => {
    expect((await call('PATCH', '/user', AGENT_PROFILE, agent)).status).toBe(200);
    const created = await call('POST', '/user/applications', clockApplication('5 Clock Road'));
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const sent = await call('POST', '/user/access-requests-v2', { applicationId: id }, agent);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const request = sent.body as AccessRequest;
    const scheduler = held.current.scheduler;
    const job = await waitFor('the expiry schedule', () =>
      scheduler
        .list()
        .find((s) => (s.payload as { requestGuid?: string }).requestGuid === request.requestGuid),
    );
    expect(job.at).toBe(request.expireTime);
    // The seven days all but pass (the request's own expiry is 3 s away on the functions' clock),
    // and the scheduler's clock jumps past the schedule's time: it fires at once, a little early.
    await expiryAllButPassed(request.requestGuid);
    const window = await faults.schedulerClockJump(held, { past: new Date(job.at) }).run();
    windows.push(window);
    expect(scheduler.list().map((s) => s.name)).not.toContain(job.name);

    const stored = await storedExpired(request.requestGuid, { timeoutMs: 30_000, intervalMs: 250 });
    expect(stored.status).toBe('EXPIRED');
    const mine = (await call('GET', '/user/access-requests-v2', undefined, agent))
      .body as AccessRequestsResponse;
    expect(mine.myAccessRequests.find((r) => r.requestGuid === request.requestGuid)?.status).toBe('EXPIRED');
    const incoming = (await call('GET', '/user/access-requests-v2')).body as AccessRequestsResponse;
    expect(incoming.incomingAccessRequests.map((r) => r.requestGuid)).not.toContain(request.requestGuid);
    await eventsSettled(o);
    expect(JSON.stringify((await call('GET', `${base(id)}/history`)).body)).toContain('AccessRequestExpired');
  });

  test('the whole stack restarted: the data, the sign-in and the work in progress are all there after', async () => {
    const id = await submittedApplication(
      applicant.token,
      'wcc',
      { address1: '6 Restart Road', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    const wcc = councilApiClient(councilCredentials('wcc', o));
    await wcc.acceptLodgement(id);
    const paymentId = (await wcc.issueInvoice(id, { description: 'Building consent fee', baseAmount: 100 }))
      .id;
    const payments = `${base(id)}/payments/${paymentId}`;
    const session = PaymentSessionResponse.parse(
      (await call('POST', `${payments}/sessions`, { paymentMethod: 'Gateway' })).body,
    );
    // Its merges settled (its fixture documents have no bytes: Error), so what is read is at rest.
    await eventsSettled(o);
    await held.current.lambda.idle();
    await eventsSettled(o);
    const list = (await call('GET', '/user/applications')).body;
    const app = (await call('GET', base(id))).body;

    const window = await faults.stackRestart(held).run();
    windows.push(window);

    // The same user, with the token of before: the same list and application.
    expect(await statuses(5)).toEqual(Array(5).fill(200));
    expect((await call('GET', '/user/applications')).body).toEqual(list);
    expect((await call('GET', base(id))).body).toEqual(app);
    // A fresh sign-in works too.
    const [a] = o.DemoUsers;
    expect((await signIn(a!.email, a!.password, o)).IdToken).toBeTruthy();
    // The card session started before the restart is still payable, and settles once.
    const paid = await fetch(session.payUrl!, {
      method: 'POST',
      body: new URLSearchParams({ card: '4111111111111111' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const returned = await call('POST', `${payments}/sessions`, {
      paymentMethod: 'Gateway',
      token: session.sessionId,
    });
    expect(returned.body).toMatchObject({ result: 'Approved' });
    await eventsSettled(o, 90_000);
    expect(PaymentDto.parse((await call('GET', payments)).body)).toMatchObject({ status: 'Paid' });
    expect(PaymentDto.parse((await call('GET', payments)).body).transactions).toHaveLength(1);
    // The council sees it as before.
    expect((await wcc.application(id)).id).toBe(id);
    expect(windows.map((w) => w.name)).toContain('stack-restart');
    // The windows, for the record (docs/reliability.md "Faults").
    console.log(
      windows
        .map(
          (w) =>
            `${w.name}: ${w.end.getTime() - w.start.getTime()} ms${w.detail ? ` (${w.detail.slice(0, 120)})` : ''}`,
        )
        .join('\n'),
    );
  });
});
