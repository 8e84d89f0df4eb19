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
import { apiRequest } from './client';

/**
 * The payment calls (portal-organisation §7; docs/payments.md): the application's invoices, one
 * invoice, a deposit claimed, and a card session started or asked about. Answers are parsed with
 * the shared schemas.
 */
const app = (id: string) => `/user/applications/${encodeURIComponent(id)}`;
const payment = (id: string, paymentId: string) => `${app(id)}/payments/${encodeURIComponent(paymentId)}`;

export const paymentsApi = {
  list: async (applicationId: string, signal?: AbortSignal) =>
    PaymentsResponse.parse(await apiRequest<unknown>(`${app(applicationId)}/payments`, { signal })),
  get: async (applicationId: string, paymentId: string, signal?: AbortSignal) =>
    PaymentDto.parse(await apiRequest<unknown>(payment(applicationId, paymentId), { signal })),
  /** PATCH …/payments/{paymentId}: a direct deposit claimed (DepositPending). */
  claim: async (applicationId: string, paymentId: string, body: ClaimPayment) =>
    PaymentDto.parse(await apiRequest<unknown>(payment(applicationId, paymentId), { method: 'PATCH', body })),
  /**
   * POST …/sessions: without `sessionId`, a card session and the gateway's page to pay on; with it
   * (the payer back from the gateway), how the payment went, as the gateway says.
   */
  session: async (applicationId: string, paymentId: string, sessionId?: string) =>
    PaymentSessionResponse.parse(
      await apiRequest<unknown>(`${payment(applicationId, paymentId)}/sessions`, {
        method: 'POST',
        body: { paymentMethod: 'Gateway', ...(sessionId ? { token: sessionId } : {}) },
      }),
    ),
};

/** Invite to pay (docs/payments.md "Invite to pay"): the applicant's requests to a named payer. */
export const paymentRequestsApi = {
  list: async (applicationId: string, paymentId: string, signal?: AbortSignal) =>
    PaymentRequestsResponse.parse(
      await apiRequest<unknown>(`${payment(applicationId, paymentId)}/requests`, { signal }),
    ),
  create: async (applicationId: string, paymentId: string, body: PaymentRequestCreate) =>
    PaymentRequestDto.parse(
      await apiRequest<unknown>(`${payment(applicationId, paymentId)}/requests`, { method: 'POST', body }),
    ),
  cancel: (applicationId: string, paymentId: string, requestId: string) =>
    apiRequest<void>(`${payment(applicationId, paymentId)}/requests/${encodeURIComponent(requestId)}`, {
      method: 'DELETE',
    }),
};

/**
 * The payer's link (no account): the invoice it shows, a card session, a deposit claimed. The link's
 * token goes in the POST body, never in the URL (issue 33 point 6).
 */
const PAYER = '/public/payment-requests';
export const payerApi = {
  view: async (token: string, signal?: AbortSignal) =>
    PayerView.parse(
      await apiRequest<unknown>(`${PAYER}/view`, {
        method: 'POST',
        body: { token },
        signal,
        anonymous: true,
      }),
    ),
  session: async (token: string, sessionId?: string) =>
    PaymentSessionResponse.parse(
      await apiRequest<unknown>(`${PAYER}/sessions`, {
        method: 'POST',
        anonymous: true,
        body: { token, paymentMethod: 'Gateway', ...(sessionId ? { sessionId } : {}) },
      }),
    ),
  claim: async (token: string, body: Omit<PayerClaim, 'token'>) =>
    PayerView.parse(
      await apiRequest<unknown>(`${PAYER}/claim`, {
        method: 'POST',
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
