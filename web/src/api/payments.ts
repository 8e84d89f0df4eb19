import {
  PaymentDto,
  PaymentSessionResponse,
  PaymentsResponse,
  type ClaimPayment,
} from '../../../shared/schemas/payments';
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

export const paymentKeys = {
  all: ['payments'] as const,
  list: (applicationId: string) => [...paymentKeys.all, applicationId] as const,
  detail: (applicationId: string, paymentId: string) =>
    [...paymentKeys.all, applicationId, paymentId] as const,
  session: (sessionId: string) => [...paymentKeys.all, 'session', sessionId] as const,
};
