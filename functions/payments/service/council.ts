import {
  amountDueCents,
  cardSurchargeCents,
  paymentMessages,
  toCents,
  type PaymentType,
} from '../../../shared/domain/payments.js';
import type {
  AuthorityPaymentOptions,
  IssueInvoice,
  PaymentOptionDto,
} from '../../../shared/schemas/payments.js';
import type * as z from 'zod';
import type { DepositDecision } from '../../../shared/schemas/payments.js';
import type { ApplicationRecord } from '../../platform/access.js';
import { Invalid, Rejected } from '../../platform/errors.js';
import type { Idempotency } from '../../platform/idempotency.js';
import { toPaymentDto, type PaymentRecord } from './dto.js';
import { paymentRules, type PaymentPorts } from './common.js';
import { recordMetric } from '../../platform/observability/metrics.js';

/**
 * The council's side of payments (docs/payments.md): issuing an invoice with its authority's options
 * (the card surcharge computed here), deciding on a claimed deposit, recording a payment at the
 * council. Each is one transaction with its idempotency item; counted once it commits (a replay
 * answers the stored response and runs nothing): CouncilWrites, InvoicesIssued, InvoicesSettled.
 */
export function councilPayments(ports: PaymentPorts) {
  const { paymentOf, flagAfter, transition, mustWrite } = paymentRules(ports);
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

  return {
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
      recordMetric('CouncilWrites', { action: 'invoice' });
      recordMetric('InvoicesIssued');
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
      recordMetric('CouncilWrites', { action: 'deposit-decision' });
      if (confirmed) recordMetric('InvoicesSettled', { method: 'Deposit' });
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
      recordMetric('CouncilWrites', { action: 'paid-at-council' });
      recordMetric('InvoicesSettled', { method: 'Council' });
      return answer;
    },
  };
}
