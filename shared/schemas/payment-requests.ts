import * as z from 'zod';
import { paymentRequestStatuses } from '../domain/payment-requests.js';
import { ClaimPayment, PaymentDto, PaymentParams } from './payments.js';
import { Email } from './fields.js';
import { Id } from './common.js';

/**
 * Invite to pay (docs/payments.md "Invite to pay"): the applicant's requests to a
 * named payer, and what the payer's link shows and does.
 */
export const PaymentRequestStatus = z.enum(paymentRequestStatuses);

/** POST /user/applications/{id}/payments/{paymentId}/requests. */
export const PaymentRequestCreate = z
  .object({
    payerName: z.string().trim().min(1, 'Required').max(100),
    payerEmail: Email,
    message: z.string().trim().max(500).optional(),
  })
  .strict();
export type PaymentRequestCreate = z.output<typeof PaymentRequestCreate>;

/** A request as the applicant sees it (never its link: only the payer's email holds it). */
export const PaymentRequestDto = z.object({
  requestId: z.string(),
  paymentId: z.string(),
  payerName: z.string(),
  payerEmail: z.string(),
  status: PaymentRequestStatus,
  sentAt: z.string(),
  expiresAt: z.string(),
  remindedAt: z.string().optional(),
  closedAt: z.string().optional(),
});
export type PaymentRequestDto = z.infer<typeof PaymentRequestDto>;
export const PaymentRequestsResponse = z.array(PaymentRequestDto);

export const PaymentRequestParams = PaymentParams.extend({ requestId: Id });

/**
 * The payer's link's token (32 random bytes, base64url: 43 characters), in the body of every payer
 * call: the mailed link carries it in the URL fragment, which no server sees, and the page POSTs it,
 * so no path or query string (which CloudFront and the API log) ever holds it (docs/payments.md).
 */
export const PayerToken = z.string().min(1).max(200);

/** POST /public/payment-requests/view. */
export const PayerViewRequest = z.object({ token: PayerToken }).strict();

/**
 * POST /public/payment-requests/sessions: a card session, or with `sessionId` (the gateway's, which
 * it appends to the return address) how it went.
 */
export const PayerSessionRequest = z
  .object({
    token: PayerToken,
    paymentMethod: z.literal('Gateway'),
    sessionId: z.string().trim().min(1).max(200).optional(),
  })
  .strict();

/** POST /public/payment-requests/view: only that invoice, the address and the application number. */
export const PayerView = z.object({
  payerName: z.string(),
  expiresAt: z.string(),
  /** The request's status. */
  status: PaymentRequestStatus,
  applicationId: z.string(),
  /** The application's number as the applicant sees it (its id until it has one). */
  applicationNumber: z.string(),
  /** The council's consent number, once it has given one. */
  consentNumber: z.string().optional(),
  /** The site's address on one line. */
  address: z.string(),
  authorityName: z.string(),
  payment: PaymentDto,
  /** Who sent the request (the applicant's name as others see it). */
  requestedBy: z.string(),
  /** Their message to the payer, if any: the applicant's words, shown quoted as plain text. */
  message: z.string().optional(),
});
export type PayerView = z.infer<typeof PayerView>;

/** POST /public/payment-requests/claim: a deposit claimed by the payer (no proof: no account to upload with). */
export const PayerClaim = ClaimPayment.omit({ proofDocumentName: true })
  .extend({ token: PayerToken })
  .strict();
export type PayerClaim = z.infer<typeof PayerClaim>;
