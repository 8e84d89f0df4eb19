/**
 * The card payment gateway's port (docs/payments.md "Card payments"): the two calls the portal
 * makes, shaped on Windcave's hosted sessions. The portal learns an outcome only by asking
 * (`querySession`): a notification or the payer's return is a reason to ask, never an answer.
 */

export interface CreateSession {
  /** The amount to charge, surcharge included, in cents. */
  amountCents: number;
  currency: 'NZD';
  /** Ours, shown to the council's finance team: the invoice reference. */
  merchantReference: string;
  /** Where the payer comes back to (approved, declined or cancelled alike: the page asks the server). */
  returnUrl: string;
  /** Where the gateway tells us the session changed (unsigned; may repeat or never come). */
  notificationUrl: string;
  /**
   * When the hosted page stops taking payment (the session expires unused): an open session blocks
   * its invoice's next one (docs/payments.md "One open card session per invoice").
   */
  expiresAt: Date;
}

export interface CreatedSession {
  sessionId: string;
  /** The hosted payment page. */
  payUrl: string;
}

/** A session's outcome as the gateway tells it. */
export type SessionOutcome =
  | { state: 'pending' }
  | {
      state: 'done';
      result: 'Approved' | 'Declined' | 'Error';
      transactionId: string;
      /** The gateway's words, shown to the payer ("APPROVED", "DECLINED", …). */
      message: string;
      amountCents: number;
      /**
       * What the gateway charged in and under (the transaction's, else the session's): the portal
       * settles only when they, and the amount, match what it created (ASVS 11.1). Absent → no match.
       */
      currency?: string | undefined;
      merchantReference?: string | undefined;
    }
  /** The payer left without paying, or the session expired unused. */
  | { state: 'abandoned'; message: string };

export interface PaymentGateway {
  createSession(input: CreateSession): Promise<CreatedSession>;
  querySession(sessionId: string): Promise<SessionOutcome>;
}

/** The gateway could not be reached or answered something unusable: the call may be retried. */
export class GatewayUnavailable extends Error {
  override name = 'GatewayUnavailable';
}
