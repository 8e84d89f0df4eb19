import { nzCalendarDay } from './dates.js';

/**
 * Registered-applicant invitations (docs/council-api.md §4): a council
 * invites a person by email; the invitee answers Accepted or Rejected once, while it is Pending and
 * not past its expiry date. The council service and the web read the same rules.
 */

/** The validity when the council sends no `expiryDate` (our choice: the spec gives none). */
export const REGISTERED_APPLICANT_INVITATION_VALIDITY_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The expiry date an invitation sent at `sendingDate` gets: the council's, else the default. */
export const invitationExpiryDate = (sendingDate: string, expiryDate: string | undefined): string =>
  expiryDate ??
  new Date(Date.parse(sendingDate) + REGISTERED_APPLICANT_INVITATION_VALIDITY_DAYS * DAY_MS).toISOString();

/**
 * True once the invitation may no longer be answered: an instant has passed, or a bare date
 * (YYYY-MM-DD) is before today in New Zealand (the invitation is valid through that NZ day).
 */
export function isInvitationExpired(expiryDate: string | undefined, now: Date): boolean {
  if (!expiryDate) return false;
  if (BARE_DAY.test(expiryDate)) return expiryDate < nzCalendarDay(now)!;
  const at = Date.parse(expiryDate);
  return !Number.isNaN(at) && at <= now.getTime();
}

export const registeredApplicantInvitationMessages = {
  notFound: 'Invitation not found',
  alreadyAnswered: 'This invitation has already been answered',
  expired: 'This invitation has expired',
  expiryInPast: 'The expiry date must be in the future',
} as const;

export type InvitationAnswerRefusal = 'alreadyAnswered' | 'expired';

/** Why an invitation cannot be answered now, or undefined when it can (Pending and not expired). */
export function invitationAnswerRefusal(
  invitation: { status: string; expiryDate?: string | undefined },
  now: Date,
): InvitationAnswerRefusal | undefined {
  if (invitation.status !== 'Pending') return 'alreadyAnswered';
  if (isInvitationExpired(invitation.expiryDate, now)) return 'expired';
  return undefined;
}

/** Whether the invitee still sees it among the Pending ones (the dashboard's alert). */
export const isAnswerable = (
  invitation: { status: string; expiryDate?: string | undefined },
  now: Date,
): boolean => invitationAnswerRefusal(invitation, now) === undefined;

/** Emails match case-insensitively (and without surrounding spaces). */
export const sameEmail = (a: string | undefined, b: string | undefined): boolean =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
