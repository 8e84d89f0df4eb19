/**
 * The payments' domain events (docs/events.md, docs/payments.md), written in the transaction of each
 * change (repository/payments.ts). The council hears of a claim and of a card payment on its feed;
 * the notifications issue tells the people concerned.
 */
interface PaymentEventData {
  authorityId: string;
  paymentId: string;
  status: string;
  /** The invoice's name (its description) and the amount it asks, or the amount received (card: with the surcharge), in cents: what the notification names. */
  description?: string;
  amountCents?: number;
}
/** A payment request's event (invite to pay): no payer's name or email, only ids and the status. */
interface PaymentRequestEventData extends PaymentEventData {
  requestId: string;
}
declare module '../platform/events/types.js' {
  interface DomainEventCatalogue {
    PaymentIssued: { aggregate: 'application'; data: PaymentEventData };
    DepositClaimed: { aggregate: 'application'; data: PaymentEventData };
    DepositConfirmed: { aggregate: 'application'; data: PaymentEventData };
    DepositRejected: { aggregate: 'application'; data: PaymentEventData };
    PaymentMarkedPaid: { aggregate: 'application'; data: PaymentEventData };
    CardSessionStarted: { aggregate: 'application'; data: PaymentEventData };
    /** A card session settled: `result` is the gateway's (Approved, Declined, Error) or Abandoned. */
    CardPaymentSettled: { aggregate: 'application'; data: PaymentEventData & { result: string } };
    /** Invite to pay: a request sent (or resent: the old one is cancelled in the same transaction). */
    PaymentRequestSent: { aggregate: 'application'; data: PaymentRequestEventData };
    PaymentRequestCancelled: { aggregate: 'application'; data: PaymentRequestEventData };
    PaymentRequestExpired: { aggregate: 'application'; data: PaymentRequestEventData };
    /** The invoice was paid (by anyone): its Open requests are Paid. */
    PaymentRequestClosed: { aggregate: 'application'; data: PaymentRequestEventData };
  }
}

export {};
