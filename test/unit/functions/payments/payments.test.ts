import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ABANDON_AFTER_MS,
  CARD_SESSION_LIFETIME_MS,
  CATCH_UP_AFTER_MS,
  paymentsService,
  type PaymentChange,
  type PaymentPorts,
} from '../../../../functions/payments/service/payments.js';
import type { PaymentRecord, PaymentSessionRecord } from '../../../../functions/payments/service/dto.js';
import {
  GatewayUnavailable,
  type CreateSession,
  type SessionOutcome,
} from '../../../../functions/platform/adapters/payments/gateway.js';
import type { ApplicationRecord } from '../../../../functions/platform/access.js';
import {
  Conflict,
  Invalid,
  NotFound,
  Rejected,
  ServiceUnavailable,
} from '../../../../functions/platform/errors.js';
import { mapError } from '../../../../functions/platform/http/errors.js';
import type { Idempotency } from '../../../../functions/platform/idempotency.js';
import { paymentMessages } from '../../../../shared/domain/payments.js';
import type { AuthorityPaymentOptions } from '../../../../shared/schemas/payments.js';
import { captureMetrics, expectOnlyCatalogueValues } from '../metrics-capture.js';

/**
 * The payments service on an in-memory world (functions/payments/service/payments.ts): every status
 * transition, the surcharge, claim rules, and settling a card session only from the gateway's answer,
 * once — the same notification ten times gives one Paid and one transaction.
 */
interface World {
  application: ApplicationRecord;
  payments: PaymentRecord[];
  sessions: PaymentSessionRecord[];
  changes: PaymentChange[];
  clock: Date;
  /** What the gateway says of each session. */
  outcomes: Map<string, SessionOutcome>;
  /** The sessions created at the gateway, as asked. */
  created: Map<string, CreateSession>;
  warnings: { message: string; details: Record<string, unknown> }[];
  queries: number;
  /** The next writes lost to a concurrent change. */
  races: number;
  authority: { paymentsEnabled: boolean; options?: AuthorityPaymentOptions };
}
let w: World;
let ids = 0;
const idem = { key: 'k', requestHash: 'h', item: () => ({}) as never } as unknown as Idempotency;
const council = { authorityId: 'wcc' };
const OPTIONS: AuthorityPaymentOptions = {
  gateway: { displayName: 'Credit or debit card', surcharge: { percent: 1.9 } },
  deposit: {
    displayName: 'Direct deposit',
    bankName: 'ANZ',
    accountName: 'Wellington City Council',
    accountNumber: '01-0505-0123456-00',
    paymentInstruction: 'Use the invoice reference',
  },
  council: { displayName: 'Pay at the council', link: 'https://wellington.govt.nz/pay' },
};

const ports: PaymentPorts = {
  now: () => w.clock,
  newId: () => `id${++ids}`,
  payments: async () => w.payments.map((p) => ({ ...p })),
  application: async () => ({ ...w.application }),
  session: async (id) => w.sessions.find((s) => s.sessionId === id),
  pendingSessions: async (before, limit, after) =>
    w.sessions
      .filter(
        (s) => s.state === 'Pending' && s.startedAt < before && (after === undefined || s.startedAt > after),
      )
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
      .slice(0, limit),
  authority: () => w.authority,
  documentNames: async () => new Set(['proof.pdf', 'invoice.pdf']),
  gateway: {
    createSession: async (input) => {
      const sessionId = `sess${++ids}`;
      w.created.set(sessionId, input);
      return { sessionId, payUrl: `https://pay.test/${input.merchantReference}/${sessionId}` };
    },
    querySession: async (id) => {
      w.queries++;
      const outcome = w.outcomes.get(id) ?? { state: 'pending' };
      // As a gateway answers: the currency and reference the session was created with, unless a
      // test says otherwise (a mismatch).
      const created = w.created.get(id);
      return outcome.state === 'done' && created
        ? { currency: created.currency, merchantReference: created.merchantReference, ...outcome }
        : outcome;
    },
  },
  warn: (message, details) => void w.warnings.push({ message, details }),
  returnUrl: async (a, p) => `https://portal.test/application-details/${a}/payment-details/${p}`,
  notificationUrl: async () => 'https://api.portal.test/public/payments/notifications',
  async write(change) {
    if (w.races > 0) {
      w.races--;
      return false;
    }
    // Conditions as the repository's: the invoice's status, the session still Pending.
    if (change.update) {
      const cur = w.payments.find((p) => p.paymentId === change.update!.before.paymentId)!;
      if (cur.status !== change.update.before.status) return false;
      // And the invoice's card session pointer as read (one open card session per invoice).
      if (cur.cardSessionId !== change.update.before.cardSessionId) return false;
    }
    if (change.session && 'settle' in change.session) {
      const cur = w.sessions.find(
        (s) =>
          s.sessionId ===
          (change.session as { settle: { before: PaymentSessionRecord } }).settle.before.sessionId,
      )!;
      if (cur.state !== 'Pending') return false;
    }
    w.changes.push(change);
    if (change.create) w.payments.push(change.create);
    if (change.update) {
      const i = w.payments.findIndex((p) => p.paymentId === change.update!.before.paymentId);
      w.payments[i] = { ...w.payments[i]!, ...change.update.set };
    }
    if (change.session && 'create' in change.session) w.sessions.push(change.session.create);
    if (change.session && 'settle' in change.session) {
      const { before, set } = change.session.settle;
      const i = w.sessions.findIndex((s) => s.sessionId === before.sessionId);
      w.sessions[i] = { ...w.sessions[i]!, ...set };
    }
    w.application = { ...w.application, hasOutstandingPayments: change.hasOutstandingPayments };
    return true;
  },
};
const payments = paymentsService(ports);
const issue = (baseAmount = 312.6, more: object = {}) =>
  payments.issue(council, w.application, idem, { description: 'Building levy', baseAmount, ...more });

