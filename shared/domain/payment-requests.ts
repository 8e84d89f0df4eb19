/**
 * Invite to pay (docs/payments.md "Invite to pay"): a payment request sends a
 * named payer a link to one invoice. The pure rules: how long a link lives, when the reminder goes,
 * whether a request still opens, and the messages.
 */
/** The scheduled jobs of a payment request (functions/payments/scheduled.ts, `payload.job`). */
export const REMINDER_JOB = 'payment-request-reminder';
export const EXPIRY_JOB = 'payment-request-expiry';

export const paymentRequestStatuses = ['Open', 'Paid', 'Expired', 'Cancelled'] as const;
export type PaymentRequestStatus = (typeof paymentRequestStatuses)[number];

const DAY_MS = 24 * 60 * 60_000;
/** A link lives 14 days from sending. */
export const REQUEST_LIFETIME_MS = 14 * DAY_MS;
/** The reminder goes 3 days before the link expires. */
export const REMINDER_BEFORE_MS = 3 * DAY_MS;

export const paymentRequestMessages = {
  linkInvalid: 'This payment link is no longer valid',
  alreadyPaid: 'This invoice has been paid',
  notAwaiting: 'Only an invoice awaiting payment can be sent to a payer',
  requestNotFound: 'Payment request not found',
  proofNotAccepted: 'A payer cannot attach a proof document',
} as const;

export const expiresAtOf = (sentAt: Date): Date => new Date(sentAt.getTime() + REQUEST_LIFETIME_MS);
export const reminderAtOf = (expiresAt: Date | string): Date =>
  new Date(new Date(expiresAt).getTime() - REMINDER_BEFORE_MS);

/**
 * Whether a payer link still opens at `now`: Open or Paid (the payer sees the receipt) and not past
 * its expiry, whatever the expiry job has done yet. Cancelled and Expired never open.
 */
export function linkOpens(request: { status: PaymentRequestStatus; expiresAt: string }, now: Date): boolean {
  if (request.status !== 'Open' && request.status !== 'Paid') return false;
  return Date.parse(request.expiresAt) > now.getTime();
}

/** The request's status as a reader should see it: an Open one past its expiry is Expired. */
export function effectiveRequestStatus(
  request: { status: PaymentRequestStatus; expiresAt: string },
  now: Date,
): PaymentRequestStatus {
  return request.status === 'Open' && Date.parse(request.expiresAt) <= now.getTime()
    ? 'Expired'
    : request.status;
}

/** The one-off schedules of a request (names of at most 64 characters: a prefix and a UUID). */
export const reminderScheduleName = (requestId: string) => `pay-request-remind-${requestId}`;
export const expiryScheduleName = (requestId: string) => `pay-request-expire-${requestId}`;

/** How an invoice was paid, in words ("by card"); the council's own record says nothing of how. */
const PAID_HOW: Record<string, string> = { Gateway: 'paid by card', Deposit: 'paid by direct deposit' };

/**
 * A request's status as the applicant's list says it (docs/payments.md): the truth about the
 * invitation. "Paid" is the invoice's state, not the payer's act (anyone may have paid it), so a
 * closed request says the invitation closed and how the invoice was paid.
 */
export function requestStatusText(
  status: PaymentRequestStatus,
  invoice: { paymentMethod?: string | undefined },
): string {
  switch (status) {
    case 'Open':
      return 'Waiting for payment';
    case 'Paid': {
      const how = invoice.paymentMethod ? PAID_HOW[invoice.paymentMethod] : undefined;
      return `Invitation closed — ${how ?? 'invoice paid'}`;
    }
    case 'Expired':
      return 'Expired';
    case 'Cancelled':
      return 'Withdrawn';
  }
}
