import * as z from 'zod';
import { ApplicationIdParams } from './applications.js';
import { Id } from './common.js';
import { messages } from '../domain/validation.js';
import { paymentStatuses, paymentTypes, toCents, transactionResults } from '../domain/payments.js';
import { EXPIRY_JOB, REMINDER_JOB } from '../domain/payment-requests.js';
import { checkNzBankAccount, isPlaceholderNzBankAccount } from '../domain/nz-bank-account.js';

/**
 * Payments (docs/payments.md): invoices, their options and
 * transactions as both sides read them, the applicant's claim and card session, the council's
 * invoice, and an authority's payment options in the reference data. Amounts are dollars with two
 * decimals on the wire and integer cents inside (shared/domain/payments.ts).
 */

export const PaymentType = z.enum(paymentTypes);
export const PaymentStatus = z.enum(paymentStatuses);
export const TransactionResult = z.enum(transactionResults);

/** A money amount in dollars: positive, at most two decimals, under ten million. */
export const Amount = z
  .number({ error: messages.required })
  .refine((n) => toCents(n) !== undefined, 'An amount has at most two decimals')
  .refine((n) => n > 0 && n < 10_000_000, 'An amount is more than 0 and less than 10,000,000');

// ---- An authority's options (reference data) ----

export const SurchargeRule = z
  .object({
    percent: z.number().min(0).max(10),
    fixedCents: z.number().int().min(0).max(10_000).optional(),
    capCents: z.number().int().min(0).optional(),
  })
  .strict();

/**
 * An authority's deposit account (docs/payments.md): a valid NZ bank account number (bank, branch,
 * check digits: shared/domain/nz-bank-account.ts), kept in the portal's form; or a placeholder
 * (`00-0000-…`, which no bank has), which only a test stage may have (infra/stacks/config.ts). A
 * refusal names the reason (an unknown bank, a branch outside its bank's ranges, the check digits).
 */
export const DepositAccountNumber = z.string().transform((text, ctx) => {
  if (isPlaceholderNzBankAccount(text)) return text.trim();
  const checked = checkNzBankAccount(text);
  if (checked.ok) return checked.account.formatted;
  ctx.addIssue({ code: 'custom', message: checked.reason });
  return z.NEVER;
});

/** The options an authority offers (docs/payments.md). */
export const AuthorityPaymentOptions = z
  .object({
    gateway: z
      .object({ displayName: z.string().min(1), surcharge: SurchargeRule.optional() })
      .strict()
      .optional(),
    deposit: z
      .object({
        displayName: z.string().min(1),
        bankName: z.string().min(1),
        accountName: z.string().min(1),
        accountNumber: DepositAccountNumber,
        routingNumber: z.string().optional(),
        paymentInstruction: z.string().min(1),
      })
      .strict()
      .optional(),
    council: z
      .object({ displayName: z.string().min(1), link: z.url() })
      .strict()
      .optional(),
  })
  .strict();
export type AuthorityPaymentOptions = z.infer<typeof AuthorityPaymentOptions>;

// ---- What both sides read ----

/** One option of an invoice, by type. */
export const PaymentOptionDto = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('Gateway'),
    displayName: z.string(),
    /** Whether a card payment carries a surcharge (the amount is the invoice's surchargeAmount). */
    surchargeFlag: z.boolean(),
  }),
  z.object({
    type: z.literal('Deposit'),
    displayName: z.string(),
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    routingNumber: z.string().optional(),
    paymentInstruction: z.string(),
  }),
  z.object({ type: z.literal('Council'), displayName: z.string(), link: z.string() }),
]);
export type PaymentOptionDto = z.infer<typeof PaymentOptionDto>;

/** One attempt or claim (docs/payments.md). */
export const PaymentTransactionDto = z.object({
  transactionId: z.string(),
  transactionReference: z.string().optional(),
  transactionDate: z.string(),
  paymentMethod: PaymentType,
  result: TransactionResult.optional(),
  message: z.string().optional(),
  amount: z.number(),
  surchargePaid: z.number(),
  proofDocumentName: z.string().optional(),
});
export type PaymentTransactionDto = z.infer<typeof PaymentTransactionDto>;

