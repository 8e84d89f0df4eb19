import { formatNzd } from '../../../shared/domain/payments.js';
import type { MailMessage } from '../../platform/adapters/mail.js';

/** What a payer's mail names (docs/payments.md "Invite to pay"). */
export interface RequestMailFacts {
  payerName: string;
  payerEmail: string;
  inviterName: string;
  authorityName: string;
  applicationNumber: string;
  address: string;
  description: string;
  reference: string;
  baseCents: number;
  surchargeCents: number;
  dueDate?: string | undefined;
  message?: string | undefined;
  expiresAt: string;
  sentAt: string;
}

/** A date as a New Zealander reads it: "27 November 2026". */
const nzDate = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString('en-NZ', {
    // A calendar date (yyyy-mm-dd) is that day; an instant is its day in New Zealand.
    timeZone: iso.length === 10 ? 'UTC' : 'Pacific/Auckland',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

const amountLine = (f: RequestMailFacts) =>
  `${formatNzd(f.baseCents)}${f.surchargeCents > 0 ? ` plus a card surcharge of ${formatNzd(f.surchargeCents)} if paid by card` : ''}`;

const invoiceLines = (f: RequestMailFacts) => [
  `Invoice: ${f.description} (reference ${f.reference})`,
  `Amount: ${amountLine(f)}`,
  ...(f.dueDate ? [`Due: ${nzDate(f.dueDate)}`] : []),
  `Application: ${f.applicationNumber}, ${f.address}`,
];

export const requestSubject = (f: Pick<RequestMailFacts, 'description' | 'address'>) =>
  `Payment requested: ${f.description} for ${f.address}`;

/** The request: the invoice, who asked, and the link (the only place the token is ever written). */
export function requestMail(f: RequestMailFacts, link: string): MailMessage {
  const text = [
    `Kia ora ${f.payerName},`,
    '',
    `${f.inviterName} has asked you to pay an invoice from ${f.authorityName} for the building consent application ${f.applicationNumber} at ${f.address}.`,
    '',
    ...invoiceLines(f),
    ...(f.message ? ['', `${f.inviterName} says: ${f.message}`] : []),
    '',
    `Pay by card or by direct deposit here: ${link}`,
    '',
    `The link shows this invoice only and works until ${nzDate(f.expiresAt)}. It is yours: please do not forward it.`,
    '',
    `Nga mihi,`,
    f.authorityName,
  ].join('\n');
  return { to: f.payerEmail, subject: requestSubject(f), text };
}

/**
 * The reminder, 3 days before the link expires. It carries no link: only the token's hash is kept,
 * so the payer uses the link in the first email (or asks for it to be sent again).
 */
export function reminderMail(f: RequestMailFacts): MailMessage {
  const text = [
    `Kia ora ${f.payerName},`,
    '',
    `A reminder: ${f.inviterName} asked you on ${nzDate(f.sentAt)} to pay an invoice from ${f.authorityName}. It has not been paid yet.`,
    '',
    ...invoiceLines(f),
    '',
    `The link in that email works until ${nzDate(f.expiresAt)}. If you cannot find it, ask ${f.inviterName} to send it again.`,
    '',
    `Nga mihi,`,
    f.authorityName,
  ].join('\n');
  return { to: f.payerEmail, subject: `Reminder: ${requestSubject(f)}`, text };
}