beforeEach(() => {
  ids = 0;
  w = {
    application: {
      applicationId: '100',
      authorityId: 'wcc',
      applicationNumber: 'BLD-100',
      status: 'InProgress',
      etag: 'e1',
    } as unknown as ApplicationRecord,
    payments: [],
    sessions: [],
    changes: [],
    clock: new Date('2026-11-27T01:00:00.000Z'),
    outcomes: new Map(),
    created: new Map(),
    warnings: [],
    queries: 0,
    races: 0,
    authority: { paymentsEnabled: true, options: OPTIONS },
  };
});

describe('the council issues an invoice', () => {
  it('with the authority options, the surcharge computed by the server, the flag set', async () => {
    const invoice = await issue(312.6, { dueDate: '2026-12-20' });
    expect(invoice).toMatchObject({
      status: 'AwaitingPayment',
      baseAmount: 312.6,
      // 1.9 % of $312.60 = 593.94 cents → 594.
      surchargeAmount: 5.94,
      currency: 'NZD',
      reference: 'BLD-100-1',
      dueDate: '2026-12-20',
    });
    expect(invoice.paymentOptions.map((o) => o.type)).toEqual(['Gateway', 'Deposit', 'Council']);
    expect(invoice.paymentOptions[0]).toMatchObject({ surchargeFlag: true });
    expect(w.application.hasOutstandingPayments).toBe(true);
    expect(w.changes[0]).toMatchObject({
      action: 'PaymentIssued',
      actor: 'council:wcc',
      idempotency: { statusCode: 201 },
    });
  });
  it('a subset of the options; no surcharge without the card; refused where payments are off', async () => {
    const deposit = await issue(100, { paymentOptions: ['Deposit'] });
    expect(deposit.paymentOptions.map((o) => o.type)).toEqual(['Deposit']);
    expect(deposit.surchargeAmount).toBe(0);
    w.authority = { paymentsEnabled: false, options: OPTIONS };
    await expect(issue()).rejects.toBeInstanceOf(Rejected);
    w.authority = { paymentsEnabled: true, options: { deposit: OPTIONS.deposit } };
    await expect(issue(10, { paymentOptions: ['Gateway'] })).rejects.toBeInstanceOf(Invalid);
  });
});