/** An invoice (docs/payments.md). */
export const PaymentDto = z.object({
  id: z.string(),
  paymentId: z.string(),
  guid: z.string(),
  applicationId: z.string(),
  description: z.string(),
  displayOrder: z.number(),
  documentContainerId: z.string().optional(),
  reference: z.string(),
  status: PaymentStatus,
  baseAmount: z.number(),
  /** The card surcharge on this invoice (0 when the authority charges none). */
  surchargeAmount: z.number(),
  currency: z.literal('NZD'),
  invoiceDocumentName: z.string().optional(),
  issuedDate: z.string(),
  dueDate: z.string().optional(),
  paymentDate: z.string().optional(),
  paymentMethod: PaymentType.optional(),
  paymentOptions: z.array(PaymentOptionDto),
  transactions: z.array(PaymentTransactionDto),
});
export type PaymentDto = z.infer<typeof PaymentDto>;

// ---- The applicant's calls ----

export const PaymentParams = ApplicationIdParams.extend({ paymentId: Id });
export const CouncilPaymentParams = z.object({ id: Id, paymentId: Id });

/** PATCH …/payments/{paymentId}: a direct deposit claimed (the date it was paid, an optional proof). */
export const ClaimPayment = z
  .object({
    paymentMethod: z.literal('Deposit'),
    transactionDate: z.iso.date('A date: yyyy-mm-dd'),
    proofDocumentName: Id.optional(),
  })
  .strict();
export type ClaimPayment = z.infer<typeof ClaimPayment>;

/** POST …/payments/{paymentId}/sessions: start a card session, or (with its token) ask how it went. */
export const PaymentSessionRequest = z
  .object({ paymentMethod: z.literal('Gateway'), token: z.string().trim().min(1).max(200).optional() })
  .strict();
export const PaymentSessionResponse = z.object({
  result: z.enum(['Pending', ...transactionResults]),
  message: z.string(),
  sessionId: z.string().optional(),
  /** Where the payer pays (the gateway's hosted page), for a new session. */
  payUrl: z.string().optional(),
});
export type PaymentSessionResponse = z.infer<typeof PaymentSessionResponse>;

// ---- The council's calls ----

/** POST /council/applications/{id}/payments: an invoice. */
export const IssueInvoice = z
  .object({
    description: z.string().trim().min(1, messages.required).max(200),
    baseAmount: Amount,
    dueDate: z.iso.date().optional(),
    reference: z.string().trim().min(1).max(50).optional(),
    invoiceDocumentName: Id.optional(),
    /** The options offered, of the authority's (default: all of them). */
    paymentOptions: z.array(PaymentType).min(1).max(3).optional(),
  })
  .strict();
export type IssueInvoice = z.output<typeof IssueInvoice>;

/** POST /council/applications/{id}/payments/{paymentId}/deposit-decision. */
export const DepositDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('Confirmed'), date: z.iso.date().optional() }).strict(),
  z.object({ decision: z.literal('Rejected'), reason: z.string().trim().min(1).max(500) }).strict(),
]);

/**
 * shared/reference/payment-options.json: the options of each authority that takes payments, by id.
 * The bank accounts are placeholders (00-0000-…) until each council gives its own (docs/payments.md);
 * any other account must pass the NZ bank account check ({@link DepositAccountNumber}).
 */
export const PaymentOptionsReference = z.record(z.string(), AuthorityPaymentOptions);

/** GET …/payments/: every invoice of the application. */
export const PaymentsResponse = z.array(PaymentDto);

/** POST /council/applications/{id}/payments/{paymentId}/paid-at-council. */
export const PaidAtCouncil = z
  .object({ date: z.iso.date().optional(), reference: z.string().trim().min(1).max(50).optional() })
  .strict();

/** The gateway's notification (GET or POST …?sessionId=): unsigned, so only a reason to ask the gateway. */
export const PaymentNotificationQuery = z.object({ sessionId: z.string().trim().min(1).max(200) });

/**
 * A scheduled job of the payments (functions/payments/scheduled.ts): the recurring catch-up of the
 * card sessions whose notification never came (functions/platform/recurring-jobs.ts). Invite-to-pay
 * reminders will be another `job`.
 */
const requestJob = z.object({ target: z.literal('payments/scheduled'), applicationId: Id, requestId: Id });
export const PaymentScheduledJob = z.discriminatedUnion('job', [
  z.object({ target: z.literal('payments/scheduled'), job: z.literal('catch-up') }),
  requestJob.extend({ job: z.literal(REMINDER_JOB) }),
  requestJob.extend({ job: z.literal(EXPIRY_JOB) }),
]);
export type PaymentScheduledJob = z.infer<typeof PaymentScheduledJob>;
