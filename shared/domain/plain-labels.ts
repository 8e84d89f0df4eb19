import type { ApplicationStatus } from '../schemas/applications.js';
import { statusExplanation, statusLabel } from './applications.js';
import type { TransactionResult } from './payments.js';
import type { RfiPointStatusValue } from './rfis.js';

/**
 * The plain words of every status an applicant sees (docs/content-guide.md):
 * a label, and a sentence saying what it means for them and, where it asks something, what. Pages
 * read statuses through here, never print a code. The application statuses' labels are the
 * spec's (shared/domain/applications.ts); the words of the others are ours.
 */

export interface PlainText {
  label: string;
  explanation: string;
}

/** An application's status: "Suspended · RFIs" — "Waiting for your answers; …". */
export const applicationStatusText = (status: ApplicationStatus): PlainText => ({
  label: statusLabel(status),
  explanation: statusExplanation(status),
});

const SIGN_OFFS: Record<RfiPointStatusValue, PlainText & { tone: 'positive' | 'negative' | 'neutral' }> = {
  RESOLVED: {
    label: 'Accepted by the council',
    explanation: 'The council accepted this answer. Nothing more is needed on this point.',
    tone: 'positive',
  },
  NOT_RESOLVED: {
    label: 'Not accepted',
    explanation:
      'The council needs more on this point. It will ask again in a new request for information; you do not need to do anything until then.',
    tone: 'negative',
  },
  INCOMPLETE: {
    label: 'Incomplete',
    explanation:
      'The council found this answer incomplete. It will ask again in a new request for information; you do not need to do anything until then.',
    tone: 'negative',
  },
  SUBMITTED: {
    label: 'Sent to the council',
    explanation: 'The council has your answer and will sign the point off.',
    tone: 'neutral',
  },
  NOT_SUBMITTED: {
    label: 'Not sent yet',
    explanation: 'Your answer has not been sent to the council yet.',
    tone: 'neutral',
  },
  NOT_SPECIFIED: {
    label: 'Signed off',
    explanation: 'The council has signed this point off. Nothing more is needed on it.',
    tone: 'neutral',
  },
};

/** What the council's sign-off of an RFI point means for the applicant. */
export const rfiSignOffText = (status: RfiPointStatusValue) => SIGN_OFFS[status] ?? SIGN_OFFS.NOT_SPECIFIED;

const CARD_RESULTS: Record<TransactionResult, PlainText> = {
  Approved: { label: 'Approved', explanation: 'The payment went through. Your receipt is below.' },
  Declined: {
    label: 'Declined',
    explanation:
      'Your bank declined the payment and no money was taken. Check the card details and try again, use another card, or pay another way.',
  },
  Error: {
    label: 'Not completed',
    explanation:
      'The payment could not be completed and no money was taken. Try again in a few minutes, or pay another way.',
  },
};

/** A card payment's result, with what to do next. */
export const cardResultText = (result: TransactionResult): PlainText => CARD_RESULTS[result];

/**
 * The gateway's own words about a card payment, when they say more than the result: in sentence
 * case ("SYSTEM ERROR" → "System error"); none when they only repeat it ("DECLINED").
 */
export function gatewayReason(message: string | undefined, result: TransactionResult): string | undefined {
  // "Declined: insufficient funds" says the result again before its reason.
  const text = message?.trim().replace(new RegExp(`^${result}\\s*[:\\-–]\\s*`, 'i'), '');
  if (!text || text.toLowerCase() === result.toLowerCase()) return undefined;
  const words = text === text.toUpperCase() ? text.toLowerCase() : text;
  return words[0]!.toUpperCase() + words.slice(1);
}

/**
 * The council's status of an upload to a required document group (docs/content-guide.md;
 * the label is the spec's word) and what it means for the applicant. An upload the council has not
 * reviewed yet reads "Awaiting Review".
 */
const DOCUMENT_REVIEWS: Record<string, PlainText & { tone: 'positive' | 'negative' | 'neutral' }> = {
  Required: {
    label: 'Required',
    explanation: 'The council needs this document. Upload it in this section.',
    tone: 'negative',
  },
  Received: {
    label: 'Received',
    explanation: 'The council has this document and will review it.',
    tone: 'neutral',
  },
  'Awaiting Review': {
    label: 'Awaiting Review',
    explanation: 'The council has this document and will review it. You do not need to do anything.',
    tone: 'neutral',
  },
  Accepted: {
    label: 'Accepted',
    explanation: 'The council accepted this document. Nothing more is needed.',
    tone: 'positive',
  },
  Rejected: {
    label: 'Rejected',
    explanation: 'The council did not accept this document. Read why, then upload a replacement.',
    tone: 'negative',
  },
  Withdrawn: {
    label: 'Withdrawn',
    explanation: 'This document was withdrawn. The council will not review it.',
    tone: 'neutral',
  },
};

/** What the council's review of an upload means (undefined: not reviewed yet → Awaiting Review). */
export const documentReviewText = (councilStatus: string | undefined) =>
  DOCUMENT_REVIEWS[councilStatus ?? 'Awaiting Review'] ?? {
    label: councilStatus!,
    explanation: 'The council has reviewed this document.',
    tone: 'neutral' as const,
  };
