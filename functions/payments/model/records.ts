/**
 * The payments' records and changes as the service builds them and the repository writes them
 * (docs/payments.md): types only, so the repository never imports a service.
 */
import type { EntityItem } from 'electrodb';
import type { ApplicationRecord } from '../../platform/access.js';
import type { payment, paymentSession } from '../../platform/data/entities/application.js';
import type { paymentRequest } from '../../platform/data/entities/payment-requests.js';
import type { Idempotency } from '../../platform/idempotency.js';

type StoredPayment = EntityItem<typeof payment>;
/** An invoice as stored (timestamps the table's). */
export type PaymentRecord = Omit<StoredPayment, 'createdAt' | 'updatedAt'> &
  Partial<Pick<StoredPayment, 'createdAt' | 'updatedAt'>>;
type StoredSession = EntityItem<typeof paymentSession>;
export type PaymentSessionRecord = Omit<StoredSession, 'createdAt' | 'updatedAt' | 'queue'> &
  Partial<Pick<StoredSession, 'createdAt' | 'updatedAt' | 'queue'>>;
export type TransactionRecord = NonNullable<PaymentRecord['transactions']>[number];

export type PaymentEventType =
  | 'PaymentIssued'
  | 'DepositClaimed'
  | 'DepositConfirmed'
  | 'DepositRejected'
  | 'PaymentMarkedPaid'
  | 'CardSessionStarted'
  | 'CardPaymentSettled';

/** One payment change, one transaction (the repository runs it whole, or not at all). */
export interface PaymentChange {
  application: ApplicationRecord;
  /** The application's flag after the change (the application is written conditional on its etag). */
  hasOutstandingPayments: boolean;
  action: PaymentEventType;
  actor: string;
  now: Date;
  /** The invoice the event is about. */
  paymentId: string;
  create?: PaymentRecord;
  /** The invoice changed, conditional on the status and the card session pointer it was read with. */
  update?: { before: PaymentRecord; set: Partial<PaymentRecord> };
  /** A card session created, or settled conditional on being Pending. */
  session?:
    | { create: PaymentSessionRecord }
    | { settle: { before: PaymentSessionRecord; set: Partial<PaymentSessionRecord> } };
  idempotency?: { idempotency: Idempotency; answer: unknown; statusCode?: number };
}

type StoredRequest = EntityItem<typeof paymentRequest>;
export type PaymentRequestRecord = Omit<StoredRequest, 'createdAt' | 'updatedAt'> &
  Partial<Pick<StoredRequest, 'createdAt' | 'updatedAt'>>;

export type RequestEventType =
  'PaymentRequestSent' | 'PaymentRequestCancelled' | 'PaymentRequestExpired' | 'PaymentRequestClosed';

/** One request created, or changed on condition that it is Open; with its event when `action`. */
export interface RequestChange {
  action?: RequestEventType;
  actor: string;
  authorityId: string;
  now: Date;
  create?: PaymentRequestRecord;
  update?: { before: PaymentRequestRecord; set: Partial<PaymentRequestRecord> };
}
