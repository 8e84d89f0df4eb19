import { randomUUID } from 'node:crypto';
import paymentOptions from '../../shared/reference/payment-options.json' with { type: 'json' };
import { PaymentOptionsReference } from '../../shared/schemas/payments.js';
import { entities } from '../platform/data/service.js';
import { webUrl } from '../platform/adapters/web-url.js';
import { windcaveGateway } from '../platform/adapters/payments/windcave.js';
import type { PaymentGateway } from '../platform/adapters/payments/gateway.js';
import { catalogue } from '../reference/catalogue.js';
import { councilFeedItems } from '../council/lodgement.js';
import * as repo from './repository/payments.js';
import { paymentsService, type PaymentPorts } from './service/payments.js';

const OPTIONS = PaymentOptionsReference.parse(paymentOptions);

/**
 * The gateway of this deployment: Windcave's REST API at PAYMENT_GATEWAY_URL with
 * PAYMENT_GATEWAY_USER and PAYMENT_GATEWAY_KEY (locally the stand-in, which speaks the same subset).
 */
function gatewayFromEnv(): PaymentGateway {
  const baseUrl = process.env.PAYMENT_GATEWAY_URL;
  if (!baseUrl) {
    const missing = async (): Promise<never> => {
      throw new Error('payments: PAYMENT_GATEWAY_URL is not set');
    };
    return { createSession: missing, querySession: missing };
  }
  return windcaveGateway({
    baseUrl,
    username: process.env.PAYMENT_GATEWAY_USER ?? '',
    apiKey: process.env.PAYMENT_GATEWAY_KEY ?? '',
  });
}

/** The payments' ports on the table, the reference data and the gateway (tests give fakes). */
export function tablePorts(gateway: PaymentGateway = gatewayFromEnv()): PaymentPorts {
  return {
    now: () => new Date(),
    newId: () => randomUUID(),
    payments: repo.paymentsOf,
    application: async (applicationId) =>
      (await entities.application.get({ applicationId }).go({ consistent: true })).data ?? undefined,
    session: repo.sessionOf,
    pendingSessions: repo.pendingSessionsBefore,
    authority: (authorityId) => {
      const authority = catalogue().authority(authorityId);
      if (!authority) return undefined;
      const options = OPTIONS[authorityId];
      return { paymentsEnabled: authority.paymentsEnabled, ...(options ? { options } : {}) };
    },
    documentNames: repo.documentNamesOf,
    gateway,
    returnUrl: async (applicationId, paymentId) =>
      `${(await webUrl()) ?? ''}/application-details/${applicationId}/payment-details/${paymentId}`,
    notificationUrl: async () => `${process.env.API_URL ?? ''}/public/payments/notifications`,
    write: (change) => repo.writePaymentChange(change, councilFeedItems),
  };
}

export const tableServices = (gateway?: PaymentGateway) => ({
  payments: paymentsService(tablePorts(gateway)),
});
