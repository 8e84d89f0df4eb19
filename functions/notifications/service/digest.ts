import { duePeriodEnds } from '../../../shared/domain/notifications.js';
import type { MailMessage } from '../../platform/adapters/mail.js';
import { UNSUBSCRIBE_TEXT } from './unsubscribe.js';

/** An entry waiting for its recipient's digest (functions/platform/data/entities/notifications.ts). */
export interface DigestEntry {
  digestDue: string;
  recipientId: string;
  notificationId: string;
  email: string;
  firstName?: string | undefined;
  createdDate: string;
  shortText: string;
  link: string;
}

export interface DigestPorts<E extends DigestEntry = DigestEntry> {
  entries(digestDue: string): Promise<E[]>;
  /** Creates the (recipient, period) sent record; false when it exists (mailed already). */
  claim(recipientId: string, digestDue: string, count: number): Promise<boolean>;
  remove(entries: readonly E[]): Promise<void>;
  sendMail(message: MailMessage): Promise<unknown>;
  now(): Date;
  /** A fresh unsubscribe link for an email to the user (service/unsubscribe.ts). */
  unsubscribeLink?(userId: string): Promise<string>;
}

/** A run looks back this many hours (a day's period and a missed day of runs). */
export const DIGEST_LOOKBACK_HOURS = 48;

export const digestSubject = (count: number) =>
  `Your Consent Portal notifications: ${count} update${count === 1 ? '' : 's'}`;

/** The digest mail of one recipient's entries, oldest first. */
export function digestMail(entries: readonly DigestEntry[], unsubscribe?: string): MailMessage {
  const [first] = entries;
  const lines = entries.flatMap((e) => [`- ${e.shortText}`, `  ${e.link}`]);
  return {
    kind: 'Digest',
    to: first!.email,
    subject: digestSubject(entries.length),
    text: [
      first!.firstName ? `Kia ora ${first!.firstName},` : 'Kia ora,',
      '',
      ...lines,
      ...(unsubscribe ? ['', `${UNSUBSCRIBE_TEXT} ${unsubscribe}`] : []),
    ].join('\n'),
  };
}

/**
 * The digest job (docs/notifications.md "Digest"): every period that has ended in the last
 * {@link DIGEST_LOOKBACK_HOURS} hours, one mail per recipient listing their entries; the
 * (recipient, period) record is created before the mail, so a rerun or a concurrent run mails
 * nobody twice; the entries are deleted after.
 */
export function digestService<E extends DigestEntry>(ports: DigestPorts<E>) {
  return {
    async run(): Promise<{ mailed: number; entries: number }> {
      let mailed = 0;
      let count = 0;
      for (const due of duePeriodEnds(ports.now(), DIGEST_LOOKBACK_HOURS)) {
        const entries = await ports.entries(due);
        if (entries.length === 0) continue;
        const byRecipient = new Map<string, E[]>();
        for (const e of entries)
          byRecipient.set(e.recipientId, [...(byRecipient.get(e.recipientId) ?? []), e]);
        for (const [recipientId, mine] of byRecipient) {
          mine.sort((a, b) => a.createdDate.localeCompare(b.createdDate));
          if (await ports.claim(recipientId, due, mine.length)) {
            await ports.sendMail(digestMail(mine, await ports.unsubscribeLink?.(recipientId)));
            mailed++;
          }
          await ports.remove(mine);
          count += mine.length;
        }
      }
      return { mailed, entries: count };
    },
  };
}
