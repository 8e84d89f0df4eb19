import type { MailMessage } from '../../platform/adapters/mail.js';
import type { InvitationRecord } from '../repository/invitations.js';
import type { MergeInvitationRecord } from '../repository/merges.js';

export const INVITATION_MAIL_SUBJECT = 'You have been invited to join an organisation on the Consent Portal';
export const MERGE_MAIL_SUBJECT = 'Your organisation has been invited to merge on the Consent Portal';

const greeting = (first?: string) => (first ? `Kia ora ${first},` : 'Kia ora,');

/**
 * The registration link of an invitation: its secret in the URL's fragment, which browsers never
 * send to a server (so no access log or Referer carries it); the page reads it and POSTs it.
 */
export const registrationLink = (webUrl: string | undefined, secret: string): string =>
  `${webUrl ?? ''}/registration-via-invitation#code=${secret}`;

/**
 * The invitation mail: who invites, and the link that works for the person — the dashboard (where
 * the invitation alert is) for an existing account (`secret` undefined), else the registration link
 * with the secret only this mail carries (docs/organisations.md "The registration link").
 */
export function invitationMail(
  inv: InvitationRecord,
  secret: string | undefined,
  webUrl: string | undefined,
): MailMessage {
  const base = webUrl ?? '';
  const who = inv.organisationName ?? 'An organisation';
  const link =
    secret === undefined
      ? `Sign in to accept or decline it on your dashboard: ${base}/`
      : `Create your account to join: ${registrationLink(webUrl, secret)}`;
  const text = [
    greeting(inv.firstName),
    '',
    `${who} has invited you to join their organisation on the Consent Portal.`,
    '',
    link,
    '',
    `The invitation expires on ${inv.expiryDate.slice(0, 10)}.`,
  ].join('\n');
  return { to: inv.email, subject: INVITATION_MAIL_SUBJECT, text };
}

/** The merge mail to the invitee organisation's admin: accept or reject on the dashboard. */
export function mergeMail(inv: MergeInvitationRecord, webUrl: string | undefined): MailMessage {
  const text = [
    greeting(inv.inviteeFirstName),
    '',
    `${inv.organisationName ?? 'An organisation'} has invited ${inv.inviteeOrganisationName ?? 'your organisation'} to merge into it on the Consent Portal.`,
    'Accepting moves every member and contact of your organisation into theirs.',
    '',
    `Sign in to accept or reject it on your dashboard: ${webUrl ?? ''}/`,
    '',
    `The invitation expires on ${inv.expiryDate.slice(0, 10)}.`,
  ].join('\n');
  return { to: inv.inviteeEmail, subject: MERGE_MAIL_SUBJECT, text };
}
