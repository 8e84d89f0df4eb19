// The notifications' model: the shapes both the services and the repository name (a repository
// never imports a service: docs/architecture.md).
import type {
  NotificationKind,
  NotificationLevelValue,
  NotificationType,
} from '../../shared/domain/notifications.js';
import type { AccessLevel } from '../../shared/schemas/common.js';
import type { EmailDigest, NotificationRecipients } from '../../shared/schemas/notifications.js';

/** What a notification names of its application (docs/notifications.md). */
export interface ApplicationInfo {
  applicationId: string;
  applicationNumber?: string | undefined;
  consentNumber?: string | undefined;
  address?: string | undefined;
  authorityId?: string | undefined;
}

/** A user as the fan-out needs them: where to write, how loud, where to mail. */
export interface RecipientUser {
  userId: string;
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  defaultApplicationNotificationLevel?: NotificationLevelValue | undefined;
  emailPreference?: boolean | undefined;
}

/** A user's row on an application (their access and their own level). */
export interface AccessRowInfo {
  userId: string;
  accessLevel: AccessLevel;
  notificationLevel?: NotificationLevelValue | undefined;
}

/** One inbox item to write (conditionally: its key comes from the event and the recipient). */
export interface NewNotification {
  notificationId: string;
  groupId: string;
  eventId: string;
  recipientId: string;
  applicationId?: string | undefined;
  type: NotificationType;
  kind: NotificationKind;
  createdDate: string;
  message: { subtype: string; shortText: string; fullText: string; htmlText: string };
  recipients: NotificationRecipients;
  /** Set when the email waits for the recipient's digest: the period's end and what it lists. */
  digest?: { digestDue: string; email: string; firstName?: string | undefined; link: string };
}

export interface ProfileSet {
  hasNewNotifications?: boolean;
  lastSeenDate?: string;
  emailDigest?: EmailDigest;
}
