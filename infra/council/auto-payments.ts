/**
 * The automatic council's payments (infra/council/auto.ts; docs/payments.md, docs/council-api.md). When it
 * accepts a lodgement it issues the lodgement fee invoice, once per application; when an invoice is
 * DepositPending (the applicant claimed a direct deposit) it confirms the deposit. The payments are
 * never waited for: the consent comes on its own.
 *
 * Both are derived from the invoices the API answers, never from memory: an application with no
 * invoice of {@link AUTO_INVOICE_DESCRIPTION} before its grant gets one (a restart after the
 * acceptance but before the invoice carries on), and each claim is confirmed once. The invoice's
 * Idempotency-Key is the application's and its body is made only of the accepted application (the
 * due date counts from the acceptance), so a retried step replays; a confirmation's key names the
 * claim's transaction, so a claim rejected by a person and made again is confirmed again.
 */
import type * as z from 'zod';
import type { CouncilApplication } from '../../shared/schemas/council.js';
import type { IssueInvoice, PaymentDto } from '../../shared/schemas/payments.js';
import { nzCalendarDay } from '../../shared/domain/dates.js';
import { addDays } from '../../shared/domain/working-days.js';
import type { CouncilApiClient } from './client.js';

/** The invoice the automatic council issues on acceptance. */
export const AUTO_INVOICE_DESCRIPTION = 'Building consent lodgement fee';
/** Its amount in dollars (a realistic NZ lodgement fee). */
export const AUTO_INVOICE_AMOUNT = 1265;
/** Days from the acceptance to the invoice's due date. */
export const AUTO_INVOICE_DUE_DAYS = 20;

/** What the payment steps are derived from: whether the authority takes payments, its invoices now. */
export interface AutoPaymentFacts {
  takesPayments: boolean;
  payments: readonly PaymentDto[];
}

/** One claimed deposit to confirm: the invoice and the claim's transaction. */
export interface AutoDepositClaim {
  paymentId: string;
  transactionId: string;
}

export type AutoPaymentStep = { kind: 'invoice' } | { kind: 'confirmDeposit'; claims: AutoDepositClaim[] };

/** The lodgement fee invoice of an application accepted at `app.modifiedDate` (all of the authority's options). */
export function autoInvoice(app: Pick<CouncilApplication, 'modifiedDate'>): z.input<typeof IssueInvoice> {
  const accepted = nzCalendarDay(app.modifiedDate) ?? app.modifiedDate.slice(0, 10);
  return {
    description: AUTO_INVOICE_DESCRIPTION,
    baseAmount: AUTO_INVOICE_AMOUNT,
    dueDate: addDays(accepted, AUTO_INVOICE_DUE_DAYS),
  };
}

/** The claim an invoice waits on: its last deposit transaction. */
const claimOf = (p: PaymentDto): AutoDepositClaim => ({
  paymentId: p.paymentId,
  transactionId: p.transactions.filter((t) => t.paymentMethod === 'Deposit').at(-1)?.transactionId ?? 'claim',
});

/**
 * The payment step due on an application that is InProgress or VRFISuspended (the caller has
 * checked the pause after its last change): claimed deposits are confirmed first; an application
 * not yet decided and with no lodgement fee invoice gets one. Pure.
 */
export function nextAutoPaymentStep(
  app: Pick<CouncilApplication, 'status' | 'consentNumber'>,
  facts: AutoPaymentFacts,
): AutoPaymentStep | undefined {
  if (app.status !== 'InProgress' && app.status !== 'VRFISuspended') return undefined;
  const claimed = facts.payments.filter((p) => p.status === 'DepositPending');
  if (claimed.length > 0) return { kind: 'confirmDeposit', claims: claimed.map(claimOf) };
  if (
    app.status === 'InProgress' &&
    facts.takesPayments &&
    !app.consentNumber &&
    !facts.payments.some((p) => p.description === AUTO_INVOICE_DESCRIPTION)
  )
    return { kind: 'invoice' };
  return undefined;
}

/** Issues the lodgement fee invoice of the accepted application (its key is the application's: a retry replays). */
export function issueAutoInvoice(council: CouncilApiClient, accepted: CouncilApplication) {
  return council.issueInvoice(accepted.id, autoInvoice(accepted), {
    idempotencyKey: `auto:${accepted.id}:lodgement-fee`,
  });
}

/** Confirms each claimed deposit (one key per claim: a claim is confirmed once). */
export async function confirmAutoDeposits(
  council: CouncilApiClient,
  applicationId: string,
  claims: readonly AutoDepositClaim[],
): Promise<void> {
  for (const c of claims)
    await council.depositDecision(
      applicationId,
      c.paymentId,
      { decision: 'Confirmed' },
      { idempotencyKey: `auto:${applicationId}:deposit-confirm:${c.paymentId}:${c.transactionId}` },
    );
}
