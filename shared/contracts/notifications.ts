import { defineContract } from './define.js';
import {
  MarkNotificationsSeen,
  NotificationDto,
  NotificationParams,
  NotificationsPage,
  NotificationsQuery,
  NotificationsSeen,
  NotificationUserProfile,
  NotificationUserProfilePatch,
  UnsubscribeRequest,
  UnsubscribeResponse,
} from '../schemas/notifications.js';

/** The notifications' routes (docs/notifications.md): the caller's own only. */
export const contract = defineContract('notifications', {
  'GET /v1/service/notifications': {
    query: NotificationsQuery,
    response: NotificationsPage,
    summary:
      'The caller’s notifications, newest first with a cursor: their inbox (recipientType User) or those about one application they may read (recipientType Application)',
  },
  'GET /v1/service/notifications/{id}': {
    params: NotificationParams,
    response: NotificationDto,
    summary: 'One of the caller’s notifications with its full and HTML text (another’s: 404)',
  },
  'GET /v1/service/notifications/user/profile': {
    response: NotificationUserProfile,
    summary: 'The caller’s notification profile (created on first read): whether they have new notifications',
  },
  'PATCH /v1/service/notifications/user/profile': {
    body: NotificationUserProfilePatch,
    response: NotificationUserProfile,
    summary:
      'Clears the caller’s new-notifications flag (the bell’s dot) and/or sets their email digest (immediate, hourly, daily)',
  },
  'GET /v1/service/notifications/user/seen': {
    response: NotificationsSeen,
    summary: 'Whether the caller has seen every notification',
  },
  'PATCH /v1/service/notifications/user/seen': {
    body: MarkNotificationsSeen,
    status: 204,
    summary: 'Marks all the caller’s notifications seen and clears the flag (one write; idempotent)',
  },
  'POST /public/notifications/unsubscribe': {
    body: UnsubscribeRequest,
    response: UnsubscribeResponse,
    summary:
      "An email's unsubscribe link (its token): the user's notification emails stop; unknown or expired → 404",
  },
});