describe('a deposit claim', () => {
  it('AwaitingPayment → DepositPending with its transaction; the council confirms → Paid', async () => {
    const { id } = await issue();
    const claimed = await payments.claim('u1', w.application, id, {
      paymentMethod: 'Deposit',
      transactionDate: '2026-11-26',
      proofDocumentName: 'proof.pdf',
    });
    expect(claimed).toMatchObject({ status: 'DepositPending', paymentMethod: 'Deposit' });
    expect(claimed.transactions).toMatchObject([
      { paymentMethod: 'Deposit', amount: 312.6, proofDocumentName: 'proof.pdf' },
    ]);
    // A pending claim is not outstanding: the applicant has acted.
    expect(w.application.hasOutstandingPayments).toBe(false);
    // No card payment while the claim is pending; no second claim.
    await expect(payments.session('u1', w.application, id, undefined)).rejects.toThrow(
      paymentMessages.claimPending,
    );
    await expect(
      payments.claim('u1', w.application, id, { paymentMethod: 'Deposit', transactionDate: '2026-11-26' }),
    ).rejects.toThrow(paymentMessages.claimPending);
    const paid = await payments.depositDecision(council, w.application, idem, id, {
      decision: 'Confirmed',
      date: '2026-11-27',
    });
    expect(paid).toMatchObject({ status: 'Paid', paymentDate: '2026-11-27' });
    await expect(
      payments.depositDecision(council, w.application, idem, id, { decision: 'Confirmed' }),
    ).rejects.toThrow(paymentMessages.alreadyPaid);
  });
  it('the council rejects a claim: awaiting payment again, the claim marked Declined with the reason', async () => {
    const { id } = await issue();
    await payments.claim('u1', w.application, id, {
      paymentMethod: 'Deposit',
      transactionDate: '2026-11-26',
    });
    const back = await payments.depositDecision(council, w.application, idem, id, {
      decision: 'Rejected',
      reason: 'No deposit with this reference arrived',
    });
    expect(back.status).toBe('AwaitingPayment');
    expect(back.transactions.at(-1)).toMatchObject({
      result: 'Declined',
      message: 'No deposit with this reference arrived',
    });
    expect(w.application.hasOutstandingPayments).toBe(true);
  });
  it('refused: a date in the future (NZ today), a proof that is not a document, an option not offered, a paid invoice', async () => {
    const { id } = await issue();
    // 01:00 UTC on 27 November is 14:00 on 27 November in New Zealand: the 28th is the future.
    const future = await payments
      .claim('u1', w.application, id, { paymentMethod: 'Deposit', transactionDate: '2026-11-28' })
      .catch((e: unknown) => e);
    expect((future as Invalid).details).toEqual([
      { field: 'body.transactionDate', reason: paymentMessages.transactionDateFuture },
    ]);
    const proof = await payments
      .claim('u1', w.application, id, {
        paymentMethod: 'Deposit',
        transactionDate: '2026-11-27',
        proofDocumentName: 'x.pdf',
      })
      .catch((e: unknown) => e);
    expect((proof as Invalid).details?.[0]?.field).toBe('body.proofDocumentName');
    const cardOnly = await issue(50, { paymentOptions: ['Gateway'] });
    await expect(
      payments.claim('u1', w.application, cardOnly.id, {
        paymentMethod: 'Deposit',
        transactionDate: '2026-11-27',
      }),
    ).rejects.toThrow(paymentMessages.optionNotOffered('Deposit'));
    await payments.markPaid(council, w.application, idem, id, { reference: 'RCPT-9' });
    await expect(
      payments.claim('u1', w.application, id, { paymentMethod: 'Deposit', transactionDate: '2026-11-27' }),
    ).rejects.toThrow(paymentMessages.alreadyPaid);
    await expect(payments.get('100', 'nope')).rejects.toBeInstanceOf(NotFound);
  });
});

