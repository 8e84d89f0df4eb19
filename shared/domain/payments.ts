/**
 * Payments (docs/payments.md): pure rules the server and the
 * web share — money in integer cents, the card surcharge, the status transitions, what counts as
 * outstanding and what a deposit claim needs.
 */
import { INVALID_DATE } from './dates.js';
import { isCalendarDate } from './calendar-date.js';

export const paymentTypes = ['Gateway', 'Deposit', 'Council'] as const;
export type PaymentType = (typeof paymentTypes)[number];
export const paymentStatuses = ['AwaitingPayment', 'DepositPending', 'Paid'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const transactionResults = ['Approved', 'Declined', 'Error'] as const;
export type TransactionResult = (typeof transactionResults)[number];

// ---- Money ----

/** Dollars (a number or text with at most two decimals) → integer cents; anything else → undefined. */
export function toCents(amount: number | string): number | undefined {
  const text =
    typeof amount === 'number' ? (Number.isFinite(amount) ? amount.toFixed(6) : '') : amount.trim();
  const m = /^(-?)(\d{1,9})(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) return undefined;
  const fraction = (m[3] ?? '').padEnd(6, '0');
  if (!/^\d{2}0{4}$/.test(fraction)) return undefined;
  const cents = Number(m[2]) * 100 + Number(fraction.slice(0, 2));
  return m[1] ? -cents : cents;
}

/** Integer cents → dollars as a number with two decimals (what the API shows). */
export const fromCents = (cents: number): number => Math.round(cents) / 100;

/** Integer cents → "$1,234.50" (NZ English). */
export const formatNzd = (cents: number): string =>
  new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' }).format(cents / 100);

// ---- The card surcharge ----

/** An authority's card surcharge: a percentage of the base, plus a fixed part, capped; all optional. */
export interface SurchargeRule {
  /** Percent of the base amount, e.g. 1.9 (0 to 10). */
  percent: number;
  /** Added after the percentage, in cents. */
  fixedCents?: number | undefined;
  /** The largest surcharge, in cents. */
  capCents?: number | undefined;
}

/**
 * The card surcharge on `baseCents`: percent of the base rounded half up to the cent, plus the fixed
 * part, at most the cap; none without a rule or on a zero base.
 */
export function cardSurchargeCents(baseCents: number, rule: SurchargeRule | undefined): number {
  if (!rule || baseCents <= 0) return 0;
  // Basis points avoid float error: 1.9 % of 12345 cents = 12345 × 190 / 10000.
  const bps = Math.round(rule.percent * 100);
  const fromPercent = Math.floor((baseCents * bps + 5000) / 10000);
  const total = fromPercent + (rule.fixedCents ?? 0);
  return rule.capCents !== undefined ? Math.min(total, rule.capCents) : total;
}

/** What the payer is charged by each method: card adds the surcharge, deposit and council do not. */
export function amountDueCents(
  baseCents: number,
  type: PaymentType,
  rule: SurchargeRule | undefined,
): number {
  return type === 'Gateway' ? baseCents + cardSurchargeCents(baseCents, rule) : baseCents;
}

// ---- Statuses ----

export type PaymentAction =
  /** The gateway approved a card session. */
  | 'cardApproved'
  /** The applicant (or payer) claims a direct deposit. */
  | 'claimDeposit'
  /** The council confirms a claimed deposit arrived. */
  | 'confirmDeposit'
  /** The council rejects a claim (not arrived, wrong amount). */
  | 'rejectDeposit'
  /** The council records a payment at its own counter or portal. */
  | 'markPaidAtCouncil'
  /** A card session is started. */
  | 'startCardSession';

const TRANSITIONS: Record<PaymentAction, { from: readonly PaymentStatus[]; to: PaymentStatus }> = {
  cardApproved: { from: ['AwaitingPayment'], to: 'Paid' },
  claimDeposit: { from: ['AwaitingPayment'], to: 'DepositPending' },
  confirmDeposit: { from: ['DepositPending'], to: 'Paid' },
  rejectDeposit: { from: ['DepositPending'], to: 'AwaitingPayment' },
  markPaidAtCouncil: { from: ['AwaitingPayment', 'DepositPending'], to: 'Paid' },
  startCardSession: { from: ['AwaitingPayment'], to: 'AwaitingPayment' },
};

export const paymentMessages = {
  fetchPayments: 'Failed to fetch Payments',
  fetchPayment: 'Failed to fetch Payment',
  claimFailed: 'Failed to claim online Payment',
  paymentNotFound: 'Payment not found',
  alreadyPaid: 'This invoice has been paid',
  claimPending: 'A deposit claim for this invoice is waiting for the council',
  notClaimed: 'No deposit has been claimed for this invoice',
  optionNotOffered: (type: PaymentType) => `This invoice cannot be paid by ${type}`,
  paymentsDisabled: 'This council does not take payments through the portal',
  transactionDateFuture: 'The transaction date cannot be in the future',
  cardSessionOpen:
    'A card payment of this invoice is already in progress. Try again when it has finished (within 30 minutes).',
  sessionMismatch:
    'The card payment did not match this invoice and was not accepted. Please contact the council.',
} as const;

/** The status `action` leads to from `status`, or the reason it cannot happen (409). */
export function paymentTransition(
  status: PaymentStatus,
  action: PaymentAction,
): { ok: true; status: PaymentStatus } | { ok: false; reason: string } {
  const t = TRANSITIONS[action];
  if (t.from.includes(status)) return { ok: true, status: t.to };
  if (status === 'Paid') return { ok: false, reason: paymentMessages.alreadyPaid };
  if (status === 'DepositPending') return { ok: false, reason: paymentMessages.claimPending };
  return { ok: false, reason: paymentMessages.notClaimed };
}

/** An invoice the applicant still has to act on. */
export const isOutstanding = (status: PaymentStatus): boolean => status === 'AwaitingPayment';

/** The application's flag: any invoice still awaiting payment. */
export const hasOutstandingPayments = (payments: readonly { status: PaymentStatus }[]): boolean =>
  payments.some((p) => isOutstanding(p.status));

/**
 * A deposit claim's date: a calendar date (yyyy-mm-dd) not after today in New Zealand (`today` is
 * that date). Answers the reason when it is not acceptable.
 */
export function claimDateProblem(transactionDate: string, today: string): string | undefined {
  if (!BARE_CALENDAR_DAY.test(transactionDate) || !isCalendarDate(transactionDate)) return INVALID_DATE;
  return transactionDate > today ? paymentMessages.transactionDateFuture : undefined;
}
const BARE_CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
