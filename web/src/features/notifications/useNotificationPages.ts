import { useInfiniteQuery } from '@tanstack/react-query';
import { notificationKeys, notificationsApi, type NotificationScope } from '../../api/notifications';
import { pageSizeOf } from './notificationView';

/**
 * The caller's notifications (all, or about one application), newest first: 7 first, then 20 a page
 * with the server's cursor (docs/notifications.md).
 */
export function useNotificationPages(scope: NotificationScope) {
  const query = useInfiniteQuery({
    queryKey: notificationKeys.list(scope),
    initialPageParam: { index: 0, lastKey: undefined as string | undefined },
    queryFn: ({ pageParam, signal }) =>
      notificationsApi.page(scope, pageSizeOf(pageParam.index), pageParam.lastKey, signal),
    getNextPageParam: (last, pages) =>
      last.lastKey ? { index: pages.length, lastKey: last.lastKey } : undefined,
  });
  const notifications = query.data?.pages.flatMap((p) => p.notifications) ?? [];
  return { query, notifications };
}
