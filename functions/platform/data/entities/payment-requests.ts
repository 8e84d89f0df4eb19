import { lazyEntity } from '../lazy.js';
import { model, timestamps } from './common.js';
import { paymentRequestStatuses } from '../../../../shared/domain/payment-requests.js';

/**
 * A request to pay one invoice, sent to a named payer (docs/payments.md "Invite to pay"). Only the
 * SHA-256 of the link's token is stored (base64url), by the mail consumer that mints the link; the
 * payer's link finds the request by it on gsi1 (no Scan; sparse until then), then reads it
 * consistently by its key. Status changes (Open → Paid | Expired |
 * Cancelled) are each conditional on Open, in one transaction with their event.
 */
export const paymentRequest = lazyEntity({
  model: model('paymentRequest'),
  attributes: {
    applicationId: { type: 'string', required: true, readOnly: true },
    requestId: { type: 'string', required: true, readOnly: true },
    paymentId: { type: 'string', required: true, readOnly: true },
    /** Set by the mail consumer when it mints the link (absent until then: no link opens it). */
    tokenHash: { type: 'string' },
    /** When the link's mail was handed to the mail service (the consumer's mark: no second mail). */
    mailedAt: { type: 'string' },
    payerName: { type: 'string', required: true },
    payerEmail: { type: 'string', required: true },
    message: { type: 'string' },
    /** Who sent it (a user id). */
    sentBy: { type: 'string', required: true },
    status: { type: paymentRequestStatuses, required: true, default: 'Open' },
    sentAt: { type: 'string', required: true },
    expiresAt: { type: 'string', required: true },
    remindedAt: { type: 'string' },
    closedAt: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byApplication: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['requestId'] },
    },
    byToken: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['tokenHash'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: [] },
    },
  },
});