describe('a card payment, confirmed only by the gateway', () => {
  it('a session for the amount with the surcharge; the same notification ten times → one Paid, one transaction', async () => {
    const { id } = await issue();
    const started = await payments.session('u1', w.application, id, undefined);
    const sessionId = started.sessionId!;
    expect(started).toMatchObject({ result: 'Pending', payUrl: `https://pay.test/BLD-100-1/${sessionId}` });
    expect(w.sessions[0]).toMatchObject({ amountCents: 31854, surchargeCents: 594, state: 'Pending' });
    // Before the gateway has an answer, a notification changes nothing.
    expect(await payments.notified(sessionId)).toMatchObject({ result: 'Pending' });
    w.outcomes.set(sessionId, {
      state: 'done',
      result: 'Approved',
      transactionId: 'tx1',
      message: 'APPROVED',
      amountCents: 31854,
    });
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await payments.notified(sessionId));
    expect(answers.every((a) => a?.result === 'Approved')).toBe(true);
    const paid = await payments.get('100', id);
    expect(paid).toMatchObject({ status: 'Paid', paymentMethod: 'Gateway' });
    expect(paid.transactions).toEqual([
      expect.objectContaining({
        transactionId: 'tx1',
        result: 'Approved',
        amount: 318.54,
        surchargePaid: 5.94,
      }),
    ]);
    expect(w.changes.filter((c) => c.action === 'CardPaymentSettled')).toHaveLength(1);
    // Settled sessions are answered from the record: the gateway is not asked again.
    expect(w.queries).toBe(2);
    expect(w.application.hasOutstandingPayments).toBe(false);
    // The payer's return with the token: the same answer.
    expect(await payments.session('u1', w.application, id, sessionId)).toMatchObject({ result: 'Approved' });
  });
  it('declined or in error: a transaction with the result, the invoice still awaiting payment', async () => {
    const { id } = await issue();
    for (const result of ['Declined', 'Error'] as const) {
      const { sessionId } = await payments.session('u1', w.application, id, undefined);
      w.outcomes.set(sessionId!, {
        state: 'done',
        result,
        transactionId: `tx-${result}`,
        message: result.toUpperCase(),
        amountCents: 31854,
      });
      expect(await payments.session('u1', w.application, id, sessionId)).toEqual({
        result,
        message: result.toUpperCase(),
        sessionId,
      });
    }
    const invoice = await payments.get('100', id);
    expect(invoice.status).toBe('AwaitingPayment');
    expect(invoice.transactions.map((t) => t.result)).toEqual(['Declined', 'Error']);
  });
  it("another invoice's session, or a made-up token, is 404", async () => {
    const a = await issue();
    const b = await issue(20);
    const { sessionId } = await payments.session('u1', w.application, a.id, undefined);
    await expect(payments.session('u1', w.application, b.id, sessionId)).rejects.toBeInstanceOf(NotFound);
    await expect(payments.session('u1', w.application, a.id, 'made-up')).rejects.toBeInstanceOf(NotFound);
  });
  it('a settle that loses a race reads again and changes nothing twice', async () => {
    const { id } = await issue();
    const { sessionId } = await payments.session('u1', w.application, id, undefined);
    w.outcomes.set(sessionId!, {
      state: 'done',
      result: 'Approved',
      transactionId: 'tx1',
      message: 'APPROVED',
      amountCents: 31854,
    });
    w.races = 1;
    expect(await payments.notified(sessionId!)).toMatchObject({ result: 'Approved' });
    expect((await payments.get('100', id)).transactions).toHaveLength(1);
  });
  it('the catch-up job settles a session whose notification never came, and gives up after a day', async () => {
    const { id } = await issue();
    const other = await issue(20);
    const first = (await payments.session('u1', w.application, id, undefined)).sessionId!;
    const second = (await payments.session('u1', w.application, other.id, undefined)).sessionId!;
    // Too recent: not asked.
    expect(await payments.catchUp()).toEqual({ asked: 0, settled: 0, abandoned: 0, failed: 0 });
    w.clock = new Date(w.clock.getTime() + CATCH_UP_AFTER_MS + 1000);
    w.outcomes.set(first, {
      state: 'done',
      result: 'Approved',
      transactionId: 'tx1',
      message: 'APPROVED',
      amountCents: 31854,
    });
    expect(await payments.catchUp()).toEqual({ asked: 2, settled: 1, abandoned: 0, failed: 0 });
    expect((await payments.get('100', id)).status).toBe('Paid');
    w.clock = new Date(w.clock.getTime() + ABANDON_AFTER_MS);
    expect(await payments.catchUp()).toEqual({ asked: 1, settled: 0, abandoned: 1, failed: 0 });
    expect(w.sessions.find((s) => s.sessionId === second)).toMatchObject({ state: 'Abandoned' });
  });
  it('the catch-up pages through the stale sessions (ones the gateway keeps calling pending hide no newer one) and counts what it could not ask', async () => {
    const invoices: string[] = [];
    const started: string[] = [];
    for (let i = 0; i < 3; i++) {
      invoices.push((await issue()).id);
      started.push((await payments.session('u1', w.application, invoices[i]!, undefined)).sessionId!);
      w.clock = new Date(w.clock.getTime() + 1000);
    }
    const id = invoices[2]!;
    w.clock = new Date(w.clock.getTime() + CATCH_UP_AFTER_MS);
    w.outcomes.set(started[2]!, {
      state: 'done',
      result: 'Approved',
      transactionId: 'tx3',
      message: 'APPROVED',
      amountCents: 31854,
    });
    // One session a page, at most two pages: the newest is not reached this run.
    expect(await payments.catchUp(1, 2)).toEqual({ asked: 2, settled: 0, abandoned: 0, failed: 0 });
    const down = vi.spyOn(ports.gateway, 'querySession').mockRejectedValueOnce(new Error('gateway down'));
    expect(await payments.catchUp(1)).toEqual({ asked: 3, settled: 1, abandoned: 0, failed: 1 });
    down.mockRestore();
    expect((await payments.get('100', id)).status).toBe('Paid');
  });
  it('no session on a paid invoice; an approval after a payment at the council is recorded, not paid twice', async () => {
    const { id } = await issue();
    const { sessionId } = await payments.session('u1', w.application, id, undefined);
    await payments.markPaid(council, w.application, idem, id, {});
    await expect(payments.session('u1', w.application, id, undefined)).rejects.toBeInstanceOf(Conflict);
    w.outcomes.set(sessionId!, {
      state: 'done',
      result: 'Approved',
      transactionId: 'tx1',
      message: 'APPROVED',
      amountCents: 31854,
    });
    await payments.notified(sessionId!);
    const invoice = await payments.get('100', id);
    expect(invoice).toMatchObject({ status: 'Paid', paymentMethod: 'Council' });
    expect(invoice.transactions.map((t) => [t.paymentMethod, t.result])).toEqual([
      ['Council', 'Approved'],
      ['Gateway', 'Approved'],
    ]);
  });
});

