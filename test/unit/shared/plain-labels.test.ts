/**
 * Every status the applicant sees has a plain label, and a sentence where it asks something of them
 * or leaves them wondering (docs/content-guide.md). Pinned here so a new status
 * cannot reach a page as its code.
 */
import { describe, expect, it } from 'vitest';
import {
  applicationStatusText,
  cardResultText,
  documentReviewText,
  gatewayReason,
  rfiSignOffText,
} from '../../../shared/domain/plain-labels';
import { applicationStatuses } from '../../../shared/schemas/applications';
import { rfiPointStatusValues } from '../../../shared/domain/rfis';
import { transactionResults } from '../../../shared/domain/payments';

const CODE = /^[A-Z_]{3,}$|[a-z][A-Z]|_/;

describe('plain labels', () => {
  it('application statuses: a label that is not the code, and a sentence', () => {
    for (const status of applicationStatuses) {
      const { label, explanation } = applicationStatusText(status);
      expect(label, status).not.toMatch(CODE);
      expect(explanation, status).toMatch(/^[A-Z].*\.$/);
    }
    expect(applicationStatusText('InProgress').label).toBe('In Progress');
    expect(applicationStatusText('VRFISuspended')).toEqual({
      label: 'Suspended · RFIs',
      explanation: "Waiting for your answers; the council's clock is paused.",
    });
  });

  it('RFI sign-offs say what they mean for the applicant', () => {
    for (const status of rfiPointStatusValues) {
      const { label, explanation } = rfiSignOffText(status);
      expect(label, status).not.toMatch(CODE);
      expect(explanation, status).toMatch(/^[A-Z].*\.$/);
    }
    expect(rfiSignOffText('RESOLVED')).toEqual({
      label: 'Accepted by the council',
      explanation: 'The council accepted this answer. Nothing more is needed on this point.',
      tone: 'positive',
    });
    expect(rfiSignOffText('NOT_RESOLVED')).toEqual({
      label: 'Not accepted',
      explanation:
        'The council needs more on this point. It will ask again in a new request for information; you do not need to do anything until then.',
      tone: 'negative',
    });
  });

  it('card results: a plain label and the next step; declined and failed say no money was taken', () => {
    for (const result of transactionResults) {
      const { label, explanation } = cardResultText(result);
      expect(label, result).not.toMatch(CODE);
      expect(explanation, result).toMatch(/^[A-Z].*\.$/);
    }
    expect(cardResultText('Declined')).toEqual({
      label: 'Declined',
      explanation:
        'Your bank declined the payment and no money was taken. Check the card details and try again, use another card, or pay another way.',
    });
    expect(cardResultText('Error').explanation).toContain('no money was taken');
  });

  it("the gateway's own words only when they add something, never as a shouted code", () => {
    expect(gatewayReason('DECLINED', 'Declined')).toBeUndefined();
    expect(gatewayReason('APPROVED', 'Approved')).toBeUndefined();
    expect(gatewayReason(undefined, 'Declined')).toBeUndefined();
    expect(gatewayReason('SYSTEM ERROR', 'Error')).toBe('System error');
    expect(gatewayReason('INSUFFICIENT FUNDS', 'Declined')).toBe('Insufficient funds');
    expect(gatewayReason('Card expired', 'Declined')).toBe('Card expired');
    expect(gatewayReason('Declined: insufficient funds', 'Declined')).toBe('Insufficient funds');
  });
});

describe('documentReviewText (docs/content-guide.md): the council’s review of an upload in the spec’s words', () => {
  it('labels each Document status with the spec’s word and says what it means', () => {
    expect(documentReviewText('Rejected')).toMatchObject({
      label: 'Rejected',
      explanation: 'The council did not accept this document. Read why, then upload a replacement.',
      tone: 'negative',
    });
    expect(documentReviewText('Accepted').tone).toBe('positive');
    expect(documentReviewText(undefined).label).toBe('Awaiting Review');
    for (const s of ['Required', 'Received', 'Awaiting Review', 'Accepted', 'Rejected', 'Withdrawn'])
      expect(documentReviewText(s).label).toBe(s);
  });
});
