/**
 * Notifications' pure rules (docs/notifications.md):
 * the types, how loud each kind of news is, and what a notification level lets through.
 */

import { nzWallClock } from './dates.js';
import { nzDayBounds, nzInstant } from './nz-days.js';

/** The spec's notification types. */
export const notificationTypes = [
  'Payment',
  'RFI',
  'Application',
  'ApplicationSubmit',
  'Participant',
  'Organisation',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** The section of the application details page a notification of this type leads to. */
export function notificationSection(type: NotificationType): 'RFIs' | 'Payments' | 'People' | undefined {
  return type === 'RFI'
    ? 'RFIs'
    : type === 'Payment'
      ? 'Payments'
      : type === 'Participant'
        ? 'People'
        : undefined;
}

export const notificationRecipientTypes = ['User', 'Application', 'Organisation'] as const;

/** The per-application levels (docs/notifications.md). */
export const notificationLevels = ['Watching', 'Normal', 'Muted'] as const;
export type NotificationLevelValue = (typeof notificationLevels)[number];

/**
 * How much a piece of news asks of its reader:
 * - action: the user must do something (an RFI raised, an invoice issued, a deposit rejected);
 * - milestone: the application reached a step (accepted, granted, refused, CCC, paid, submitted);
 * - activity: anything else worth knowing (a point signed off, a stage moved, a participant changed).
 */
export const notificationKinds = ['action', 'milestone', 'activity'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Where a notification goes: the inbox (bell and list) and, separately, by email. */
export interface Delivery {
  inbox: boolean;
  email: boolean;
}

const LETS_THROUGH: Record<NotificationLevelValue, readonly NotificationKind[]> = {
  Watching: ['action', 'milestone', 'activity'],
  Normal: ['action', 'milestone'],
  Muted: ['action'],
};

/**
 * The one rule of levels: Watching → every kind; Normal → action and milestone; Muted → action
 * only. What passes goes to the inbox, and by email when the user's email preference is on.
 */
export function deliveryOf(
  kind: NotificationKind,
  level: NotificationLevelValue,
  emailOn: boolean,
): Delivery {
  const told = LETS_THROUGH[level].includes(kind);
  return { inbox: told, email: told && emailOn };
}

/**
 * The level that applies to a user on an application: the participant's own (their access row),
 * else the user's default (`defaultApplicationNotificationLevel`), else Normal.
 */
export function effectiveLevel(
  participantLevel: NotificationLevelValue | undefined,
  userDefault: NotificationLevelValue | undefined,
): NotificationLevelValue {
  return participantLevel ?? userDefault ?? 'Normal';
}

/** Page sizes of the web's lists (docs/notifications.md): the first load 7, further pages 20. */
export const NOTIFICATIONS_FIRST_PAGE = 7;
export const NOTIFICATIONS_NEXT_PAGE = 20;
export const NOTIFICATIONS_MAX_PAGE = 50;

/** How a user's notification emails come (the notification profile's `emailDigest`). */
export const emailDigests = ['immediate', 'hourly', 'daily'] as const;
export type EmailDigest = (typeof emailDigests)[number];

/** Daily digests are mailed at this New Zealand hour (7 am, NZST or NZDT). */
export const DAILY_DIGEST_HOUR = 7;

/**
 * When the digest a notification written at `at` belongs to is due (ISO, a whole UTC hour; the
 * partition its entry waits in). Hourly: the next full hour. Daily: the period is the New Zealand
 * calendar day of `at` (midnight to midnight Pacific/Auckland: 23 or 25 hours on the days the clocks
 * change), mailed at {@link DAILY_DIGEST_HOUR} am New Zealand time the morning after (18:00 or 19:00
 * UTC). Immediate: undefined (mailed now). Every instant is in exactly one period, so across both
 * clock changes no hour is left out or counted twice. The digest job mails each due partition once.
 */
export function digestDue(digest: EmailDigest, at: Date): string | undefined {
  if (digest === 'immediate') return undefined;
  if (digest === 'daily') {
    const { end } = nzDayBounds(at);
    const c = nzWallClock(end)!;
    return nzInstant(c.year, c.month, c.day, DAILY_DIGEST_HOUR).toISOString();
  }
  const due = new Date(at.getTime());
  due.setUTCHours(due.getUTCHours() + 1, 0, 0, 0);
  return due.toISOString();
}

/** The due times (whole UTC hours) a digest run at `now` looks at: the last `hours`, oldest first. */
export function duePeriodEnds(now: Date, hours: number): string[] {
  const top = new Date(now.getTime());
  top.setUTCMinutes(0, 0, 0);
  return Array.from({ length: hours }, (_, i) =>
    new Date(top.getTime() - (hours - 1 - i) * 3_600_000).toISOString(),
  );
}

/** An email's unsubscribe link works this long (docs/notifications.md "Unsubscribe"). */
export const UNSUBSCRIBE_LINK_DAYS = 60;
export const unsubscribeMessages = {
  linkInvalid: 'This unsubscribe link is no longer valid',
} as const;
