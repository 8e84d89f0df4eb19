import * as z from 'zod';
import { Id } from './common.js';
import {
  NOTIFICATIONS_MAX_PAGE,
  emailDigests,
  notificationRecipientTypes,
  notificationTypes,
} from '../domain/notifications.js';

/**
 * Notifications (docs/notifications.md): every request and response of
 * functions/notifications, parsed by the service and the web alike.
 */

export const NotificationType = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof NotificationType>;

export const NotificationRecipientType = z.enum(notificationRecipientTypes);
export type NotificationRecipientType = z.infer<typeof NotificationRecipientType>;

export const NotificationMessage = z.object({
  type: NotificationType,
  /** The domain event's type, e.g. RfiRoundRaised. */
  subtype: z.string(),
  shortText: z.string(),
  /** Only on the detail (GET …/notifications/{id}). */
  fullText: z.string().optional(),
  htmlText: z.string().optional(),
});
export type NotificationMessage = z.infer<typeof NotificationMessage>;

export const NotificationRecipients = z.object({
  users: z.array(z.object({ id: z.string(), email: z.string(), fullName: z.string() })),
  organisation: z.object({ id: z.string(), email: z.string() }).optional(),
  application: z
    .object({ id: z.string(), applicationNumber: z.string().optional(), address: z.string().optional() })
    .optional(),
  authority: z.object({ id: z.string() }).optional(),
});
export type NotificationRecipients = z.infer<typeof NotificationRecipients>;

export const NotificationDto = z.object({
  id: z.string(),
  groupId: z.string(),
  recipientId: z.string(),
  recipientType: NotificationRecipientType,
  createdDate: z.string(),
  updatedDate: z.string(),
  seen: z.boolean(),
  message: NotificationMessage,
  recipients: NotificationRecipients,
  apiVersion: z.string(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

export const NotificationsPage = z.object({
  notifications: z.array(NotificationDto),
  lastKey: z.string().optional(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const NotificationsQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE).default(20),
  order: z.enum(['desc', 'asc']).default('desc'),
  recipientType: z.enum(['User', 'Application']).default('User'),
  recipientId: Id.optional(),
  /** The cursor of the previous page (opaque). */
  lastKey: z.string().max(2000).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationParams = z.object({ id: Id });

/** immediate: one email per notification; hourly / daily: one digest email per period. */
export const EmailDigest = z.enum(emailDigests);
export type EmailDigest = z.infer<typeof EmailDigest>;

export const NotificationUserProfile = z.object({
  id: z.string(),
  username: z.string(),
  createdTime: z.string(),
  updatedTime: z.string(),
  hasNewNotifications: z.boolean(),
  emailDigest: EmailDigest,
  apiVersion: z.string(),
});
export type NotificationUserProfile = z.infer<typeof NotificationUserProfile>;

/** Clears the new flag and/or sets the digest (at least one of them). */
export const NotificationUserProfilePatch = z
  .strictObject({ hasNewNotifications: z.literal(false).optional(), emailDigest: EmailDigest.optional() })
  .refine((b) => b.hasNewNotifications !== undefined || b.emailDigest !== undefined, {
    message: 'Nothing to change',
  });
export type NotificationUserProfilePatch = z.infer<typeof NotificationUserProfilePatch>;

export const NotificationsSeen = z.object({ seen: z.boolean() });
export type NotificationsSeen = z.infer<typeof NotificationsSeen>;

export const MarkNotificationsSeen = z.strictObject({});

/** POST /public/notifications/unsubscribe: the token of an email's link (32 random bytes, base64url). */
export const UnsubscribeRequest = z.strictObject({ token: z.string().trim().min(20).max(200) });
/** Whose emails stopped, masked (m…@example.nz): the link's holder reads it back, nobody else. */
export const UnsubscribeResponse = z.object({ email: z.string(), emailPreference: z.literal(false) });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;
