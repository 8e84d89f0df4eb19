import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useToasts } from '../../components/toasts';
import { NotificationList } from './NotificationList';
import styles from './notifications.module.css';
import { notificationMessages } from './notificationView';
import { useNotificationPages } from './useNotificationPages';
import { useMarkAllSeen } from './useMarkAllSeen';

/**
 * The recent-notifications popup under the bell (docs/notifications.md: at most 400 × 420 px): the
 * newest 7, then 20 more at a time, mark all as seen, and the way to /user-notifications.
 */
export default function NotificationsPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const { query, notifications } = useNotificationPages({ kind: 'user' });
  useEffect(() => {
    if (query.isError) toasts.show({ type: 'error', content: notificationMessages.fetchNotifications });
  }, [query.isError, toasts]);
  const seen = useMarkAllSeen();
  return (
    <div className={styles.popup} role="dialog" aria-label={t('notifications.title')}>
      <SpaceBetween size="s">
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <Box variant="h2" fontSize="heading-s">
            {t('notifications.title')}
          </Box>
          <Button
            variant="inline-link"
            disabled={!notifications.some((n) => !n.seen)}
            loading={seen.isPending}
            onClick={() => seen.mutate()}
          >
            {t('notifications.markAllSeen')}
          </Button>
        </SpaceBetween>
        {query.isPending ? (
          <StatusIndicator type="loading">{t('notifications.loading')}</StatusIndicator>
        ) : query.isError ? (
          <StatusIndicator type="error">{notificationMessages.fetchNotifications}</StatusIndicator>
        ) : (
          <NotificationList
            notifications={notifications}
            label={t('notifications.recent')}
            onFollow={onClose}
            onMore={query.hasNextPage ? () => void query.fetchNextPage() : undefined}
            loadingMore={query.isFetchingNextPage}
          />
        )}
        <Button
          variant="link"
          onClick={() => {
            onClose();
            void navigate('/user-notifications');
          }}
        >
          {t('notifications.viewAll')}
        </Button>
      </SpaceBetween>
    </div>
  );
}
