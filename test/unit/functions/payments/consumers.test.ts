import { describe, expect, it } from 'vitest';
import { paymentConsumers } from '../../../../functions/payments/consumers.js';

/** The payments' consumer closing a paid invoice's payment requests (functions/payments/consumers.ts). */
describe('the closing consumer', () => {
  it('closes on an event that left the invoice Paid, and only then', async () => {
    const calls: string[] = [];
    const consumer = paymentConsumers({
      closeOnPayment: async (a, p) => {
        calls.push(`${a}/${p}`);
        return 1;
      },
      mailLink: async () => 'Mailed',
      scheduleJobs: async () => 'Scheduled',
      unscheduleJobs: async () => undefined,
    }).find((c) => c.name === 'payments.closeRequests');
    const logger = { info: () => undefined } as never;
    const event = (type: string, status: string) =>
      ({ type, aggregate: { type: 'application', id: '100' }, data: { paymentId: 'pay1', status } }) as never;
    await consumer!.handle(event('CardPaymentSettled', 'AwaitingPayment'), { logger });
    await consumer!.handle(event('DepositConfirmed', 'Paid'), { logger });
    expect(consumer!.handles).toEqual(['CardPaymentSettled', 'DepositConfirmed', 'PaymentMarkedPaid']);
    expect(calls).toEqual(['100/pay1']);
  });
});
