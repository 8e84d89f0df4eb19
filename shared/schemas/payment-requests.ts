import * as z from 'zod';
import { paymentRequestStatuses } from '../domain/payment-requests.js';
import { ClaimPayment, PaymentDto, PaymentParams } from './payments.js';
import { Email } from './fields.js';
import { Id } from './common.js';

/**
 * Invite to pay (issue 19 point 4; docs/payments.md "Invite to pay"): the applicant's requests to a
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

/** The payer's link: the token in the path (32 random bytes, base64url: 43 characters). */
export const PayerTokenParams = z.object({ token: z.string().min(1).max(200) });

/** GET /public/payment-requests/{token}: only that invoice, the address and the application number. */
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

/** PATCH /public/payment-requests/{token}: a deposit claimed by the payer (no proof: no account to upload with). */
export const PayerClaim = ClaimPayment.omit({ proofDocumentName: true }).strict();
export type PayerClaim = z.infer<typeof PayerClaim>;
