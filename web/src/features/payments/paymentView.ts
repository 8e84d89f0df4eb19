/**
 * Pure rules of the payment pages (docs/payments.md): where an invoice
 * lives, what the viewer may do with it, what each method costs, and what its receipt says. The
 * transitions themselves are the shared rule's (shared/domain/payments.ts); this only reads them.
 */
import {
  formatNzd,
  paymentTransition,
  toCents,
  type PaymentStatus,
  type PaymentType,
} from '../../../../shared/domain/payments';
import type { PaymentDto, PaymentOptionDto } from '../../../../shared/schemas/payments';
import { checkNzBankAccount, nzBankName } from '../../../../shared/domain/nz-bank-account';

/** The payment-details page (docs/payments.md). */
export const paymentHref = (applicationId: string, paymentId: string): string =>
  `/application-details/${encodeURIComponent(applicationId)}/payment-details/${encodeURIComponent(paymentId)}`;

/** The Payments section of the application. */
export const paymentsSectionHref = (applicationId: string): string =>
  `/application-details/${encodeURIComponent(applicationId)}?section=Payments`;

/** How a status shows: awaiting asks for action, a claim waits for the council, paid is done. */
export const STATUS_INDICATOR: Record<PaymentStatus, 'warning' | 'pending' | 'success'> = {
  AwaitingPayment: 'warning',
  DepositPending: 'pending',
  Paid: 'success',
};

const cents = (dollars: number): number => toCents(dollars) ?? Math.round(dollars * 100);

/** An amount in dollars (as the API gives it) as "$1,234.50". */
export const money = (dollars: number): string => formatNzd(cents(dollars));

export type OptionOf<T extends PaymentType> = Extract<PaymentOptionDto, { type: T }>;
export const optionOf = <T extends PaymentType>(p: PaymentDto, type: T): OptionOf<T> | undefined =>
  p.paymentOptions.find((o): o is OptionOf<T> => o.type === type);

/**
 * The council's account as the deposit instructions show it (docs/payments.md): the number in the
 * portal's form (`01-0902-0068389-00`) when it is a valid NZ account, else as the invoice has it;
 * the bank's name as the council gave it, else the name of its bank number where known.
 */
export function depositAccountOf(d: OptionOf<'Deposit'>): {
  accountNumber: string;
  bankName: string | undefined;
} {
  const checked = checkNzBankAccount(d.accountNumber);
  const accountNumber = checked.ok ? checked.account.formatted : d.accountNumber.trim();
  const bankName = d.bankName.trim() || (checked.ok ? nzBankName(checked.account.bank) : undefined);
  return { accountNumber, bankName };
}

/** What paying by card costs: the base and, when the council charges one, the surcharge. */
export function cardTotalCents(p: PaymentDto): number {
  const gateway = optionOf(p, 'Gateway');
  return cents(p.baseAmount) + (gateway?.surchargeFlag ? cents(p.surchargeAmount) : 0);
}

/** What the viewer may do with an invoice now, and why not when they may not. */
export interface PayActions {
  card: boolean;
  deposit: boolean;
  council: OptionOf<'Council'> | undefined;
  /** Why nothing can be paid now (paid, a claim waiting, no Edit access). */
  reason: string | undefined;
}

export function payActions(p: PaymentDto, canEdit: boolean, needEdit: string): PayActions {
  const start = paymentTransition(p.status, 'startCardSession');
  const claim = paymentTransition(p.status, 'claimDeposit');
  const reason = !start.ok ? start.reason : !canEdit ? needEdit : undefined;
  const open = start.ok && canEdit;
  return {
    card: open && !!optionOf(p, 'Gateway'),
    deposit: claim.ok && canEdit && !!optionOf(p, 'Deposit'),
    council: start.ok ? optionOf(p, 'Council') : undefined,
    reason,
  };
}

/** Today's date in New Zealand (yyyy-mm-dd): a deposit cannot be claimed for a later day. */
export const nzToday = (now: Date = new Date()): string =>
  now.toLocaleDateString('en-CA', { timeZone: 'Pacific/Auckland' });

/** The application's invoices still awaiting payment, and their total (base amounts). */
export function outstandingOf(payments: readonly PaymentDto[]): { count: number; totalCents: number } {
  const open = payments.filter((p) => p.status === 'AwaitingPayment');
  return { count: open.length, totalCents: open.reduce((n, p) => n + cents(p.baseAmount), 0) };
}

/** A paid invoice's receipt: how, when and how much was paid, and the reference to quote. */
export interface Receipt {
  method: PaymentType;
  date: string;
  amountCents: number;
  surchargeCents: number;
  reference: string;
  transactionId: string | undefined;
}

export function receiptOf(p: PaymentDto): Receipt | undefined {
  if (p.status !== 'Paid') return undefined;
  const method = p.paymentMethod ?? 'Council';
  // The transaction that paid: the approved card payment, or the deposit claimed (last first).
  const paying = [...p.transactions]
    .reverse()
    .find((t) => (method === 'Gateway' ? t.result === 'Approved' : t.paymentMethod === method));
  const surchargeCents = paying ? cents(paying.surchargePaid) : 0;
  return {
    method,
    date: p.paymentDate ?? paying?.transactionDate ?? p.issuedDate,
    amountCents: paying ? cents(paying.amount) : cents(p.baseAmount),
    surchargeCents,
    reference: p.reference,
    transactionId: paying?.transactionId,
  };
}
