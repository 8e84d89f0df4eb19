import {
  amountDueCents,
  cardSurchargeCents,
  claimDateProblem,
  hasOutstandingPayments,
  paymentMessages,
  paymentTransition,
  toCents,
  type PaymentAction,
  type PaymentType,
} from '../../../shared/domain/payments.js';
import type {
  AuthorityPaymentOptions,
  ClaimPayment,
  IssueInvoice,
  PaymentOptionDto,
  PaymentSessionResponse,
} from '../../../shared/schemas/payments.js';
import type * as z from 'zod';
import type { DepositDecision } from '../../../shared/schemas/payments.js';
import type { ApplicationRecord } from '../../platform/access.js';
import type { PaymentGateway, SessionOutcome } from '../../platform/adapters/payments/gateway.js';
import { Conflict, Invalid, NotFound, Rejected } from '../../platform/errors.js';
import type { Idempotency } from '../../platform/idempotency.js';
import { optionsOf, toPaymentDto, type PaymentRecord, type PaymentSessionRecord } from './dto.js';

export type PaymentEventType =
  | 'PaymentIssued'
  | 'DepositClaimed'
  | 'DepositConfirmed'
  | 'DepositRejected'
  | 'PaymentMarkedPaid'
  | 'CardSessionStarted'
  | 'CardPaymentSettled';

/** One payment change, one transaction (the repository runs it whole, or not at all). */
export interface PaymentChange {
  application: ApplicationRecord;
  /** The application's flag after the change (the application is written conditional on its etag). */
  hasOutstandingPayments: boolean;
  action: PaymentEventType;
  actor: string;
  now: Date;
  /** The invoice the event is about. */
  paymentId: string;
  create?: PaymentRecord;
  /** The invoice changed, conditional on the status (and update time) it was read with. */
  update?: { before: PaymentRecord; set: Partial<PaymentRecord> };
  /** A card session created, or settled conditional on being Pending. */
  session?:
    | { create: PaymentSessionRecord }
    | { settle: { before: PaymentSessionRecord; set: Partial<PaymentSessionRecord> } };
  idempotency?: { idempotency: Idempotency; answer: unknown; statusCode?: number };
}

export interface PaymentPorts {
  now(): Date;
  newId(): string;
  payments(applicationId: string): Promise<PaymentRecord[]>;
  application(applicationId: string): Promise<ApplicationRecord | undefined>;
  session(sessionId: string): Promise<PaymentSessionRecord | undefined>;
  /** Sessions still Pending that started before `before`, oldest first. */
  pendingSessions(before: string, limit: number): Promise<PaymentSessionRecord[]>;
  /** The authority's payment settings (reference data). */
  authority(authorityId: string): { paymentsEnabled: boolean; options?: AuthorityPaymentOptions } | undefined;
  /** The names of the application's documents (a proof or an invoice document names one). */
  documentNames(applicationId: string): Promise<Set<string>>;
  gateway: PaymentGateway;
  /** Where the payer returns to, and where the gateway notifies. */
  returnUrl(applicationId: string, paymentId: string): Promise<string>;
  notificationUrl(): Promise<string>;
  /** Runs a change as one transaction; false when something changed meanwhile. */
  write(change: PaymentChange): Promise<boolean>;
}

/** A session not settled by a notification after this long is asked about by the catch-up job. */
export const CATCH_UP_AFTER_MS = 10 * 60_000;
/** A session the gateway still calls pending after this long is given up (Abandoned). */
export const ABANDON_AFTER_MS = 24 * 60 * 60_000;
const CHANGED = 'The payment changed meanwhile; read it again';
const RETRIES = 4;

/**
 * Payments (portal-organisation §3, §7; docs/payments.md): the council's invoices, the applicant's
 * deposit claims and card sessions, and settling a session from the gateway's answer only. Every
 * status change follows `paymentTransition` and is one transaction with the application's flag.
 */