describe('one open card session per invoice: a payer is never charged twice (docs/payments.md)', () => {
  const approved = (amountCents = 31854) =>
    ({
      state: 'done',
      result: 'Approved',
      transactionId: `tx${++ids}`,
      message: 'APPROVED',
      amountCents,
    }) as const;

  it('two sessions for one invoice cannot both be paid: the second start hands back the open one, or is refused', async () => {
    const { id } = await issue();
    const first = await payments.session('u1', w.application, id, undefined);
    // The same person again (a second tab, the back button): the same session and hosted page.
    const again = await payments.session('u1', w.application, id, undefined);
    expect(again).toEqual(first);
    expect(w.created.size).toBe(1);
    // Anyone else (another participant, the invited payer) while it is open: refused.
    await expect(payments.session('payer:r1', w.application, id, undefined)).rejects.toThrow(
      paymentMessages.cardSessionOpen,
    );
    // The first is paid and its notification never comes: a new start asks the gateway, settles it,
    // and the invoice is paid, so no second session exists to pay.
    w.outcomes.set(first.sessionId!, approved());
    await expect(payments.session('u1', w.application, id, undefined)).rejects.toThrow(
      paymentMessages.alreadyPaid,
    );
    const invoice = await payments.get('100', id);
    expect(invoice.status).toBe('Paid');
    expect(invoice.transactions.filter((t) => t.result === 'Approved')).toHaveLength(1);
    expect(w.created.size).toBe(1);
  });

  it('a session the payer left (cancelled, expired) or that was declined ends, and a new one starts', async () => {
    const { id } = await issue();
    const first = (await payments.session('u1', w.application, id, undefined)).sessionId!;
    w.outcomes.set(first, { state: 'abandoned', message: 'cancelled' });
    const second = (await payments.session('payer:r1', w.application, id, undefined)).sessionId!;
    expect(second).not.toBe(first);
    expect(w.sessions.find((s) => s.sessionId === first)).toMatchObject({ state: 'Abandoned' });
    w.outcomes.set(second, { ...approved(), result: 'Declined', message: 'DECLINED' });
    const third = (await payments.session('u1', w.application, id, undefined)).sessionId!;
    expect(new Set([first, second, third]).size).toBe(3);
    // Each session is made with an expiry, so one left open stops blocking the invoice.
    const made = w.created.get(third)!;
    expect(made.expiresAt.getTime() - w.clock.getTime()).toBe(CARD_SESSION_LIFETIME_MS);
  });

  it('one still open past its expiry (the gateway says pending) is not handed back; the invoice stays blocked', async () => {
    const { id } = await issue();
    await payments.session('u1', w.application, id, undefined);
    w.clock = new Date(w.clock.getTime() + CARD_SESSION_LIFETIME_MS + 1000);
    await expect(payments.session('u1', w.application, id, undefined)).rejects.toThrow(
      paymentMessages.cardSessionOpen,
    );
  });

  it('a start that loses only to the application moving (the council stepping it) is written again on the application as it is now', async () => {
    const { id } = await issue();
    const asRead = w.application;
    // The council moves the application after the payer's request read it: its etag changed, so the
    // transaction is cancelled once; the invoice is as read.
    w.application = { ...w.application, etag: 'e2' };
    w.races = 1;
    const started = await payments.session('payer:r1', asRead, id, undefined);
    expect(started).toMatchObject({ result: 'Pending', payUrl: expect.any(String) });
    expect(w.created.size).toBe(1);
    expect(w.sessions).toHaveLength(1);
    expect(w.changes.at(-1)).toMatchObject({ action: 'CardSessionStarted', application: { etag: 'e2' } });
    // A deposit claim the same way.
    const other = await issue(100);
    w.application = { ...w.application, etag: 'e3' };
    w.races = 1;
    await payments.claim('u1', asRead, other.id, { paymentMethod: 'Deposit', transactionDate: '2026-11-26' });
    expect(w.payments.find((p) => p.paymentId === other.id)?.status).toBe('DepositPending');
  });

  it('a start that loses to a change of the invoice itself is still refused', async () => {
    const { id } = await issue();
    w.races = 1;
    // Meanwhile another start recorded its session on the invoice.
    const invoice = w.payments.find((p) => p.paymentId === id)!;
    const racing = ports.write;
    ports.write = async (change) => {
      ports.write = racing;
      invoice.cardSessionId = 'sess-other';
      return racing(change);
    };
    await expect(payments.session('payer:r1', w.application, id, undefined)).rejects.toThrow(
      'The payment changed meanwhile; read it again',
    );
  });

  it('two starts at once: one session is recorded, the other start loses (the invoice names one session)', async () => {
    const { id } = await issue();
    const both = await Promise.allSettled([
      payments.session('u1', w.application, id, undefined),
      payments.session('payer:r1', w.application, id, undefined),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: expect.any(Conflict) });
    expect(w.sessions).toHaveLength(1);
  });
});

