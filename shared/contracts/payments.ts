import { defineContract } from './define.js';
import { CouncilApplicationParams } from '../schemas/council.js';
import {
  ClaimPayment,
  CouncilPaymentParams,
  DepositDecision,
  IssueInvoice,
  PaidAtCouncil,
  PaymentDto,
  PaymentNotificationQuery,
  PaymentParams,
  PaymentSessionRequest,
  PaymentSessionResponse,
  PaymentsResponse,
} from '../schemas/payments.js';
import { ApplicationIdParams } from '../schemas/applications.js';
import {
  PayerClaim,
  PayerSessionRequest,
  PayerView,
  PayerViewRequest,
  PaymentRequestCreate,
  PaymentRequestDto,
  PaymentRequestParams,
  PaymentRequestsResponse,
} from '../schemas/payment-requests.js';

/** The payments' routes (docs/payments.md). */
export const contract = defineContract('payments', {
  'GET /user/applications/{id}/payments': {
    params: ApplicationIdParams,
    response: PaymentsResponse,
    summary: 'Every invoice of the application with its options and transactions',
  },
  'GET /user/applications/{id}/payments/{paymentId}': {
    params: PaymentParams,
    response: PaymentDto,
    summary: 'One invoice',
  },
  'PATCH /user/applications/{id}/payments/{paymentId}': {
    params: PaymentParams,
    body: ClaimPayment,
    response: PaymentDto,
    summary:
      'Claims a direct deposit (the date paid, an optional proof document): AwaitingPayment → DepositPending',
  },
  'POST /user/applications/{id}/payments/{paymentId}/sessions': {
    params: PaymentParams,
    body: PaymentSessionRequest,
    response: PaymentSessionResponse,
    summary:
      'Starts a card session at the gateway (where to pay), or with its token asks the gateway how it went',
  },
  'GET /public/payments/notifications': {
    query: PaymentNotificationQuery,
    status: 204,
    summary: "The gateway's notification: the session is asked about and settled once",
  },
  'POST /public/payments/notifications': {
    query: PaymentNotificationQuery,
    status: 204,
    summary: "The gateway's notification: the session is asked about and settled once",
  },
  'GET /council/applications/{id}/payments': {
    params: CouncilApplicationParams,
    response: PaymentsResponse,
    summary: 'The invoices of a lodged application with their transactions',
  },
  'POST /council/applications/{id}/payments': {
    params: CouncilApplicationParams,
    body: IssueInvoice,
    status: 201,
    response: PaymentDto,
    idempotent: true,
    summary: "Issues an invoice with the authority's payment options (the card surcharge computed)",
  },
  'POST /council/applications/{id}/payments/{paymentId}/deposit-decision': {
    params: CouncilPaymentParams,
    body: DepositDecision,
    response: PaymentDto,
    idempotent: true,
    summary: 'Confirms a claimed deposit (Paid) or rejects the claim with a reason (AwaitingPayment)',
  },
  'POST /council/applications/{id}/payments/{paymentId}/paid-at-council': {
    params: CouncilPaymentParams,
    body: PaidAtCouncil,
    response: PaymentDto,
    idempotent: true,
    summary: 'Records a payment made at the council (Paid)',
  },
  'POST /user/applications/{id}/payments/{paymentId}/requests': {
    params: PaymentParams,
    body: PaymentRequestCreate,
    status: 201,
    response: PaymentRequestDto,
    summary:
      "Sends the invoice to a named payer's email with a link (14 days); resending to the same email cancels the earlier link",
  },
  'GET /user/applications/{id}/payments/{paymentId}/requests': {
    params: PaymentParams,
    response: PaymentRequestsResponse,
    summary: 'The payment requests of an invoice, newest first',
  },
  'DELETE /user/applications/{id}/payments/{paymentId}/requests/{requestId}': {
    params: PaymentRequestParams,
    status: 204,
    summary: 'Cancels a payment request: its link stops working (idempotent)',
  },
  'POST /public/payment-requests/view': {
    body: PayerViewRequest,
    response: PayerView,
    summary:
      "The payer's link (its token in the body, never the URL): that invoice, the site's address and the application number",
  },
  'POST /public/payment-requests/sessions': {
    body: PayerSessionRequest,
    response: PaymentSessionResponse,
    summary:
      "The payer's card session (returning to the payer's page), or with its sessionId how it went; a new session once paid: 409",
  },
  'POST /public/payment-requests/claim': {
    body: PayerClaim,
    response: PayerView,
    summary: 'The payer claims a direct deposit (no proof document): DepositPending; once paid: 409',
  },
});
