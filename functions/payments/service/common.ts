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
/** Writes of one change at most: the first, and again after a change of the application alone. */
const WRITE_ATTEMPTS = 4;
/** What a change of an invoice is conditional on, and what it builds on (its transactions). */
const invoiceState = (p: PaymentRecord) =>
  JSON.stringify([p.status, p.cardSessionId ?? null, p.transactions ?? []]);

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
  /**
   * Writes the change (one transaction, the application conditional on its etag). One lost to a
   * change of the application alone — the council moving its workflow, another invoice settled — is
   * written again on the application as it is now, while the invoice is still as read (its status,
   * card session and transactions); a change of the invoice itself is a Conflict (docs/payments.md).
   */
  async function mustWrite(change: PaymentChange) {
    let c = change;
    for (let attempt = 1; !(await ports.write(c)); attempt++) {
      if (attempt >= WRITE_ATTEMPTS) throw new Conflict(CHANGED);
      const [application, all] = await Promise.all([
        ports.application(c.application.applicationId),
        ports.payments(c.application.applicationId),
      ]);
      const current = all.find((p) => p.paymentId === c.paymentId);
      const asRead = c.update
        ? !!current && invoiceState(current) === invoiceState(c.update.before)
        : !current;
      if (!application || !asRead) throw new Conflict(CHANGED);
      const after = c.update ? { ...current!, ...c.update.set } : c.create!;
      c = { ...c, application, hasOutstandingPayments: flagAfter(current ? all : [...all, after], after) };
    }
  }

  return { paymentOf, flagAfter, transition, offered, mustWrite };
}
