/**
 * Pure rules of the notification pages (docs/notifications.md): the
 * page sizes, where a notification leads, what names its application, and the spec's messages.
 */
import type { NotificationDto } from '../../../../shared/schemas/notifications';
import {
  NOTIFICATIONS_FIRST_PAGE,
  NOTIFICATIONS_NEXT_PAGE,
  notificationSection,
} from '../../../../shared/domain/notifications';
import { applicationDetailsPath } from '../../../../shared/domain/applications';
/** The recent-notifications popup: at most 400 px high, 420 px wide (§2, §9). */
export const POPUP_MAX_HEIGHT = 400;
export const POPUP_WIDTH = 420;
export { NOTIFICATIONS_FLAG } from '../../api/notificationsFlag';
/** How often the bell asks whether something new came. */
export const UNSEEN_REFRESH_MS = 60_000;

export const notificationMessages = {
  fetchNotifications: 'Failed to fetch notifications',
  fetchNotification: 'Failed to fetch notification',
  fetchProfile: 'Failed to fetch notification user profile',
  updateProfile: 'Failed to update notification user profile',
  userInfo: 'User info not available',
} as const;

/** Where a notification leads: its application at the section it is about, or the organisation's pages. */
export function notificationHref(n: Pick<NotificationDto, 'message' | 'recipients'>): string | undefined {
  const application = n.recipients.application?.id;
  if (application) {
    return applicationDetailsPath(application, notificationSection(n.message.type));
  }
  if (n.message.type === 'Organisation') return '/organisation-members';
  return undefined;
}

/** "BLD-55 · 12 Tinakori Road": the application a notification is about, when it is about one. */
export function applicationLabel(n: Pick<NotificationDto, 'recipients'>): string | undefined {
  const a = n.recipients.application;
  if (!a) return undefined;
  return [a.applicationNumber, a.address].filter(Boolean).join(' · ') || undefined;
}

/** The page size of the `index`th page (0-based). */
export const pageSizeOf = (index: number): number =>
  index === 0 ? NOTIFICATIONS_FIRST_PAGE : NOTIFICATIONS_NEXT_PAGE;

/** The profile's unseen flag, read without zod (the shell loads none: docs/performance.md). */
export const hasNewOf = (profile: unknown): boolean =>
  typeof profile === 'object' &&
  profile !== null &&
  (profile as { hasNewNotifications?: unknown }).hasNewNotifications === true;
