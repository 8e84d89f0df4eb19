/**
 * The payments service on the stack's table (docs/payments.md, in progress: the routes come
 * next): an invoice issued on an application lodged by the demo applicant, a card session settled by
 * ten concurrent notifications (one Paid, one transaction, the session out of the pending index), a
 * deposit claimed and confirmed; the application's flag and the applicant's list row follow each
 * change; a replayed idempotency key stores nothing twice. The gateway is a fake here (the local
 * stand-in arrives with the routes).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { SessionOutcome } from '../../functions/platform/adapters/payments/gateway';
import { readOutputs } from '../support/outputs';
import { waitFor } from '../support/wait';
import { signIn } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { pointAtStack, subOf } from '../support/documents';
import { councilApiClient } from '../../infra/council/client';
import { domainEventItems } from '../support/events';

const o = readOutputs();
pointAtStack(o);
const { entities } = await import('../../functions/platform/data/service');
const { tableServices } = await import('../../functions/payments/ports');
const { idempotencyOf } = await import('../../functions/platform/idempotency');
const { pendingSessionsBefore } = await import('../../functions/payments/repository/payments');
const { getApplication } = await import('../../functions/applications/repository/applications');

const outcomes = new Map<string, SessionOutcome>();
let sessions = 0;
const { payments } = tableServices({
  createSession: async () => {
    const sessionId = `it-${randomUUID()}`;
    sessions++;
    return { sessionId, payUrl: `https://gateway.test/pay/${sessionId}` };
  },
  querySession: async (id) => outcomes.get(id) ?? { state: 'pending' },
});
const idem = () =>
  idempotencyOf('payments-it', {
    key: randomUUID(),
    routeKey: 'POST /council/applications/{id}/payments',
    requestHash: 'h',
  });

/** Waits (test/support/wait.ts) until `read` gives a value `ok` accepts. */
const until = <T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string) =>
  waitFor(what, async () => {
    const v = await read();
    return ok(v) ? { v } : undefined;
  }).then((r) => r.v);

describe('the payments service on the table', { timeout: 120_000 }, () => {
  test('issue, pay by card with repeated notifications, claim and confirm a deposit', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: '7 Invoice Road', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    await councilApiClient(councilCredentials('wcc', o)).acceptLodgement(id);
    const app = async () => (await getApplication(id))!;
    const listRow = async () =>
      (await entities.applicationAccess.query.byApplication({ applicationId: id }).go()).data.find(
        (r) => r.userId === subOf(token),
      );
    const council = { authorityId: 'wcc' };

    // ---- Two invoices: the flag goes up (on the application and the list row) ----
    const levy = await payments.issue(council, await app(), idem(), {
      description: 'Building levy',
      baseAmount: 312.6,
    });
    expect(levy).toMatchObject({ status: 'AwaitingPayment', baseAmount: 312.6, surchargeAmount: 5.94 });
    const fee = await payments.issue(council, await app(), idem(), {
      description: 'Lodgement fee',
      baseAmount: 450,
      paymentOptions: ['Deposit'],
    });
    expect((await app()).hasOutstandingPayments).toBe(true);
    await until(listRow, (r) => r?.hasOutstandingPayments === true, 'the list row');

    // ---- A card session, notified ten times at once ----
    const started = await payments.session('u-applicant', await app(), levy.id, undefined);
    expect(started).toMatchObject({ result: 'Pending', payUrl: expect.stringContaining(started.sessionId!) });
    const sessionId = started.sessionId!;
    expect(
      (await pendingSessionsBefore(new Date(Date.now() + 60_000).toISOString(), 100)).map((s) => s.sessionId),
    ).toContain(sessionId);
    outcomes.set(sessionId, {
      state: 'done',
      result: 'Approved',
      transactionId: `tx-${sessionId}`,
      message: 'APPROVED',
      amountCents: 31854,
      currency: 'NZD',
      merchantReference: levy.reference,
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => payments.notified(sessionId)));
    expect(answers.map((a) => a?.result)).toEqual(Array(10).fill('Approved'));
    const paid = await payments.get(id, levy.id);
    expect(paid).toMatchObject({ status: 'Paid', paymentMethod: 'Gateway' });
    expect(paid.transactions).toHaveLength(1);
    expect(paid.transactions[0]).toMatchObject({ result: 'Approved', amount: 318.54, surchargePaid: 5.94 });
    // Settled: out of the catch-up index.
    expect(
      (await pendingSessionsBefore(new Date(Date.now() + 60_000).toISOString(), 100)).map((s) => s.sessionId),
    ).not.toContain(sessionId);
    // The fee still awaits payment: the flag stays up.
    expect((await app()).hasOutstandingPayments).toBe(true);

    // ---- The fee by deposit: claimed (no longer outstanding), then confirmed ----
    await payments.claim('u-applicant', await app(), fee.id, {
      paymentMethod: 'Deposit',
      transactionDate: '2026-11-26',
    });
    expect((await app()).hasOutstandingPayments).toBe(false);
    await until(listRow, (r) => r?.hasOutstandingPayments === false, 'the list row');
    const key = idem();
    const confirmed = await payments.depositDecision(council, await app(), key, fee.id, {
      decision: 'Confirmed',
    });
    expect(confirmed.status).toBe('Paid');
    // The same key again: the idempotency item exists, the transaction is refused, nothing twice.
    await expect(payments.markPaid(council, await app(), key, fee.id, {})).rejects.toThrow();
    expect((await payments.list(id)).map((p) => [p.description, p.status, p.transactions.length])).toEqual([
      ['Building levy', 'Paid', 1],
      ['Lodgement fee', 'Paid', 1],
    ]);

    // ---- Each change wrote its event ----
    const events = (await domainEventItems(o, id)).map((i) => String(i.type));
    for (const type of [
      'PaymentIssued',
      'CardSessionStarted',
      'CardPaymentSettled',
      'DepositClaimed',
      'DepositConfirmed',
    ])
      expect(events).toContain(type);
    expect(events.filter((t) => t === 'CardPaymentSettled')).toHaveLength(1);
    expect(sessions).toBe(1);
  });
});
