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

/**
 * Text someone else typed (the applicant's message, the names), made inert for mail clients'
 * link detection (docs/payments.md: invite to pay is not a mail relay). Mail clients turn URL-like
 * plain text into links, in text and HTML mail alike, so what looks like one is defanged the way
 * security notices write them: `https://x.nz/a` → `https[:]//x[.]nz/a`, `www.x.nz` →
 * `www[.]x[.]nz`, `a@x.nz` → `a[@]x[.]nz`, `mailto:` → `mailto[:]`, `10.0.0.1` → `10[.]0[.]0[.]1`.
 * Ordinary text (amounts, "e.g.", "v1.2", "5.30pm") is left alone.
 */
export function neutraliseLinks(text: string): string {
  return (
    text
      // Any scheme://, and the schemes that need no slashes.
      .replace(/\b([a-z][a-z0-9+.-]*):\/\//gi, '$1[:]//')
      .replace(/\b(mailto|tel|sms|callto|javascript|vbscript|data|file|news):/gi, '$1[:]')
      // An email address's @.
      .replace(/([a-z0-9._%+-])@(?=[a-z0-9-]+\.)/gi, '$1[@]')
      // A host name (labels ending in one of two letters or more) or an IPv4 address: its dots.
      .replace(/\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b|\b\d{1,3}(?:\.\d{1,3}){3}\b/gi, (host) =>
        host.replace(/\./g, '[.]'),
      )
  );
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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

/**
 * The request: the invoice, who asked, and the link (the only place the token is ever written).
 * The applicant's message is quoted and attributed to them (never the council's words), and it, like
 * the names the applicant typed, is made inert ({@link neutraliseLinks}); the HTML part escapes it
 * too, so its only anchor is the payment link.
 */
export function requestMail(f: RequestMailFacts, link: string): MailMessage {
  const payer = neutraliseLinks(f.payerName);
  const inviter = neutraliseLinks(f.inviterName);
  const message = f.message ? neutraliseLinks(f.message) : undefined;
  const attribution = `Message from ${inviter} (the applicant; not from ${f.authorityName}):`;
  const opening = `${inviter} has asked you to pay an invoice from ${f.authorityName} for the building consent application ${f.applicationNumber} at ${f.address}.`;
  const validity = `The link shows this invoice only and works until ${nzDate(f.expiresAt)}. It is yours: please do not forward it.`;
  const text = [
    `Kia ora ${payer},`,
    '',
    opening,
    '',
    ...invoiceLines(f),
    ...(message ? ['', attribution, ...message.split(/\r?\n/).map((line) => `> ${line}`)] : []),
    '',
    `Pay by card or by direct deposit here: ${link}`,
    '',
    validity,
    '',
    `Nga mihi,`,
    f.authorityName,
  ].join('\n');
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    p(`Kia ora ${payer},`),
    p(opening),
    `<p>${invoiceLines(f).map(escapeHtml).join('<br>')}</p>`,
    ...(message
      ? [
          p(attribution),
          `<blockquote style="margin:0 0 1em 0;padding:0 0 0 12px;border-left:3px solid #8c8c8c;color:#414d5c;white-space:pre-wrap">${escapeHtml(message)}</blockquote>`,
        ]
      : []),
    `<p>Pay by card or by direct deposit here: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    p(validity),
    `<p>Nga mihi,<br>${escapeHtml(f.authorityName)}</p>`,
  ].join('\n');
  return { to: f.payerEmail, subject: requestSubject(f), text, html };
}

/**
 * The reminder, 3 days before the link expires. It carries no link: only the token's hash is kept,
 * so the payer uses the link in the first email (or asks for it to be sent again).
 */
export function reminderMail(f: RequestMailFacts): MailMessage {
  const inviter = neutraliseLinks(f.inviterName);
  const text = [
    `Kia ora ${neutraliseLinks(f.payerName)},`,
    '',
    `A reminder: ${inviter} asked you on ${nzDate(f.sentAt)} to pay an invoice from ${f.authorityName}. It has not been paid yet.`,
    '',
    ...invoiceLines(f),
    '',
    `The link in that email works until ${nzDate(f.expiresAt)}. If you cannot find it, ask ${inviter} to send it again.`,
    '',
    `Nga mihi,`,
    f.authorityName,
  ].join('\n');
  return { to: f.payerEmail, subject: `Reminder: ${requestSubject(f)}`, text };
}
