import {
  NotificationDto,
  NotificationsPage,
  NotificationUserProfile,
  UnsubscribeResponse,
  type EmailDigest,
} from '../../../shared/schemas/notifications';
import { available } from './notificationsFlag';
import { api } from './call';

/**
 * The notification calls (docs/notifications.md):
 * the caller's notifications newest first with a cursor (all, or those about one application), one
 * with its full text, the profile's unseen flag, and marking everything seen.
 */
export { NOTIFICATIONS_FLAG, NOT_IMPLEMENTED } from './notificationsFlag';

export type { NotificationScope } from './notificationKeys';
import type { NotificationScope } from './notificationKeys';

export const notificationsApi = {
  page: async (scope: NotificationScope, pageSize: number, lastKey?: string, signal?: AbortSignal) => {
    available();
    return NotificationsPage.parse(
      await api('GET /v1/service/notifications', {
        signal,
        query: {
          pageSize: String(pageSize),
          order: 'desc',
          ...(scope.kind === 'application'
            ? { recipientType: 'Application', recipientId: scope.applicationId }
            : { recipientType: 'User' }),
          ...(lastKey ? { lastKey } : {}),
        },
      }),
    );
  },
  get: async (id: string, signal?: AbortSignal) => {
    available();
    return NotificationDto.parse(await api('GET /v1/service/notifications/{id}', { params: { id }, signal }));
  },
  profile: async (signal?: AbortSignal) => {
    available();
    return NotificationUserProfile.parse(await api('GET /v1/service/notifications/user/profile', { signal }));
  },
  /** PATCH …/user/profile: how the emails come (immediate, hourly or daily digest). */
  setEmailDigest: async (emailDigest: EmailDigest) => {
    available();
    return NotificationUserProfile.parse(
      await api('PATCH /v1/service/notifications/user/profile', { body: { emailDigest } }),
    );
  },
  /** POST /public/notifications/unsubscribe: an email's link (no sign-in). */
  unsubscribe: async (token: string) =>
    UnsubscribeResponse.parse(
      await api('POST /public/notifications/unsubscribe', {
        anonymous: true,
        body: { token },
      }),
    ),
  markAllSeen: async () => {
    available();
    return api('PATCH /v1/service/notifications/user/seen', { body: {} });
  },
};

export { notificationKeys } from './notificationKeys';
