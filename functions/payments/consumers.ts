import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import { recordMetric } from '../platform/observability/metrics.js';
import { tableServices } from './ports.js';
import type { MailLinkOutcome } from './service/requests.js';
import './events.js';

/** What the payments' consumers need of the payment requests (service/requests.ts). */
export interface RequestConsumerPort {
  closeOnPayment(applicationId: string, paymentId: string): Promise<number>;
  mailLink(applicationId: string, requestId: string): Promise<MailLinkOutcome>;
  scheduleJobs(applicationId: string, requestId: string): Promise<'Scheduled' | 'NotOpen'>;
  unscheduleJobs(requestId: string): Promise<void>;
}

// The table's services, made on first use.
let services: ReturnType<typeof tableServices> | undefined;
const requestsOnTable = () => (services ??= tableServices()).requests;
const tableRequests: RequestConsumerPort = {
  closeOnPayment: (applicationId, paymentId) => requestsOnTable().closeOnPayment(applicationId, paymentId),
  mailLink: (applicationId, requestId) => requestsOnTable().mailLink(applicationId, requestId),
  scheduleJobs: (applicationId, requestId) => requestsOnTable().scheduleJobs(applicationId, requestId),
  unscheduleJobs: (requestId) => requestsOnTable().unscheduleJobs(requestId),
};

/**
 * The payments' consumers of domain events (docs/events.md, docs/payments.md "Invite to pay"):
 * - `payments.requestMail`: a sent request's link, minted and mailed to the payer once (`mailLink`);
 * - `payments.requestSchedules`: a sent request's reminder and expiry jobs; a closed one's go;
 * - `payments.closeRequests`: an invoice paid by anyone (a card approved, a deposit confirmed, paid
 *   at the council) closes its Open payment requests (Paid; their schedules go with the event). The
 *   payer's link does not wait for it: access reads the invoice's own status.
 */
export function paymentConsumers(requests: RequestConsumerPort = tableRequests): EventConsumer[] {
  return [
    defineConsumer({
      name: 'payments.requestMail',
      handles: ['PaymentRequestSent'],
      async handle(event, { logger }) {
        const { requestId } = event.data;
        const outcome = await requests.mailLink(event.aggregate.id, requestId);
        if (outcome === 'LinkUnsure') {
          // A delivery stopped between minting the link and marking it mailed: no second link.
          recordMetric('PaymentRequestMailsUnsure');
          logger.warn('payments: a request link was minted but not marked mailed; no second mail', {
            requestId,
          });
        } else logger.info('payments: request mail', { requestId, outcome });
      },
    }),
    defineConsumer({
      name: 'payments.requestSchedules',
      handles: [
        'PaymentRequestSent',
        'PaymentRequestCancelled',
        'PaymentRequestExpired',
        'PaymentRequestClosed',
      ],
      async handle(event, { logger }) {
        const { requestId } = event.data;
        if (event.type === 'PaymentRequestSent') {
          const outcome = await requests.scheduleJobs(event.aggregate.id, requestId);
          logger.info('payments: request jobs', { requestId, outcome });
        } else await requests.unscheduleJobs(requestId);
      },
    }),
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