describe('a session settles only when it matches its invoice (ASVS 11.1; docs/payments.md)', () => {
  const cases = [
    { field: 'amount', over: { amountCents: 100 } },
    { field: 'currency', over: { currency: 'AUD' } },
    { field: 'merchantReference', over: { merchantReference: 'BLD-999-1' } },
  ] as const;
  for (const { field, over } of cases) {
    it(`another ${field}: not settled, logged without personal data, the invoice still awaiting payment`, async () => {
      const { id } = await issue();
      const { sessionId } = await payments.session('u1', w.application, id, undefined);
      w.outcomes.set(sessionId!, {
        state: 'done',
        result: 'Approved',
        transactionId: 'tx1',
        message: 'APPROVED',
        amountCents: 31854,
        ...over,
      });
      // The notification, the return and the catch-up job all end in the same refusal.
      expect(await payments.notified(sessionId!)).toEqual({
        result: 'Error',
        message: paymentMessages.sessionMismatch,
        sessionId,
      });
      expect(await payments.session('u1', w.application, id, sessionId)).toMatchObject({ result: 'Error' });
      w.clock = new Date(w.clock.getTime() + CATCH_UP_AFTER_MS + 1000);
      expect(await payments.catchUp()).toMatchObject({ asked: 0 });
      const invoice = await payments.get('100', id);
      expect(invoice).toMatchObject({ status: 'AwaitingPayment', transactions: [] });
      expect(w.application.hasOutstandingPayments).toBe(true);
      expect(w.sessions[0]).toMatchObject({ state: 'Mismatch' });
      expect(w.warnings).toEqual([
        {
          message: 'payments: a card session does not match its invoice; not settled',
          details: { sessionId, applicationId: '100', paymentId: id, fields: [field] },
        },
      ]);
      // The invoice takes a new session (the mismatching one is closed).
      expect(await payments.session('u1', w.application, id, undefined)).toMatchObject({ result: 'Pending' });
    });
  }
  it('the catch-up job refuses a mismatching session as the notification does', async () => {
    const { id } = await issue();
    const { sessionId } = await payments.session('u1', w.application, id, undefined);
    w.outcomes.set(sessionId!, {
      state: 'done',
      result: 'Approved',
      transactionId: 'tx1',
      message: 'APPROVED',
      amountCents: 1,
    });
    w.clock = new Date(w.clock.getTime() + CATCH_UP_AFTER_MS + 1000);
    expect(await payments.catchUp()).toEqual({ asked: 1, settled: 1, abandoned: 0, failed: 0 });
    expect((await payments.get('100', id)).status).toBe('AwaitingPayment');
    expect(w.sessions[0]).toMatchObject({ state: 'Mismatch' });
  });
});

