import type { EntityItem } from 'electrodb';
import { fullAddressOf } from '../../shared/domain/address.js';
import type { EmailDigest } from '../../shared/domain/notifications.js';
import { isConditionalCheckFailed } from '../platform/data/conditional.js';
import { entities, service } from '../platform/data/service.js';
import { NO_APPLICATION } from '../platform/data/entities/notifications.js';
import type { notification as notificationEntity } from '../platform/data/entities/notifications.js';
import type { notificationProfile as profileEntity } from '../platform/data/entities/notifications.js';
import type { AccessRowInfo, ApplicationInfo, NewNotification, ProfileSet, RecipientUser } from './model.js';

/** Reads and writes of notifications and their users' profiles (docs/notifications.md). */
export type NotificationRecord = EntityItem<typeof notificationEntity>;
export type NotificationProfileRecord = EntityItem<typeof profileEntity>;

/** Notifications expire after a year (TTL). */
const NOTIFICATION_TTL_DAYS = 365;

export async function applicationInfo(applicationId: string): Promise<ApplicationInfo | undefined> {
  const { data } = await entities.application.get({ applicationId }).go();
  if (!data) return undefined;
  const address = fullAddressOf(data.address);
  return {
    applicationId,
    applicationNumber: data.applicationNumber,
    consentNumber: data.consentNumber,
    ...(address ? { address } : {}),
    authorityId: data.authorityId,
  };
}

export async function accessRows(applicationId: string): Promise<AccessRowInfo[]> {
  const { data } = await entities.applicationAccess.query
    .byApplication({ applicationId })
    .go({ pages: 'all' });
  return data.map((r) => ({
    userId: r.userId,
    accessLevel: r.accessLevel,
    notificationLevel: r.notificationLevel,
  }));
}

type UserRecord = EntityItem<typeof entities.user>;
const recipientOf = (u: UserRecord): RecipientUser => ({
  userId: u.userId,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  defaultApplicationNotificationLevel: u.defaultApplicationNotificationLevel,
  emailPreference: u.emailPreference,
});

export async function usersByIds(userIds: readonly string[]): Promise<RecipientUser[]> {
  if (userIds.length === 0) return [];
  const { data } = await entities.user.get(userIds.map((userId) => ({ userId }))).go();
  return data.map(recipientOf);
}

export async function userByEmail(email: string): Promise<RecipientUser | undefined> {
  const { data } = await entities.user.query.byEmail({ email: email.trim().toLowerCase() }).go();
  return data[0] && recipientOf(data[0]);
}

/** The active admins of an organisation (one Query of its members). */
export async function organisationAdmins(organisationId: string): Promise<string[]> {
  const { data } = await entities.organisationMember.query
    .byOrganisation({ organisationId })
    .go({ pages: 'all' });
  return data.filter((m) => m.role === 'Admin' && m.status === 'Active').map((m) => m.userId);
}

/** An organisation's display name (a merged organisation keeps its record). */
export async function organisationName(organisationId: string): Promise<string | undefined> {
  const { data } = await entities.organisation.get({ organisationId }).go();
  return data?.displayName;
}

/**
 * The notification, created only if absent (its key derives from the event and the recipient), and
 * the recipient's profile flagged `hasNewNotifications` in the same transaction: a replay writes
 * neither.
 */
export async function writeNotification(
  n: NewNotification,
  now: Date = new Date(),
): Promise<'written' | 'duplicate'> {
  const at = now.toISOString();
  const result = await service.transaction
    .write((e) => [
      e.notification
        .create({
          recipientType: 'User',
          recipientId: n.recipientId,
          notificationId: n.notificationId,
          groupId: n.groupId,
          eventId: n.eventId,
          applicationId: n.applicationId ?? NO_APPLICATION,
          type: n.type,
          createdDate: n.createdDate,
          updatedDate: at,
          message: n.message,
          recipients: n.recipients,
          ttl: Math.floor(now.getTime() / 1000) + NOTIFICATION_TTL_DAYS * 86_400,
        })
        .commit(),
      e.notificationProfile
        .upsert({ userId: n.recipientId, hasNewNotifications: true, lastNotifiedDate: at })
        .commit(),
      ...(n.digest
        ? [
            e.notificationDigestEntry
              .put({
                digestDue: n.digest.digestDue,
                recipientId: n.recipientId,
                notificationId: n.notificationId,
                email: n.digest.email,
                ...(n.digest.firstName ? { firstName: n.digest.firstName } : {}),
                createdDate: n.createdDate,
                shortText: n.message.shortText,
                link: n.digest.link,
                ttl: Math.floor(Date.parse(n.digest.digestDue) / 1000) + 7 * 86_400,
              })
              .commit(),
          ]
        : []),
    ])
    .go();
  return result.canceled ? 'duplicate' : 'written';
}

