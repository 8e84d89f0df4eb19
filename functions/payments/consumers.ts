import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import { tableServices } from './ports.js';
import './events.js';

/** What closing needs: the requests of a paid invoice closed (service/requests.ts `closeOnPayment`). */
export interface CloseRequestsPort {
  closeOnPayment(applicationId: string, paymentId: string): Promise<number>;
}

// The table's services, made on first use (the consumers' Lambda loads every feature's consumers).
let services: ReturnType<typeof tableServices> | undefined;
const tableRequests: CloseRequestsPort = {
  closeOnPayment: (applicationId, paymentId) =>
    (services ??= tableServices()).requests.closeOnPayment(applicationId, paymentId),
};

/**
 * The payments' consumers of domain events (docs/events.md, docs/payments.md "Invite to pay"):
 * - `payments.closeRequests`: an invoice paid by anyone (a card approved, a deposit confirmed, paid
 *   at the council) closes its Open payment requests (Paid) and cancels their schedules. The payer's
 *   link does not wait for it: access reads the invoice's own status.
 */
export function paymentConsumers(requests: CloseRequestsPort = tableRequests): EventConsumer[] {
  return [
    defineConsumer({
      name: 'payments.closeRequests',
      handles: ['CardPaymentSettled', 'DepositConfirmed', 'PaymentMarkedPaid'],
      async handle(event, { logger }) {
        if (event.data.status !== 'Paid') return;
        const closed = await requests.closeOnPayment(event.aggregate.id, event.data.paymentId);
        if (closed) logger.info('payments: requests closed', { paymentId: event.data.paymentId, closed });
      },
    }),
  ];
}
