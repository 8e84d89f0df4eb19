// PROVISIONAL (the lead's copy of the contract; replaced by the helper's at merge).
import * as z from 'zod';

export const NotificationType = z.enum([
  'Payment',
  'RFI',
  'Application',
  'ApplicationSubmit',
  'Participant',
  'Organisation',
]);
export const NotificationDto = z.object({
  id: z.string(),
  groupId: z.string(),
  recipientId: z.string(),
  recipientType: z.enum(['User', 'Application', 'Organisation']),
  createdDate: z.string(),
  updatedDate: z.string(),
  seen: z.boolean(),
  message: z.object({
    type: NotificationType,
    subtype: z.string(),
    shortText: z.string(),
    fullText: z.string().optional(),
    htmlText: z.string().optional(),
  }),
  recipients: z.object({
    users: z.array(z.object({ id: z.string(), email: z.string(), fullName: z.string() })),
    organisation: z.object({ id: z.string(), email: z.string() }).optional(),
    application: z
      .object({ id: z.string(), applicationNumber: z.string().optional(), address: z.string().optional() })
      .optional(),
    authority: z.object({ id: z.string() }).optional(),
  }),
  apiVersion: z.string(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;
export const NotificationsPage = z.object({
  notifications: z.array(NotificationDto),
  lastKey: z.string().optional(),
});
export const NotificationUserProfile = z.object({
  id: z.string(),
  username: z.string(),
  createdTime: z.string(),
  updatedTime: z.string(),
  hasNewNotifications: z.boolean(),
  apiVersion: z.string(),
});
