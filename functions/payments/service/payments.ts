import {
  claimDateProblem,
  hasOutstandingPayments,
  paymentMessages,
} from '../../../shared/domain/payments.js';
import type { ClaimPayment, PaymentSessionResponse } from '../../../shared/schemas/payments.js';
import type { ApplicationRecord } from '../../platform/access.js';
import { GatewayUnavailable, type SessionOutcome } from '../../platform/adapters/payments/gateway.js';
import { Conflict, Invalid, NotFound, ServiceUnavailable } from '../../platform/errors.js';
import { toPaymentDto, type PaymentRecord, type PaymentSessionRecord } from './dto.js';
import { paymentRules, type PaymentPorts } from './common.js';
import { councilPayments } from './council.js';
import { recordMetric } from '../../platform/observability/metrics.js';
import type { cardSettlementPaths } from '../../platform/observability/catalogue.js';

/** Where a settle was asked from (the CardSettlements metric's `path`). */
type SettlePath = (typeof cardSettlementPaths)[number];

export type { PaymentChange, PaymentEventType, PaymentPorts } from './common.js';
/** A session not settled by a notification after this long is asked about by the catch-up job. */
export const CATCH_UP_AFTER_MS = 10 * 60_000;
/** A session the gateway still calls pending after this long is given up (Abandoned). */
export const ABANDON_AFTER_MS = 24 * 60 * 60_000;
/**
 * A card session's hosted page takes payment for this long (the gateway's `expires`): an open
 * session blocks its invoice's next one, so one left open stops blocking after this.
 */
export const CARD_SESSION_LIFETIME_MS = 30 * 60_000;
const CURRENCY = 'NZD';

/**
 * What of the gateway's answer differs from the session the portal created (ASVS 11.1): the amount
 * charged, the currency and the merchant reference (the invoice's). Empty: it matches.
 */
export function mismatchOf(
  session: PaymentSessionRecord,
  payment: PaymentRecord,
  outcome: Extract<SessionOutcome, { state: 'done' }>,
): string[] {
  return [
    ...(outcome.amountCents !== session.amountCents ? ['amount'] : []),
    ...(outcome.currency !== (session.currency ?? CURRENCY) ? ['currency'] : []),
    ...(outcome.merchantReference !== payment.reference ||
    (session.merchantReference !== undefined && session.merchantReference !== payment.reference)
      ? ['merchantReference']
      : []),
  ];
}
const CHANGED = 'The payment changed meanwhile; read it again';
const RETRIES = 4;

/**
 * Payments (docs/payments.md): the council's invoices, the applicant's
 * deposit claims and card sessions, and settling a session from the gateway's answer only. Every
 * status change follows `paymentTransition` and is one transaction with the application's flag.
 */
