import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { logger } from '../platform/logger.js';
import { contract } from './contract.js';
import { tableServices } from './ports.js';

const { payments, requests } = tableServices();

/**
 * The gateway's notification: ask the gateway and settle. 204 when settled or asked about (and for
 * an unknown session, which tells a caller nothing); 503 when the table or the gateway could not be
 * reached, so the gateway sends it again (Windcave retries a 5xx). The catch-up job
 * (functions/payments/scheduled.ts) asks about what no notification settled.
 */
async function notified(sessionId: string) {
  try {
    if (!(await payments.notified(sessionId)))
      logger.warn('payments: a notification of an unknown session', { sessionId });
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    logger.warn('payments: a notification did not settle its session; answered 503 for a retry', {
      sessionId,
      error: cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause),
    });
    throw err;
  }
  return reply(204);
}

/**
 * Payments (docs/payments.md): invoices read (ReadOnly), a deposit claimed
 * and a card paid (Edit), the gateway's notification, and the council's invoices and decisions;
 * invite to pay: requests to a named payer (Edit) and the payer's link (its token the credential, in
 * the body).
 * Env: TABLE_NAME, PAYMENT_GATEWAY_URL, PAYMENT_GATEWAY_USER, PAYMENT_GATEWAY_KEY, WEB_URL, API_URL.
 */
export const routes = {
  'GET /user/applications/{id}/payments': async ({ application }) => payments.list(application.applicationId),
  'GET /user/applications/{id}/payments/{paymentId}': async ({ application, params }) =>
    payments.get(application.applicationId, params.paymentId),
  'PATCH /user/applications/{id}/payments/{paymentId}': async ({ caller, application, params, body }) =>
    payments.claim(caller.userId, application, params.paymentId, body),
  'POST /user/applications/{id}/payments/{paymentId}/sessions': async ({
    caller,
    application,
    params,
    body,
  }) => payments.session(caller.userId, application, params.paymentId, body.token),
  'GET /public/payments/notifications': async ({ query }) => notified(query.sessionId),
  'POST /public/payments/notifications': async ({ query }) => notified(query.sessionId),
  'GET /council/applications/{id}/payments': async ({ application }) =>
    payments.list(application.applicationId),
  'POST /council/applications/{id}/payments': async ({ council, application, idempotency, body }) =>
    reply(201, await payments.issue(council, application, idempotency, body)),
  'POST /council/applications/{id}/payments/{paymentId}/deposit-decision': async ({
    council,
    application,
    idempotency,
    params,
    body,
  }) => payments.depositDecision(council, application, idempotency, params.paymentId, body),
  'POST /council/applications/{id}/payments/{paymentId}/paid-at-council': async ({
    council,
    application,
    idempotency,
    params,
    body,
  }) => payments.markPaid(council, application, idempotency, params.paymentId, body),
  'POST /user/applications/{id}/payments/{paymentId}/requests': async ({
    caller,
    application,
    params,
    body,
  }) => reply(201, await requests.create(caller.userId, application, params.paymentId, body)),
  'GET /user/applications/{id}/payments/{paymentId}/requests': async ({ application, params }) =>
    requests.list(application.applicationId, params.paymentId),
  'DELETE /user/applications/{id}/payments/{paymentId}/requests/{requestId}': async ({
    caller,
    application,
    params,
  }) => {
    await requests.cancel(caller.userId, application, params.paymentId, params.requestId);
    return reply(204);
  },
  'POST /public/payment-requests/view': async (grant) => requests.view(grant),
  'POST /public/payment-requests/sessions': async ({ body, ...grant }) =>
    requests.session(grant, body.sessionId),
  'POST /public/payment-requests/claim': async ({ body: { token: _link, ...claim }, ...grant }) =>
    requests.claim(grant, claim),
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('payments', contract, routes);