export function paymentsService(ports: PaymentPorts) {
  async function paymentOf(applicationId: string, paymentId: string) {
    const all = await ports.payments(applicationId);
    const payment = all.find((p) => p.paymentId === paymentId);
    if (!payment) throw new NotFound(paymentMessages.paymentNotFound);
    return { all, payment };
  }
  const flagAfter = (all: PaymentRecord[], changed: PaymentRecord) =>
    hasOutstandingPayments(all.map((p) => (p.paymentId === changed.paymentId ? changed : p)));
  function transition(p: PaymentRecord, action: PaymentAction) {
    const t = paymentTransition(p.status, action);
    if (!t.ok) throw new Conflict(t.reason);
    return t.status;
  }
  function offered(p: PaymentRecord, type: PaymentType) {
    const option = optionsOf(p).find((o) => o.type === type);
    if (!option) throw new Conflict(paymentMessages.optionNotOffered(type));
    return option;
  }
  async function mustWrite(change: PaymentChange) {
    if (!(await ports.write(change))) throw new Conflict(CHANGED);
  }

  /** The options of an invoice: the authority's, or the named subset of them. */
  function optionsFor(options: AuthorityPaymentOptions, only?: PaymentType[]): PaymentOptionDto[] {
    const want = (t: PaymentType) => !only || only.includes(t);
    const out: PaymentOptionDto[] = [];
    if (options.gateway && want('Gateway'))
      out.push({
        type: 'Gateway',
        displayName: options.gateway.displayName,
        surchargeFlag: cardSurchargeCents(100_000, options.gateway.surcharge) > 0,
      });
    if (options.deposit && want('Deposit')) out.push({ type: 'Deposit', ...options.deposit });
    if (options.council && want('Council')) out.push({ type: 'Council', ...options.council });
    return out;
  }

  /**
   * Settles a session from the gateway's answer: the session leaves Pending once (a condition), and
   * with it, in one transaction, the invoice becomes Paid on an approval, with its transaction. A
   * repeated notification, the payer's return and the catch-up job all end here; only the first
   * changes anything. Answers the outcome as the payer sees it.
   */
  async function settle(sessionId: string): Promise<PaymentSessionResponse> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const session = await ports.session(sessionId);
      if (!session) throw new NotFound(paymentMessages.paymentNotFound);
      if (session.state !== 'Pending') return answerOf(session);
      const outcome = await ports.gateway.querySession(sessionId);
      if (outcome.state === 'pending')
        return { result: 'Pending', message: 'The payment is being processed', sessionId };
      const now = ports.now();
      const application = await ports.application(session.applicationId);
      if (!application) throw new NotFound(paymentMessages.paymentNotFound);
      const { all, payment } = await paymentOf(session.applicationId, session.paymentId);
      const change = settlementOf(session, outcome, payment, now);
      const ok = await ports.write({
        application,
        hasOutstandingPayments: flagAfter(all, { ...payment, ...(change.update?.set ?? {}) }),
        action: 'CardPaymentSettled',
        actor: 'gateway',
        now,
        paymentId: payment.paymentId,
        ...change,
      });
      if (ok) return answerOf({ ...session, ...change.session.settle.set });
      // Lost to a concurrent settle or change: read again (the session may be settled now).
    }
    throw new Conflict(CHANGED);
  }

  function settlementOf(
    session: PaymentSessionRecord,
    outcome: Exclude<SessionOutcome, { state: 'pending' }>,
    payment: PaymentRecord,
    now: Date,
  ) {
    const at = now.toISOString();
    if (outcome.state === 'abandoned')
      return {
        session: {
          settle: {
            before: session,
            set: { state: 'Abandoned' as const, settledAt: at, message: outcome.message },
          },
        },
      };
    const transaction = {
      transactionId: outcome.transactionId,
      transactionReference: session.sessionId,
      transactionDate: at,
      paymentMethod: 'Gateway',
      result: outcome.result,
      message: outcome.message,
      amountCents: outcome.amountCents,
      surchargeCents: session.surchargeCents,
    };
    const approved = outcome.result === 'Approved';
    // An approval on an invoice already paid another way is recorded (the council refunds it).
    const paid = approved && payment.status !== 'Paid';
    return {
      session: {
        settle: {
          before: session,
          set: {
            state: outcome.result,
            settledAt: at,
            transactionId: outcome.transactionId,
            message: outcome.message,
          },
        },
      },
      update: {
        before: payment,
        set: {
          transactions: [...(payment.transactions ?? []), transaction],
          ...(paid ? { status: 'Paid' as const, paymentDate: at, paymentMethod: 'Gateway' } : {}),
        },
      },
    };
  }

  const answerOf = (s: PaymentSessionRecord): PaymentSessionResponse => ({
    result: s.state === 'Pending' ? 'Pending' : s.state === 'Abandoned' ? 'Error' : s.state,
    message:
      s.state === 'Pending'
        ? 'The payment is being processed'
        : s.state === 'Abandoned'
          ? 'The payment was not completed'
          : (s.message ?? s.state),
    sessionId: s.sessionId,
  });

  return {
    /** GET …/payments/: every invoice, in the council's order. */
    async list(applicationId: string) {
      return (await ports.payments(applicationId))
        .sort(
          (a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0) || a.issuedDate.localeCompare(b.issuedDate),
        )
        .map(toPaymentDto);
    },

    /** GET …/payments/{paymentId}. */
    async get(applicationId: string, paymentId: string) {
      return toPaymentDto((await paymentOf(applicationId, paymentId)).payment);
    },

    /** PATCH …/payments/{paymentId}: a direct deposit claimed (Edit): AwaitingPayment → DepositPending. */
    async claim(actor: string, application: ApplicationRecord, paymentId: string, body: ClaimPayment) {
      const { all, payment } = await paymentOf(application.applicationId, paymentId);
      const status = transition(payment, 'claimDeposit');
      offered(payment, 'Deposit');
      const now = ports.now();
      const today = now.toLocaleDateString('en-CA', { timeZone: 'Pacific/Auckland' });
      const problem = claimDateProblem(body.transactionDate, today);
      if (problem) throw new Invalid([{ field: 'body.transactionDate', reason: problem }]);
      if (
        body.proofDocumentName &&
        !(await ports.documentNames(application.applicationId)).has(body.proofDocumentName)
      )
        throw new Invalid([
          { field: 'body.proofDocumentName', reason: 'No such document of this application' },
        ]);
      const set: Partial<PaymentRecord> = {
        status,
        paymentMethod: 'Deposit',
        transactions: [
          ...(payment.transactions ?? []),
          {
            transactionId: ports.newId(),
            transactionDate: body.transactionDate,
            paymentMethod: 'Deposit',
            amountCents: payment.baseCents,
            surchargeCents: 0,
            ...(body.proofDocumentName ? { proofDocumentName: body.proofDocumentName } : {}),
          },
        ],
      };
      await mustWrite({
        application,
        hasOutstandingPayments: flagAfter(all, { ...payment, ...set }),
        action: 'DepositClaimed',
        actor,
        now,
        paymentId,
        update: { before: payment, set },
      });
      return toPaymentDto({ ...payment, ...set });
    },

    /**
     * POST …/payments/{paymentId}/sessions: without a token, a card session at the gateway (the
     * surcharge added by the server) and where to pay; with one (the session id the payer returns
     * with), the gateway is asked how it went. The browser never says a payment succeeded.
     */
    async session(
      actor: string,
      application: ApplicationRecord,
      paymentId: string,
      token: string | undefined,
    ): Promise<PaymentSessionResponse> {
      const { payment } = await paymentOf(application.applicationId, paymentId);
      if (token) {
        const session = await ports.session(token);
        if (
          !session ||
          session.paymentId !== paymentId ||
          session.applicationId !== application.applicationId
        )
          throw new NotFound(paymentMessages.paymentNotFound);
        return settle(token);
      }
      transition(payment, 'startCardSession');
      offered(payment, 'Gateway');
      const surchargeCents = payment.surchargeCents ?? 0;
      const amountCents = payment.baseCents + surchargeCents;
      const created = await ports.gateway.createSession({
        amountCents,
        currency: 'NZD',
        merchantReference: payment.reference,
        returnUrl: await ports.returnUrl(application.applicationId, paymentId),
        notificationUrl: await ports.notificationUrl(),
      });
      const now = ports.now();
      const { all } = await paymentOf(application.applicationId, paymentId);
      await mustWrite({
        application,
        hasOutstandingPayments: hasOutstandingPayments(all),
        action: 'CardSessionStarted',
        actor,
        now,
        paymentId,
        session: {
          create: {
            sessionId: created.sessionId,
            applicationId: application.applicationId,
            paymentId,
            startedBy: actor,
            amountCents,
            surchargeCents,
            state: 'Pending',
            startedAt: now.toISOString(),
          },
        },
      });
      return {
        result: 'Pending',
        message: 'Pay on the payment page',
        sessionId: created.sessionId,
        payUrl: created.payUrl,
      };
    },

    /** The gateway's notification (unsigned; may repeat or come late): ask the gateway, settle once. */
    notified: (sessionId: string) => settle(sessionId),

    /**
     * The catch-up job (EventBridge schedule): sessions still Pending after {@link CATCH_UP_AFTER_MS}
     * are asked about; those the gateway still calls pending after {@link ABANDON_AFTER_MS} are
     * given up. Answers how many it settled.
     */
    async catchUp(limit = 50): Promise<{ asked: number; settled: number; abandoned: number }> {
      const now = ports.now();
      const stale = await ports.pendingSessions(
        new Date(now.getTime() - CATCH_UP_AFTER_MS).toISOString(),
        limit,
      );
      let settled = 0;
      let abandoned = 0;
      for (const s of stale) {
        const answer = await settle(s.sessionId).catch(() => undefined);
        if (answer && answer.result !== 'Pending') settled++;
        else if (answer && now.getTime() - Date.parse(s.startedAt) > ABANDON_AFTER_MS) {
          const application = await ports.application(s.applicationId);
          if (!application) continue;
          const { all } = await paymentOf(s.applicationId, s.paymentId);
          const ok = await ports.write({
            application,
            hasOutstandingPayments: hasOutstandingPayments(all),
            action: 'CardPaymentSettled',
            actor: 'gateway',
            now,
            paymentId: s.paymentId,
            session: {
              settle: {
                before: s,
                set: {
                  state: 'Abandoned',
                  settledAt: now.toISOString(),
                  message: 'No answer from the gateway',
                },
              },
            },
          });
          if (ok) abandoned++;
        }
      }
      return { asked: stale.length, settled, abandoned };
    },

    /** POST /council/applications/{id}/payments: an invoice with the authority's options. */
    async issue(
      council: { authorityId: string },
      application: ApplicationRecord,
      idempotency: Idempotency,
      body: IssueInvoice,
    ) {
      const authority = ports.authority(application.authorityId);
      if (!authority?.paymentsEnabled || !authority.options)
        throw new Rejected(paymentMessages.paymentsDisabled);
      const options = optionsFor(authority.options, body.paymentOptions);
      if (options.length === 0)
        throw new Invalid([{ field: 'body.paymentOptions', reason: paymentMessages.paymentsDisabled }]);
      if (
        body.invoiceDocumentName &&
        !(await ports.documentNames(application.applicationId)).has(body.invoiceDocumentName)
      )
        throw new Invalid([
          { field: 'body.invoiceDocumentName', reason: 'No such document of this application' },
        ]);
      const now = ports.now();
      const all = await ports.payments(application.applicationId);
      const paymentId = ports.newId();
      const baseCents = toCents(body.baseAmount)!;
      const gateway = options.some((o) => o.type === 'Gateway');
      const created: PaymentRecord = {
        applicationId: application.applicationId,
        paymentId,
        authorityId: application.authorityId,
        description: body.description,
        displayOrder: all.length + 1,
        reference:
          body.reference ?? `${application.applicationNumber ?? application.applicationId}-${all.length + 1}`,
        status: 'AwaitingPayment',
        baseCents,
        surchargeCents: gateway
          ? amountDueCents(baseCents, 'Gateway', authority.options.gateway?.surcharge) - baseCents
          : 0,
        currency: 'NZD',
        issuedDate: now.toISOString(),
        options,
        transactions: [],
        ...(body.dueDate ? { dueDate: body.dueDate } : {}),
        ...(body.invoiceDocumentName ? { invoiceDocumentName: body.invoiceDocumentName } : {}),
      };
      const answer = toPaymentDto(created);
      await mustWrite({
        application,
        hasOutstandingPayments: true,
        action: 'PaymentIssued',
        actor: `council:${council.authorityId}`,
        now,
        paymentId,
        create: created,
        idempotency: { idempotency, answer, statusCode: 201 },
      });
      return answer;
    },

    /** POST /council/applications/{id}/payments/{paymentId}/deposit-decision: confirmed (Paid) or rejected. */
    async depositDecision(
      council: { authorityId: string },
      application: ApplicationRecord,
      idempotency: Idempotency,
      paymentId: string,
      body: z.output<typeof DepositDecision>,
    ) {
      const { all, payment } = await paymentOf(application.applicationId, paymentId);
      const now = ports.now();
      const confirmed = body.decision === 'Confirmed';
      const status = transition(payment, confirmed ? 'confirmDeposit' : 'rejectDeposit');
      const set: Partial<PaymentRecord> = confirmed
        ? { status, paymentDate: body.date ?? now.toISOString() }
        : {
            status,
            transactions: (payment.transactions ?? []).map((t, i, ts) =>
              i === ts.length - 1 && t.paymentMethod === 'Deposit'
                ? { ...t, result: 'Declined', message: body.reason }
                : t,
            ),
          };
      const answer = toPaymentDto({ ...payment, ...set });
      await mustWrite({
        application,
        hasOutstandingPayments: flagAfter(all, { ...payment, ...set }),
        action: confirmed ? 'DepositConfirmed' : 'DepositRejected',
        actor: `council:${council.authorityId}`,
        now,
        paymentId,
        update: { before: payment, set },
        idempotency: { idempotency, answer },
      });
      return answer;
    },

    /** POST /council/applications/{id}/payments/{paymentId}/paid-at-council. */
    async markPaid(
      council: { authorityId: string },
      application: ApplicationRecord,
      idempotency: Idempotency,
      paymentId: string,
      body: { date?: string | undefined; reference?: string | undefined },
    ) {
      const { all, payment } = await paymentOf(application.applicationId, paymentId);
      const status = transition(payment, 'markPaidAtCouncil');
      const now = ports.now();
      const set: Partial<PaymentRecord> = {
        status,
        paymentMethod: 'Council',
        paymentDate: body.date ?? now.toISOString(),
        transactions: [
          ...(payment.transactions ?? []),
          {
            transactionId: ports.newId(),
            transactionDate: body.date ?? now.toISOString(),
            paymentMethod: 'Council',
            result: 'Approved',
            amountCents: payment.baseCents,
            surchargeCents: 0,
            ...(body.reference ? { transactionReference: body.reference } : {}),
          },
        ],
      };
      const answer = toPaymentDto({ ...payment, ...set });
      await mustWrite({
        application,
        hasOutstandingPayments: flagAfter(all, { ...payment, ...set }),
        action: 'PaymentMarkedPaid',
        actor: `council:${council.authorityId}`,
        now,
        paymentId,
        update: { before: payment, set },
        idempotency: { idempotency, answer },
      });
      return answer;
    },
  };
}