/** Where a page ends: the last item's sort key (the next page starts after it). */
export interface PagePosition {
  createdDate: string;
  notificationId: string;
}

/**
 * The caller's inbox (or their items about one application), by a query on their own partition:
 * newest first unless asc, after `after` when given. One more item than asked says whether more
 * exist.
 */
export async function listNotifications(q: {
  userId: string;
  applicationId?: string | undefined;
  order: 'asc' | 'desc';
  limit: number;
  after?: PagePosition | undefined;
}): Promise<{ items: NotificationRecord[]; more: boolean }> {
  const options = { order: q.order, limit: q.limit + 1 } as const;
  const after = q.after;
  let data: NotificationRecord[];
  if (q.applicationId) {
    const b = entities.notification.query.byRecipientApplication({
      recipientId: q.userId,
      applicationId: q.applicationId,
    });
    ({ data } = await (after ? (q.order === 'desc' ? b.lt(after) : b.gt(after)) : b).go(options));
  } else {
    const b = entities.notification.query.byRecipient({ recipientType: 'User', recipientId: q.userId });
    ({ data } = await (after ? (q.order === 'desc' ? b.lt(after) : b.gt(after)) : b).go(options));
  }
  return { items: data.slice(0, q.limit), more: data.length > q.limit };
}

export async function notificationById(notificationId: string): Promise<NotificationRecord | undefined> {
  const { data } = await entities.notification.query.byId({ notificationId }).go();
  return data[0];
}

export async function getProfile(userId: string): Promise<NotificationProfileRecord | undefined> {
  const { data } = await entities.notificationProfile.get({ userId }).go({ consistent: true });
  return data ?? undefined;
}

/** The caller's profile, created on first read (a concurrent create is read back). */
export async function ensureProfile(userId: string, username: string): Promise<NotificationProfileRecord> {
  const found = await getProfile(userId);
  if (found) return found;
  await entities.notificationProfile.upsert({ userId, username, hasNewNotifications: false }).go();
  return (await getProfile(userId))!;
}

export async function setProfile(userId: string, set: ProfileSet): Promise<void> {
  // An update, not an upsert: an upsert writes the attributes' defaults over what is stored.
  await entities.notificationProfile.update({ userId }).set(set).go();
}

/** The users' email digests, by BatchGet of their profiles (immediate without one). */
export async function digestsOf(userIds: readonly string[]): Promise<Map<string, EmailDigest>> {
  if (userIds.length === 0) return new Map();
  const { data } = await entities.notificationProfile.get(userIds.map((userId) => ({ userId }))).go();
  return new Map(data.map((p) => [p.userId, p.emailDigest ?? 'immediate']));
}

export type DigestEntryRecord = EntityItem<typeof entities.notificationDigestEntry>;

/** The entries of the period ending at `digestDue` (one partition), every page. */
export async function digestEntries(digestDue: string): Promise<DigestEntryRecord[]> {
  const { data } = await entities.notificationDigestEntry.query.byPeriod({ digestDue }).go({ pages: 'all' });
  return data;
}

/** Records that a recipient's digest of a period is being mailed: false when it already was. */
export async function claimDigest(recipientId: string, digestDue: string, count: number): Promise<boolean> {
  try {
    await entities.notificationDigestSent
      .create({ recipientId, digestDue, count, ttl: Math.floor(Date.parse(digestDue) / 1000) + 30 * 86_400 })
      .go();
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Removes mailed entries (BatchWrite). */
export async function deleteDigestEntries(entries: readonly DigestEntryRecord[]): Promise<void> {
  if (entries.length === 0) return;
  await entities.notificationDigestEntry
    .delete(
      entries.map((e) => ({
        digestDue: e.digestDue,
        recipientId: e.recipientId,
        createdDate: e.createdDate,
        notificationId: e.notificationId,
      })),
    )
    .go();
}

// ---- Unsubscribe links (docs/notifications.md "Unsubscribe") ----

export async function saveUnsubscribeToken(token: {
  tokenHash: string;
  userId: string;
  expiresAt: string;
  ttl: number;
}): Promise<void> {
  await entities.unsubscribeToken.create(token).go();
}

export async function unsubscribeTokenByHash(
  tokenHash: string,
): Promise<{ userId: string; expiresAt: string } | undefined> {
  const { data } = await entities.unsubscribeToken.get({ tokenHash }).go({ consistent: true });
  return data ? { userId: data.userId, expiresAt: data.expiresAt } : undefined;
}

/** The user's emailPreference off (the profile page's switch turns it back on). */
export async function stopEmails(userId: string): Promise<{ email: string } | undefined> {
  try {
    const { data } = await entities.user
      .patch({ userId })
      .set({ emailPreference: false })
      .go({ response: 'all_new' });
    return data?.email ? { email: data.email } : undefined;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return undefined;
    throw err;
  }
}
