import { randomBytes, randomUUID } from 'node:crypto';
import paymentOptions from '../../shared/reference/payment-options.json' with { type: 'json' };
import { PaymentOptionsReference } from '../../shared/schemas/payments.js';
import { entities } from '../platform/data/service.js';
import { webUrl } from '../platform/adapters/web-url.js';
import { windcaveGateway } from '../platform/adapters/payments/windcave.js';
import { GatewayUnavailable, type PaymentGateway } from '../platform/adapters/payments/gateway.js';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsManagerClient } from '../platform/adapters/aws/secrets-manager.js';
import { catalogue, demoDataMode, withoutPlaceholderAccounts } from '../reference/index.js';
import * as repo from './repository/payments.js';
import * as requestRepo from './repository/requests.js';
import { paymentsService, type PaymentPorts } from './service/payments.js';
import { paymentRequests, type RequestPorts } from './service/requests.js';
import { payerTokenHash } from '../platform/access.js';
import { sendMail } from '../platform/adapters/mail.js';
import { cancel, schedule } from '../platform/adapters/scheduler.js';
import { logger } from '../platform/logger.js';
import { tableRateCounter } from '../platform/data/rate-counter.js';
import { rateLimiter, rateLimitsFrom } from '../platform/rate-limit.js';

// A prod-like stage offers no deposit into a placeholder account (functions/reference/demo-data.ts).
const parsedOptions = PaymentOptionsReference.parse(paymentOptions);
const OPTIONS = demoDataMode() === 'excluded' ? withoutPlaceholderAccounts(parsedOptions) : parsedOptions;

/**
 * The gateway of this deployment: Windcave's REST API at PAYMENT_GATEWAY_URL, with the REST user and
 * key from PAYMENT_GATEWAY_USER / PAYMENT_GATEWAY_KEY or else the PAYMENT_GATEWAY_SECRET_ARN secret
 * (JSON with those two fields; read once per cold start). Locally the stand-in
 * (infra/local/payment-gateway.ts), which speaks the same subset.
 */
function gatewayFromEnv(env = process.env): PaymentGateway {
  let made: Promise<PaymentGateway> | undefined;
  const make = async (): Promise<PaymentGateway> => {
    const baseUrl = env.PAYMENT_GATEWAY_URL;
    if (!baseUrl) throw new GatewayUnavailable('payments: PAYMENT_GATEWAY_URL is not set');
    let { PAYMENT_GATEWAY_USER: username, PAYMENT_GATEWAY_KEY: apiKey } = env;
    if ((!username || !apiKey) && env.PAYMENT_GATEWAY_SECRET_ARN) {
      const out = await secretsManagerClient().send(
        new GetSecretValueCommand({ SecretId: env.PAYMENT_GATEWAY_SECRET_ARN }),
      );
      const secret = JSON.parse(out.SecretString ?? '{}') as Record<string, string | undefined>;
      username ||= secret.PAYMENT_GATEWAY_USER;
      apiKey ||= secret.PAYMENT_GATEWAY_KEY;
    }
    if (!username || !apiKey) throw new GatewayUnavailable('payments: the gateway credentials are not set');
    return windcaveGateway({ baseUrl, username, apiKey });
  };
  const gateway = () =>
    (made ??= make().catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
  return {
    createSession: async (input) => (await gateway()).createSession(input),
    querySession: async (id) => (await gateway()).querySession(id),
  };
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
    // Through the site's /api on AWS (CloudFront in front of the API); locally the API itself.
    notificationUrl: async () =>
      process.env.PAYMENT_NOTIFICATION_URL ?? `${(await webUrl()) ?? ''}/api/public/payments/notifications`,
    write: repo.writePaymentChange,
    warn: (message, details) => logger.warn(message, details),
  };
}

/** The payment requests' ports (invite to pay): the table, mail, the scheduler. */
export function requestPorts(payments: PaymentPorts): RequestPorts {
  return {
    now: () => new Date(),
    newId: () => randomUUID(),
    newToken: () => randomBytes(32).toString('base64url'),
    hashToken: payerTokenHash,
    requests: requestRepo.requestsOf,
    request: requestRepo.requestOf,
    payments: payments.payments,
    application: payments.application,
    session: payments.session,
    writeRequests: requestRepo.writeRequestChanges,
    storeLinkHash: requestRepo.storeLinkHash,
    clearLinkHash: requestRepo.clearLinkHash,
    markMailed: requestRepo.markMailed,
    sendMail,
    schedule,
    cancel,
    webUrl: async () => (await webUrl()) ?? '',
    personName: async (userId) => {
      const { data } = await entities.user.get({ userId }).go();
      const name = [data?.firstName, data?.lastName].filter(Boolean).join(' ').trim();
      return name || undefined;
    },
    authorityName: (authorityId) => catalogue().authority(authorityId)?.displayName ?? authorityId,
    limits: rateLimiter({ counter: tableRateCounter, limits: rateLimitsFrom(process.env.RATE_LIMITS) }),
  };
}

export const tableServices = (gateway?: PaymentGateway) => {
  const ports = tablePorts(gateway);
  const payments = paymentsService(ports);
  return { payments, requests: paymentRequests(requestPorts(ports), payments) };
};
