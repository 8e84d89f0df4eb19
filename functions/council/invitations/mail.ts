import type { MailMessage } from '../../platform/adapters/mail.js';
import { formatNzDate } from '../../../shared/domain/dates.js';
import type { RegisteredApplicantInvitationRecord } from './repository.js';

export const REGISTERED_APPLICANT_MAIL_SUBJECT =
  'You have been invited to become a registered applicant on the Consent Portal';

/** The invitee's mail: who invites, and where to answer (the dashboard; an account with this email). */
export function registeredApplicantInvitationMail(
  inv: RegisteredApplicantInvitationRecord,
  webUrl: string | undefined,
): MailMessage {
  const base = webUrl ?? '';
  const text = [
    inv.firstName ? `Kia ora ${inv.firstName},` : 'Kia ora,',
    '',
    `${inv.bcaName ?? 'A council'} has invited you to become a registered applicant on the Consent Portal.`,
    '',
    `Sign in with this email address (or create an account with it) to accept or reject the invitation on your dashboard: ${base}/`,
    ...(inv.expiryDate ? ['', `The invitation expires on ${formatNzDate(inv.expiryDate)}.`] : []),
  ].join('\n');
  return { to: inv.email, subject: REGISTERED_APPLICANT_MAIL_SUBJECT, text };
}