describe('metrics (docs/payments.md)', () => {
  const metrics = captureMetrics();
  const approve = (sessionId: string, result: 'Approved' | 'Declined' = 'Approved') =>
    w.outcomes.set(sessionId, {
      state: 'done',
      result,
      transactionId: `tx-${sessionId}`,
      message: result.toUpperCase(),
      amountCents: w.created.get(sessionId)!.amountCents,
    });
  const card = (outcome: string, path: string) => ({
    name: 'CardSettlements',
    unit: 'Count',
    dimensions: { outcome, path },
  });
  const settled = (method: string) => ({ name: 'InvoicesSettled', unit: 'Count', dimensions: { method } });

  it('the council’s invoice, deposit decision and payment at the council: CouncilWrites, InvoicesIssued, InvoicesSettled', async () => {
    const a = await issue();
    const b = await issue(20);
    const c = await issue(30);
    for (const id of [a.id, b.id])
      await payments.claim('u1', w.application, id, {
        paymentMethod: 'Deposit',
        transactionDate: '2026-11-26',
      });
    await payments.depositDecision(council, w.application, idem, a.id, { decision: 'Confirmed' });
    await payments.depositDecision(council, w.application, idem, b.id, { decision: 'Rejected', reason: 'x' });
    await payments.markPaid(council, w.application, idem, c.id, { reference: 'R-1' });
    // A second decision is refused: nothing counted.
    await expect(
      payments.depositDecision(council, w.application, idem, a.id, { decision: 'Confirmed' }),
    ).rejects.toThrow();
    const write = (action: string) => ({ name: 'CouncilWrites', unit: 'Count', dimensions: { action } });
    const issued = { name: 'InvoicesIssued', unit: 'Count', dimensions: {} };
    expect(metrics.emitted()).toEqual([
      write('invoice'),
      issued,
      write('invoice'),
      issued,
      write('invoice'),
      issued,
      write('deposit-decision'),
      settled('Deposit'),
      write('deposit-decision'),
      write('paid-at-council'),
      settled('Council'),
    ]);
    expectOnlyCatalogueValues(metrics, ['100', 'BLD-100', 'wcc', 'u1', a.id, 'R-1']);
  });

  it('card settlements by outcome and path, each once: notification ten times, the payer’s return, a new session’s start, the catch-up', async () => {
    const a = await issue();
    const s1 = (await payments.session('u1', w.application, a.id, undefined)).sessionId!;
    approve(s1);
    for (let i = 0; i < 10; i++) await payments.notified(s1);
    await payments.session('u1', w.application, a.id, s1); // the return after: already settled
    const b = await issue(20);
    const s2 = (await payments.session('u1', w.application, b.id, undefined)).sessionId!;
    approve(s2, 'Declined');
    await payments.session('u1', w.application, b.id, s2); // the payer's return settles it
    const s3 = (await payments.session('u1', w.application, b.id, undefined)).sessionId!;
    approve(s3, 'Declined');
    await payments.session('u1', w.application, b.id, undefined); // a new start asks about s3 first
    expect(
      metrics.emitted().filter((m) => m.name !== 'CouncilWrites' && m.name !== 'InvoicesIssued'),
    ).toEqual([
      card('Approved', 'notification'),
      settled('Gateway'),
      card('Declined', 'return'),
      card('Declined', 'start'),
    ]);
    expectOnlyCatalogueValues(metrics, [s1, s2, s3, 'u1', '100', 'BLD-100']);
  });

  it('the catch-up: a settlement on the catch-up path, a session it could not ask about, one given up', async () => {
    const a = await issue();
    const b = await issue(20);
    const c = await issue(30);
    const [s1, s2, s3] = [
      (await payments.session('u1', w.application, a.id, undefined)).sessionId!,
      (await payments.session('u1', w.application, b.id, undefined)).sessionId!,
      (await payments.session('u1', w.application, c.id, undefined)).sessionId!,
    ];
    w.clock = new Date(w.clock.getTime() + CATCH_UP_AFTER_MS + 1000);
    approve(s1);
    metrics.seen.length = 0;
    const query = ports.gateway.querySession.bind(ports.gateway);
    const down = vi
      .spyOn(ports.gateway, 'querySession')
      .mockImplementation(async (id) => (id === s3 ? Promise.reject(new Error('gateway down')) : query(id)));
    expect(await payments.catchUp()).toMatchObject({ settled: 1, failed: 1 });
    down.mockRestore();
    w.clock = new Date(w.clock.getTime() + ABANDON_AFTER_MS);
    expect(await payments.catchUp()).toMatchObject({ abandoned: 2 });
    expect(metrics.emitted()).toEqual([
      card('Approved', 'catch-up'),
      settled('Gateway'),
      { name: 'PaymentCatchUpFailures', unit: 'Count', dimensions: {} },
      card('Abandoned', 'catch-up'),
      { name: 'CardSessionsPastGiveUp', unit: 'Count', dimensions: {} },
      card('Abandoned', 'catch-up'),
      { name: 'CardSessionsPastGiveUp', unit: 'Count', dimensions: {} },
    ]);
    expectOnlyCatalogueValues(metrics, [s1, s2, s3]);
  });
});

