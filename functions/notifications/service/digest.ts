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
  /**
   * The run's time left (the Lambda's `getRemainingTimeInMillis`): no recipient is started with
   * less than {@link DIGEST_STOP_MARGIN_MS} left, so a time-out never falls between a recipient's
   * claim and its mail (which would lose that digest). Absent: no limit.
   */
  remainingMs?(): number;
}

/** Recipients mailed at once: the table and the mail service each see at most this many calls in flight. */
export const DIGEST_CONCURRENCY = 8;

/** A recipient is started only with this much of the run left (a claim, a link, a mail, a delete). */
export const DIGEST_STOP_MARGIN_MS = 30_000;

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
 * nobody twice; the entries are deleted after. Recipients are mailed {@link DIGEST_CONCURRENCY} at
 * a time; when the run's time is nearly up, the recipients not started are left (their entries
 * stay) for the next run, and counted in `deferred`.
 */
export function digestService<E extends DigestEntry>(ports: DigestPorts<E>) {
  const timeLeft = () => ports.remainingMs?.() ?? Number.POSITIVE_INFINITY;

  async function mailOne(recipientId: string, due: string, mine: E[]): Promise<boolean> {
    mine.sort((a, b) => a.createdDate.localeCompare(b.createdDate));
    let mailed = false;
    if (await ports.claim(recipientId, due, mine.length)) {
      await ports.sendMail(digestMail(mine, await ports.unsubscribeLink?.(recipientId)));
      mailed = true;
    }
    await ports.remove(mine);
    return mailed;
  }

  return {
    async run(): Promise<{ mailed: number; entries: number; deferred: number }> {
      let mailed = 0;
      let count = 0;
      let deferred = 0;
      for (const due of duePeriodEnds(ports.now(), DIGEST_LOOKBACK_HOURS)) {
        const entries = await ports.entries(due);
        if (entries.length === 0) continue;
        const byRecipient = new Map<string, E[]>();
        for (const e of entries) {
          const mine = byRecipient.get(e.recipientId);
          if (mine) mine.push(e);
          else byRecipient.set(e.recipientId, [e]);
        }
        const queue = [...byRecipient];
        const worker = async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            if (timeLeft() < DIGEST_STOP_MARGIN_MS) {
              deferred += 1 + queue.length;
              queue.length = 0;
              return;
            }
            const [recipientId, mine] = next;
            if (await mailOne(recipientId, due, mine)) mailed++;
            count += mine.length;
          }
        };
        await Promise.all(Array.from({ length: Math.min(DIGEST_CONCURRENCY, queue.length) }, worker));
      }
      return { mailed, entries: count, deferred };
    },
  };
}
