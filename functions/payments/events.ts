/**
 * The payments' domain events (docs/events.md, docs/payments.md), written in the transaction of each
 * change (repository/payments.ts). The council hears of a claim and of a card payment on its feed;
 * the notifications issue tells the people concerned.
 */
interface PaymentEventData {
  authorityId: string;
  paymentId: string;
  status: string;
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
  }
}

export {};
