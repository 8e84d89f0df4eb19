import {
  PaymentDto,
  PaymentSessionResponse,
  PaymentsResponse,
  type ClaimPayment,
} from '../../../shared/schemas/payments';
import {
  PayerView,
  PaymentRequestDto,
  PaymentRequestsResponse,
  type PayerClaim,
  type PaymentRequestCreate,
} from '../../../shared/schemas/payment-requests';
import { api } from './call';

/**
 * The payment calls (docs/payments.md): the application's invoices, one
 * invoice, a deposit claimed, and a card session started or asked about. Answers are parsed with
 * the shared schemas.
 */

export const paymentsApi = {
  list: async (applicationId: string, signal?: AbortSignal) =>
    PaymentsResponse.parse(
      await api('GET /user/applications/{id}/payments', { params: { id: applicationId }, signal }),
    ),
  get: async (applicationId: string, paymentId: string, signal?: AbortSignal) =>
    PaymentDto.parse(
      await api('GET /user/applications/{id}/payments/{paymentId}', {
        params: { id: applicationId, paymentId },
        signal,
      }),
    ),
  /** PATCH …/payments/{paymentId}: a direct deposit claimed (DepositPending). */
  claim: async (applicationId: string, paymentId: string, body: ClaimPayment) =>
    PaymentDto.parse(
      await api('PATCH /user/applications/{id}/payments/{paymentId}', {
        params: { id: applicationId, paymentId },
        body,
      }),
    ),
  /**
   * POST …/sessions: without `sessionId`, a card session and the gateway's page to pay on; with it
   * (the payer back from the gateway), how the payment went, as the gateway says.
   */
  session: async (applicationId: string, paymentId: string, sessionId?: string) =>
    PaymentSessionResponse.parse(
      await api('POST /user/applications/{id}/payments/{paymentId}/sessions', {
        params: { id: applicationId, paymentId },
        body: { paymentMethod: 'Gateway', ...(sessionId ? { token: sessionId } : {}) },
      }),
    ),
};

/** Invite to pay (docs/payments.md "Invite to pay"): the applicant's requests to a named payer. */
export const paymentRequestsApi = {
  list: async (applicationId: string, paymentId: string, signal?: AbortSignal) =>
    PaymentRequestsResponse.parse(
      await api('GET /user/applications/{id}/payments/{paymentId}/requests', {
        params: { id: applicationId, paymentId },
        signal,
      }),
    ),
  create: async (applicationId: string, paymentId: string, body: PaymentRequestCreate) =>
    PaymentRequestDto.parse(
      await api('POST /user/applications/{id}/payments/{paymentId}/requests', {
        params: { id: applicationId, paymentId },
        body,
      }),
    ),
  cancel: (applicationId: string, paymentId: string, requestId: string) =>
    api('DELETE /user/applications/{id}/payments/{paymentId}/requests/{requestId}', {
      params: { id: applicationId, paymentId, requestId },
    }),
};

/**
 * The payer's link (no account): the invoice it shows, a card session, a deposit claimed. The link's
 * token goes in the POST body, never in the URL (docs/payments.md).
 */
export const payerApi = {
  view: async (token: string, signal?: AbortSignal) =>
    PayerView.parse(
      await api('POST /public/payment-requests/view', {
        body: { token },
        signal,
        anonymous: true,
      }),
    ),
  session: async (token: string, sessionId?: string) =>
    PaymentSessionResponse.parse(
      await api('POST /public/payment-requests/sessions', {
        anonymous: true,
        body: { token, paymentMethod: 'Gateway', ...(sessionId ? { sessionId } : {}) },
      }),
    ),
  claim: async (token: string, body: Omit<PayerClaim, 'token'>) =>
    PayerView.parse(
      await api('POST /public/payment-requests/claim', {
        anonymous: true,
        body: { token, ...body },
      }),
    ),
};

export const paymentKeys = {
  all: ['payments'] as const,
  list: (applicationId: string) => [...paymentKeys.all, applicationId] as const,
  detail: (applicationId: string, paymentId: string) =>
    [...paymentKeys.all, applicationId, paymentId] as const,
  session: (sessionId: string) => [...paymentKeys.all, 'session', sessionId] as const,
  requests: (applicationId: string, paymentId: string) =>
    [...paymentKeys.all, applicationId, paymentId, 'requests'] as const,
  payer: (token: string) => [...paymentKeys.all, 'payer', token] as const,
};
