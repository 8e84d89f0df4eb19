/**
 * The payments catch-up job (docs/payments.md "The flow in the portal" 4): a card payment
 * the gateway approved but never notified, with the payer's browser closed (the portal is never
 * asked with the token), is settled by the recurring job once the session is 10 minutes old. The job
 * runs here as the scheduled-target Lambda does (functions/payments/scheduled.ts), in this process
 * against the stack's table and the local gateway, with its clock moved on.
 */
import { describe, expect, test, vi } from 'vitest';
import { councilApiClient } from '../../infra/council/client';
import { LOCAL_PAYMENT_GATEWAY } from '../../infra/local/index';
import { PaymentDto, PaymentSessionResponse } from '../../shared/schemas/payments';
import { recurringJobs } from '../../functions/platform/recurring-jobs';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { pointAtStack } from '../support/documents';

const o = readOutputs();
pointAtStack(o);
process.env.PAYMENT_GATEWAY_URL = String(o.PaymentGatewayUrl);
process.env.PAYMENT_GATEWAY_USER = LOCAL_PAYMENT_GATEWAY.username;
process.env.PAYMENT_GATEWAY_KEY = LOCAL_PAYMENT_GATEWAY.apiKey;
const { runJob, handler } = await import('../../functions/payments/scheduled');
const { logger } = await import('../../functions/platform/logger');
const { CATCH_UP_AFTER_MS } = await import('../../functions/payments/service/payments');
const { pendingSessionsBefore } = await import('../../functions/payments/repository/payments');
const wcc = councilApiClient(councilCredentials('wcc', o));
const catchUp = recurringJobs.find((j) => j.name === 'payments-catch-up')!.payload;

describe('the payments catch-up job', { timeout: 120_000 }, () => {
  test('an approved card payment never notified, the browser closed: Paid by the job after 10 minutes, once', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const as = { token, outputs: o };
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: '11 Catch-up Crescent', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    await wcc.acceptLodgement(id);
    const paymentId = (await wcc.issueInvoice(id, { description: 'Building consent fee', baseAmount: 200 }))
      .id;
    const get = async () =>
      PaymentDto.parse(
        (await api('GET', `/user/applications/${id}/payments/${paymentId}`, undefined, as)).body,
      );
    const flag = async () =>
      (
        (await api('GET', `/user/applications/${id}`, undefined, as)).body as {
          application: { hasOutstandingPayments: boolean };
        }
      ).application.hasOutstandingPayments;

    // The payer starts a card payment and pays on the hosted page with the "never notified" card,
    // then closes the browser: nobody comes back with the session token.
    const started = await api(
      'POST',
      `/user/applications/${id}/payments/${paymentId}/sessions`,
      { paymentMethod: 'Gateway' },
      as,
    );
    expect(started.status).toBe(200);
    const session = PaymentSessionResponse.parse(started.body);
    const paid = await fetch(session.payUrl!, {
      method: 'POST',
      body: new URLSearchParams({ card: '4000000000000333' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(await get()).toMatchObject({ status: 'AwaitingPayment', transactions: [] });
    expect(await flag()).toBe(true);

    // The job's query: the Pending index a page at a time, after a session's start and before a time.
    const ids = async (before: string, after?: string) =>
      (await pendingSessionsBefore(before, 1000, after)).map((s) => s.sessionId);
    const soon = new Date(Date.now() + 60_000).toISOString();
    const mine = (await pendingSessionsBefore(soon, 1000)).find((s) => s.sessionId === session.sessionId)!;
    const justBefore = new Date(Date.parse(mine.startedAt) - 1).toISOString();
    expect(await ids(soon, justBefore)).toContain(session.sessionId);
    expect(await ids(soon, mine.startedAt)).not.toContain(session.sessionId);
    expect(await ids(mine.startedAt, justBefore)).not.toContain(session.sessionId);

    const info = vi.spyOn(logger, 'info');
    try {
      // A run now: the session is too recent to be asked about.
      expect(await handler(catchUp)).toMatchObject({ outcome: 'Done' });
      expect(await get()).toMatchObject({ status: 'AwaitingPayment', transactions: [] });

      // A run 10 minutes on: asked, approved, settled.
      const later = () => new Date(Date.now() + CATCH_UP_AFTER_MS + 60_000);
      const run = await runJob(catchUp, { now: later });
      expect(run).toMatchObject({ outcome: 'Done' });
      expect(run.outcome === 'Done' && run.settled).toBeGreaterThanOrEqual(1);
      expect(info).toHaveBeenCalledWith(
        'payments: catch-up',
        expect.objectContaining({ asked: expect.any(Number), settled: expect.any(Number), abandoned: 0 }),
      );
    } finally {
      info.mockRestore();
    }
    const settled = await get();
    expect(settled.status).toBe('Paid');
    expect(settled.transactions).toEqual([
      expect.objectContaining({ paymentMethod: 'Gateway', result: 'Approved', amount: 203.8 }),
    ]);
    expect(await flag()).toBe(false);

    // Run again, and the payer's late return: nothing changes.
    await runJob(catchUp, { now: () => new Date(Date.now() + CATCH_UP_AFTER_MS + 120_000) });
    const back = await api(
      'POST',
      `/user/applications/${id}/payments/${paymentId}/sessions`,
      { paymentMethod: 'Gateway', token: session.sessionId },
      as,
    );
    expect(back.body).toMatchObject({ result: 'Approved' });
    expect((await get()).transactions).toHaveLength(1);
  });

  test('a notification of a session the portal does not know answers 204 and is logged', async () => {
    const res = await fetch(`${o.ApiUrl}/public/payments/notifications?sessionId=made-up`, {
      method: 'POST',
    });
    expect(res.status).toBe(204);
    // The same route in this process, to see its log line.
    const { routes } = await import('../../functions/payments/handler');
    const notify = routes['POST /public/payments/notifications'] as unknown as (input: {
      query: { sessionId: string };
    }) => Promise<{ statusCode: number }>;
    const warn = vi.spyOn(logger, 'warn');
    try {
      expect(await notify({ query: { sessionId: 'made-up' } })).toMatchObject({ statusCode: 204 });
      expect(warn).toHaveBeenCalledWith('payments: a notification of an unknown session', {
        sessionId: 'made-up',
      });
    } finally {
      warn.mockRestore();
    }
  });

  test('a payload that is not a payments job is dropped', async () => {
    expect(await handler({ target: 'payments/scheduled', job: 'reminder' })).toEqual({ outcome: 'Invalid' });
  });
});
