import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  /** What sent it (e.g. 'cognito'). */
  source: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML body, when the message has one (Cognito's CustomMessage). */
  html?: string;
  /** The Cognito trigger source that made the message (CustomMessage_SignUp, ...). */
  trigger?: string;
  /** The verification / reset code, for tests and the demo. */
  code?: string;
  username?: string;
}

/**
 * Writes one mail into the outbox folder in the record shape functions/platform/adapters/mail.ts's outbox
 * transport uses (`<ISO time>-<uuid>.json`, {messageId, sentAt, from, to[], subject, text, html?}), so a
 * listing of the folder shows Cognito's codes among the portal's own mail, sorted by time.
 */
export function writeMail(dir: string, mail: OutboxMail): string {
  mkdirSync(dir, { recursive: true });
  const sentAt = new Date().toISOString();
  const messageId = randomUUID();
  const file = path.join(dir, `${sentAt.replace(/:/g, '-')}-${messageId}.json`);
  const record = {
    messageId,
    sentAt,
    from: 'Consent Portal <no-reply@verificationemail.com>',
    to: [mail.to],
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    source: mail.source,
    ...(mail.trigger ? { trigger: mail.trigger } : {}),
    ...(mail.code ? { code: mail.code } : {}),
    ...(mail.username ? { username: mail.username } : {}),
  };
  writeFileSync(file, JSON.stringify(record, null, 2) + '\n', { flag: 'wx' });
  return file;
}

/** A plain-text rendering of a simple HTML mail body (paragraphs, links, strong). */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2: $1')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
