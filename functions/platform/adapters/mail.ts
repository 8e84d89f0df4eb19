import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { requireEnv } from '../config.js';
import { sesClient } from './aws/ses.js';
import { recordMetric } from '../observability/metrics.js';
import type { emailKinds } from '../observability/catalogue.js';

/** Immediate: a notification's own mail; Digest: a digest; Transactional: the rest (an invitation, a request). */
export type EmailKind = (typeof emailKinds)[number];

export interface MailMessage {
  /** What the mail is, for the EmailsSent metric (default Transactional: a one-off mail of an action). */
  kind?: EmailKind;
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  sendMail(message: MailMessage): Promise<{ messageId: string }>;
}

const recipients = (to: string | string[]) => (Array.isArray(to) ? to : [to]);

/**
 * Local transport: one JSON file per message in `dir`, named `<ISO time>-<uuid>.json` (colons
 * replaced) so a directory listing sorts by send time.
 */
export function outboxTransport(
  dir: string,
  from: string,
  now: () => Date = () => new Date(),
): MailTransport {
  return {
    async sendMail(message) {
      await mkdir(dir, { recursive: true });
      const at = now().toISOString();
      const messageId = randomUUID();
      const file = join(dir, `${at.replace(/:/g, '-')}-${messageId}.json`);
      const record = {
        messageId,
        sentAt: at,
        from,
        to: recipients(message.to),
        subject: message.subject,
        text: message.text,
        html: message.html,
      };
      await writeFile(file, JSON.stringify(record, null, 2) + '\n', { flag: 'wx' });
      return { messageId };
    },
  };
}

/** AWS transport: SES v2 SendEmail. */
export function sesTransport(from: string): MailTransport {
  return {
    async sendMail(message) {
      const out = await sesClient().send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: recipients(message.to) },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: {
                Text: { Data: message.text, Charset: 'UTF-8' },
                ...(message.html !== undefined ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
              },
            },
          },
        }),
      );
      return { messageId: out.MessageId ?? '' };
    },
  };
}

/** The transport named by MAIL_TRANSPORT ('outbox' or 'ses'); sender from MAIL_FROM. */
export function transportFromEnv(): MailTransport {
  const kind = requireEnv('MAIL_TRANSPORT');
  const from = requireEnv('MAIL_FROM');
  if (kind === 'outbox') return outboxTransport(process.env.MAIL_OUTBOX_DIR || '.local/mail', from);
  if (kind === 'ses') return sesTransport(from);
  throw new Error(`Unknown MAIL_TRANSPORT '${kind}' (expected 'outbox' or 'ses')`);
}

let transport: MailTransport | undefined;

/**
 * Sends one message through the configured transport (chosen once per Lambda), and counts it
 * (EmailsSent by kind) once the transport took it. Cognito's own messages are not sent here.
 */
export async function sendMail(message: MailMessage): Promise<{ messageId: string }> {
  transport ??= transportFromEnv();
  const { kind = 'Transactional', ...mail } = message;
  const sent = await transport.sendMail(mail);
  recordMetric('EmailsSent', { kind });
  return sent;
}

/** Replaces the transport (tests, or a local stack that wants its own). */
export function setMailTransport(next: MailTransport | undefined): void {
  transport = next;
}