describe('the gateway or the table unreachable: a retry, not a bare 500', () => {
  const unreachable = () => new GatewayUnavailable('gateway: HTTP 500');

  it('a notification that cannot settle now is a 503, so the gateway sends it again; then it settles once', async () => {
    const { id } = await issue();
    const { sessionId } = await payments.session('u1', w.application, id, undefined);
    w.outcomes.set(sessionId!, {
      state: 'done',
      result: 'Approved',
      transactionId: 'tx1',
      message: 'APPROVED',
      amountCents: 31854,
    });
    // The gateway answering 500, then the table unreachable: each a 503 (the route's answer).
    const query = vi.spyOn(ports.gateway, 'querySession').mockRejectedValueOnce(unreachable());
    const first = await payments.notified(sessionId!).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ServiceUnavailable);
    expect(mapError(first).statusCode).toBe(503);
    const read = vi.spyOn(ports, 'session').mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    expect(mapError(await payments.notified(sessionId!).catch((e: unknown) => e)).statusCode).toBe(503);
    expect(await payments.get('100', id)).toMatchObject({ status: 'AwaitingPayment', transactions: [] });
    // The gateway's next attempt settles it, once.
    expect(await payments.notified(sessionId!)).toMatchObject({ result: 'Approved' });
    expect(await payments.notified(sessionId!)).toMatchObject({ result: 'Approved' });
    expect((await payments.get('100', id)).transactions).toHaveLength(1);
    query.mockRestore();
    read.mockRestore();
  });

  it('a notification of a session the portal does not know is answered as any other (nothing to retry)', async () => {
    expect(await payments.notified('no-such-session')).toBeUndefined();
  });

  it("a session start and the payer's return while the gateway fails: 503 'Failed to claim online Payment'", async () => {
    const { id } = await issue();
    const create = vi.spyOn(ports.gateway, 'createSession').mockRejectedValueOnce(unreachable());
    const start = await payments.session('u1', w.application, id, undefined).catch((e: unknown) => e);
    expect(mapError(start)).toMatchObject({
      statusCode: 503,
      body: { code: 'ServerError', message: paymentMessages.claimFailed },
    });
    expect(w.sessions).toEqual([]);
    // The payer tries again: a session.
    const { sessionId } = await payments.session('u1', w.application, id, undefined);
    const query = vi.spyOn(ports.gateway, 'querySession').mockRejectedValueOnce(unreachable());
    const back = await payments.session('u1', w.application, id, sessionId).catch((e: unknown) => e);
    expect(mapError(back)).toMatchObject({
      statusCode: 503,
      body: { message: 'Failed to claim online Payment' },
    });
    expect(w.sessions[0]).toMatchObject({ state: 'Pending' });
    create.mockRestore();
    query.mockRestore();
  });
});
