import type {
  NotificationDto,
  NotificationUserProfilePatch,
  NotificationsPage,
  NotificationsQuery,
  NotificationUserProfile,
} from '../../../shared/schemas/notifications.js';
import { Invalid, NotFound } from '../../platform/errors.js';
import type { ProfileSet } from '../model.js';
import type { NotificationProfileRecord, NotificationRecord, PagePosition } from '../repository.js';

export type { ProfileSet };

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

export interface InboxPorts {
  list(q: {
    userId: string;
    applicationId?: string | undefined;
    order: 'asc' | 'desc';
    limit: number;
    after?: PagePosition | undefined;
  }): Promise<{ items: NotificationRecord[]; more: boolean }>;
  byId(notificationId: string): Promise<NotificationRecord | undefined>;
  getProfile(userId: string): Promise<NotificationProfileRecord | undefined>;
  ensureProfile(userId: string, username: string): Promise<NotificationProfileRecord>;
  setProfile(userId: string, set: ProfileSet): Promise<void>;
  /** Throws NotFound (404) unless the user may read the application (the one access check). */
  checkApplicationAccess(applicationId: string, userId: string): Promise<void>;
  now(): Date;
}

export interface InboxCaller {
  userId: string;
  username?: string | undefined;
  email?: string | undefined;
}

/** The cursor: the last item's sort key, base64url JSON (opaque to the web). */
const encodeKey = (p: PagePosition) =>
  Buffer.from(JSON.stringify([p.createdDate, p.notificationId])).toString('base64url');
function decodeKey(lastKey: string): PagePosition {
  try {
    const v: unknown = JSON.parse(Buffer.from(lastKey, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      v.every((x) => typeof x === 'string' && x.length > 0 && x.length < 200)
    )
      return { createdDate: v[0] as string, notificationId: v[1] as string };
  } catch {
    // falls through
  }
  throw new Invalid([{ field: 'lastKey', reason: 'Invalid lastKey' }]);
}

/** Seen: written no later than the caller last marked everything seen. */
const seenBy = (item: NotificationRecord, profile: NotificationProfileRecord | undefined) =>
  !!profile?.lastSeenDate && (item.updatedDate ?? item.createdDate) <= profile.lastSeenDate;

function dtoOf(
  item: NotificationRecord,
  profile: NotificationProfileRecord | undefined,
  detail: boolean,
): NotificationDto {
  const m = item.message ?? {};
  return {
    id: item.notificationId,
    groupId: item.groupId ?? item.notificationId,
    recipientId: item.recipientId,
    recipientType: item.recipientType,
    createdDate: item.createdDate,
    updatedDate: item.updatedDate ?? item.createdDate,
    seen: seenBy(item, profile),
    message: {
      type: item.type,
      subtype: m.subtype ?? '',
      shortText: m.shortText ?? '',
      ...(detail && m.fullText !== undefined ? { fullText: m.fullText } : {}),
      ...(detail && m.htmlText !== undefined ? { htmlText: m.htmlText } : {}),
    },
    recipients: (item.recipients as NotificationDto['recipients'] | undefined) ?? { users: [] },
    apiVersion: item.apiVersion ?? '1',
  };
}

function profileDto(p: NotificationProfileRecord, caller: InboxCaller): NotificationUserProfile {
  return {
    id: p.userId,
    username: p.username ?? caller.username ?? caller.email ?? '',
    createdTime: p.createdAt,
    updatedTime: p.updatedAt,
    hasNewNotifications: p.hasNewNotifications ?? false,
    emailDigest: p.emailDigest ?? 'immediate',
    apiVersion: p.apiVersion ?? '1',
  };
}

/**
 * The caller's notifications (docs/notifications.md): every read is scoped to the caller's own
 * partition; another user's id or notification is never read for them (403 / 404).
 */
export function inboxService(ports: InboxPorts) {
  return {
    async list(caller: InboxCaller, q: NotificationsQuery): Promise<NotificationsPage> {
      let applicationId: string | undefined;
      if (q.recipientType === 'User') {
        if (q.recipientId !== undefined && q.recipientId !== caller.userId)
          throw new NotFound(NOTIFICATION_NOT_FOUND);
      } else {
        if (!q.recipientId) throw new Invalid([{ field: 'recipientId', reason: 'Required' }]);
        await ports.checkApplicationAccess(q.recipientId, caller.userId);
        applicationId = q.recipientId;
      }
      const after = q.lastKey ? decodeKey(q.lastKey) : undefined;
      const [page, profile] = await Promise.all([
        ports.list({ userId: caller.userId, applicationId, order: q.order, limit: q.pageSize, after }),
        ports.getProfile(caller.userId),
      ]);
      const last = page.items.at(-1);
      return {
        notifications: page.items.map((i) => dtoOf(i, profile, false)),
        ...(page.more && last ? { lastKey: encodeKey(last) } : {}),
      };
    },

    async get(caller: InboxCaller, notificationId: string): Promise<NotificationDto> {
      const item = await ports.byId(notificationId);
      if (!item || item.recipientType !== 'User' || item.recipientId !== caller.userId)
        throw new NotFound(NOTIFICATION_NOT_FOUND);
      return dtoOf(item, await ports.getProfile(caller.userId), true);
    },

    async profile(caller: InboxCaller): Promise<NotificationUserProfile> {
      return profileDto(
        await ports.ensureProfile(caller.userId, caller.username ?? caller.email ?? ''),
        caller,
      );
    },

    /** PATCH profile: the bell's dot cleared (hasNewNotifications false) and/or the email digest. */
    async patchProfile(
      caller: InboxCaller,
      body: NotificationUserProfilePatch,
    ): Promise<NotificationUserProfile> {
      await ports.ensureProfile(caller.userId, caller.username ?? caller.email ?? '');
      await ports.setProfile(caller.userId, {
        ...(body.hasNewNotifications === false ? { hasNewNotifications: false } : {}),
        ...(body.emailDigest ? { emailDigest: body.emailDigest } : {}),
      });
      return profileDto((await ports.getProfile(caller.userId))!, caller);
    },

    /** Whether everything is seen: nothing written since the caller last marked all seen. */
    async seen(caller: InboxCaller): Promise<{ seen: boolean }> {
      const p = await ports.getProfile(caller.userId);
      if (!p?.lastNotifiedDate) return { seen: true };
      return { seen: !!p.lastSeenDate && p.lastNotifiedDate <= p.lastSeenDate };
    },

    /** Marks everything seen (one write, however many there are) and clears the dot. Idempotent. */
    async markAllSeen(caller: InboxCaller): Promise<void> {
      await ports.ensureProfile(caller.userId, caller.username ?? caller.email ?? '');
      await ports.setProfile(caller.userId, {
        hasNewNotifications: false,
        lastSeenDate: ports.now().toISOString(),
      });
    },
  };
}
