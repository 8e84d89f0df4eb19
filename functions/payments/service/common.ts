import {
  hasOutstandingPayments,
  paymentMessages,
  paymentTransition,
  type PaymentAction,
  type PaymentType,
} from '../../../shared/domain/payments.js';
import type { AuthorityPaymentOptions } from '../../../shared/schemas/payments.js';
import type { ApplicationRecord } from '../../platform/access.js';
import type { PaymentGateway } from '../../platform/adapters/payments/gateway.js';
import { Conflict, NotFound } from '../../platform/errors.js';
import { optionsOf, type PaymentRecord, type PaymentSessionRecord } from './dto.js';
import type { PaymentChange } from '../model/records.js';

export type { PaymentChange, PaymentEventType } from '../model/records.js';

export interface PaymentPorts {
  now(): Date;
  newId(): string;
  payments(applicationId: string): Promise<PaymentRecord[]>;
  application(applicationId: string): Promise<ApplicationRecord | undefined>;
  session(sessionId: string): Promise<PaymentSessionRecord | undefined>;
  /** Sessions still Pending that started before `before` (and after `after`), oldest first. */
  pendingSessions(before: string, limit: number, after?: string): Promise<PaymentSessionRecord[]>;
  /** The authority's payment settings (reference data). */
  authority(authorityId: string): { paymentsEnabled: boolean; options?: AuthorityPaymentOptions } | undefined;
  /** The names of the application's documents (a proof or an invoice document names one). */
  documentNames(applicationId: string): Promise<Set<string>>;
  gateway: PaymentGateway;
  /** Where the payer returns to, and where the gateway notifies. */
  returnUrl(applicationId: string, paymentId: string): Promise<string>;
  notificationUrl(): Promise<string>;
  /** Runs a change as one transaction; false when something changed meanwhile. */
  write(change: PaymentChange): Promise<boolean>;
  /** A warning for the operators (ids and field names only: nothing personal). */
  warn(message: string, details: Record<string, unknown>): void;
}

const CHANGED = 'The payment changed meanwhile; read it again';

/** The rules every payment change shares: find the invoice, its next status, the flag, the write. */
export function paymentRules(ports: PaymentPorts) {
  async function paymentOf(applicationId: string, paymentId: string) {
    const all = await ports.payments(applicationId);
    const payment = all.find((p) => p.paymentId === paymentId);
    if (!payment) throw new NotFound(paymentMessages.paymentNotFound);
    return { all, payment };
  }
  const flagAfter = (all: PaymentRecord[], changed: PaymentRecord) =>
    hasOutstandingPayments(all.map((p) => (p.paymentId === changed.paymentId ? changed : p)));
  function transition(p: PaymentRecord, action: PaymentAction) {
    const t = paymentTransition(p.status, action);
    if (!t.ok) throw new Conflict(t.reason);
    return t.status;
  }
  function offered(p: PaymentRecord, type: PaymentType) {
    const option = optionsOf(p).find((o) => o.type === type);
    if (!option) throw new Conflict(paymentMessages.optionNotOffered(type));
    return option;
  }
  async function mustWrite(change: PaymentChange) {
    if (!(await ports.write(change))) throw new Conflict(CHANGED);
  }

  return { paymentOf, flagAfter, transition, offered, mustWrite };
}