export function paymentsService(ports: PaymentPorts) {
  const { paymentOf, flagAfter, transition, offered, mustWrite } = paymentRules(ports);

  /**
   * The gateway's calls: one it cannot answer (GatewayUnavailable) is a 503 with the spec's message
   * for a card payment, 'Failed to claim online Payment', not a bare 500: the payer may try again.
   */
  async function askGateway<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof GatewayUnavailable)
        throw new ServiceUnavailable({ cause: err, message: paymentMessages.claimFailed });
      throw err;
    }
  }

  /**
   * Settles a session from the gateway's answer: the session leaves Pending once (a condition), and
   * with it, in one transaction, the invoice becomes Paid on an approval, with its transaction. A
   * repeated notification, the payer's return and the catch-up job all end here; only the first
   * changes anything (and only it is counted: CardSettlements by outcome and `path`, and
   * InvoicesSettled Gateway when it paid the invoice). Answers the outcome as the payer sees it.
   */
  async function settle(sessionId: string, path: SettlePath): Promise<PaymentSessionResponse> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const session = await ports.session(sessionId);
      if (!session) throw new NotFound(paymentMessages.paymentNotFound);
      if (session.state !== 'Pending') return answerOf(session);
      const outcome = await askGateway(() => ports.gateway.querySession(sessionId));
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
      if (ok) {
        recordMetric('CardSettlements', { outcome: change.session.settle.set.state, path });
        if (change.update?.set.status === 'Paid') recordMetric('InvoicesSettled', { method: 'Gateway' });
        return answerOf({ ...session, ...change.session.settle.set });
      }
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
    // Not what the portal created: not settled, the invoice unchanged (ASVS 11.1).
    const fields = mismatchOf(session, payment, outcome);
    if (fields.length > 0) {
      ports.warn('payments: a card session does not match its invoice; not settled', {
        sessionId: session.sessionId,
        applicationId: session.applicationId,
        paymentId: session.paymentId,
        fields,
      });
      return {
        session: {
          settle: {
            before: session,
            set: {
              state: 'Mismatch' as const,
              settledAt: at,
              transactionId: outcome.transactionId,
              message: paymentMessages.sessionMismatch,
            },
          },
        },
      };
    }
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

  /**
   * The invoice's card session still open, after asking the gateway about it (settling it if it
   * ended: paid, declined, left, expired, or not matching); undefined when there is none.
   */
  async function openSession(payment: PaymentRecord): Promise<PaymentSessionRecord | undefined> {
    if (!payment.cardSessionId) return undefined;
    const session = await ports.session(payment.cardSessionId);
    if (session?.state !== 'Pending') return undefined;
    const answer = await settle(session.sessionId, 'start');
    return answer.result === 'Pending' ? session : undefined;
  }

  const answerOf = (s: PaymentSessionRecord): PaymentSessionResponse => ({
    result:
      s.state === 'Pending'
        ? 'Pending'
        : s.state === 'Abandoned' || s.state === 'Mismatch'
          ? 'Error'
          : s.state,
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
      /** Where the payer returns to (an invited payer: their link's page); default the payment's page. */
      returnUrl?: string,
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
        return settle(token, 'return');
      }
      transition(payment, 'startCardSession');
      offered(payment, 'Gateway');
      const open = await openSession(payment);
      if (open) {
        // One open card session per invoice: its starter gets it back (a second tab, the back
        // button), anyone else waits until it ends. Never two sessions that could both be paid.
        const live = !open.expiresAt || open.expiresAt > ports.now().toISOString();
        if (open.startedBy === actor && open.payUrl && live)
          return {
            result: 'Pending',
            message: 'Pay on the payment page',
            sessionId: open.sessionId,
            payUrl: open.payUrl,
          };
        throw new Conflict(paymentMessages.cardSessionOpen);
      }
      // The open one ended: read the invoice again (paid by it, perhaps).
      const { all, payment: current } = await paymentOf(application.applicationId, paymentId);
      transition(current, 'startCardSession');
      const surchargeCents = current.surchargeCents ?? 0;
      const amountCents = current.baseCents + surchargeCents;
      const now = ports.now();
      const back = returnUrl ?? (await ports.returnUrl(application.applicationId, paymentId));
      const notificationUrl = await ports.notificationUrl();
      const created = await askGateway(() =>
        ports.gateway.createSession({
          amountCents,
          currency: CURRENCY,
          merchantReference: current.reference,
          returnUrl: back,
          notificationUrl,
          expiresAt: new Date(now.getTime() + CARD_SESSION_LIFETIME_MS),
        }),
      );
      // Conditional on the invoice's session pointer as read: of two starts at once, one writes; the
      // other's gateway session is never shown to anyone and expires unused.
      await mustWrite({
        application,
        hasOutstandingPayments: hasOutstandingPayments(all),
        action: 'CardSessionStarted',
        actor,
        now,
        paymentId,
        update: { before: current, set: { cardSessionId: created.sessionId } },
        session: {
          create: {
            sessionId: created.sessionId,
            applicationId: application.applicationId,
            paymentId,
            startedBy: actor,
            amountCents,
            surchargeCents,
            currency: CURRENCY,
            merchantReference: current.reference,
            payUrl: created.payUrl,
            expiresAt: new Date(now.getTime() + CARD_SESSION_LIFETIME_MS).toISOString(),
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

    /**
     * The gateway's notification (unsigned; may repeat or come late): ask the gateway, settle once.
     * An unknown session answers undefined: there is nothing to settle, now or on a retry, and the
     * caller learns nothing. Anything that may pass (the table or the gateway unreachable, races lost
     * past the retries) is ServiceUnavailable: the route answers 503 and the gateway sends the
     * notification again, as Windcave does for a 5xx (docs/payments.md "The flow in the portal").
     */
    async notified(sessionId: string): Promise<PaymentSessionResponse | undefined> {
      try {
        return await settle(sessionId, 'notification');
      } catch (err) {
        if (err instanceof NotFound) return undefined;
        throw new ServiceUnavailable({ cause: err });
      }
    },

    /**
     * The catch-up job (EventBridge schedule): sessions still Pending after {@link CATCH_UP_AFTER_MS}
     * are asked about; those the gateway still calls pending after {@link ABANDON_AFTER_MS} are
     * given up. Answers how many it settled.
     */
    /**
     * The catch-up job: asks the gateway about the sessions still Pending after CATCH_UP_AFTER_MS
     * (oldest first, `limit` a page, at most `pages` pages a run, so sessions the gateway keeps
     * calling pending never hide the newer ones) and settles them; one it still calls pending after
     * ABANDON_AFTER_MS is Abandoned. A session the gateway could not answer about is counted in
     * `failed` (and asked again next run).
     */
    async catchUp(
      limit = 50,
      pages = 10,
    ): Promise<{ asked: number; settled: number; abandoned: number; failed: number }> {
      const now = ports.now();
      const before = new Date(now.getTime() - CATCH_UP_AFTER_MS).toISOString();
      const stale: PaymentSessionRecord[] = [];
      for (let page = 0, after: string | undefined; page < pages; page++) {
        const found = await ports.pendingSessions(before, limit, after);
        stale.push(...found);
        if (found.length < limit) break;
        after = found.at(-1)!.startedAt;
      }
      let settled = 0;
      let abandoned = 0;
      let failed = 0;
      for (const s of stale) {
        const answer = await settle(s.sessionId, 'catch-up').catch(() => undefined);
        if (!answer) {
          failed++;
          recordMetric('PaymentCatchUpFailures');
        } else if (answer.result !== 'Pending') settled++;
        else if (now.getTime() - Date.parse(s.startedAt) > ABANDON_AFTER_MS) {
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
          if (ok) {
            abandoned++;
            recordMetric('CardSettlements', { outcome: 'Abandoned', path: 'catch-up' });
            recordMetric('CardSessionsPastGiveUp');
          }
        }
      }
      return { asked: stale.length, settled, abandoned, failed };
    },

    ...councilPayments(ports),
  };
}
