import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ApplicationDto } from '../../../../shared/schemas/applications';
import { useToasts } from '../../components/toasts';
import { NotificationList } from './NotificationList';
import { isFlagOn } from '../../lib/config';
import { NOTIFICATIONS_FLAG, notificationMessages } from './notificationView';
import { useNotificationPages } from './useNotificationPages';

/**
 * The Notifications section of /application-details: what the caller was told about this
 * application, newest first, and at what level they follow it (set from the card's menu).
 */
export default function ApplicationNotificationsSection({ app }: { app: ApplicationDto }) {
  const { t } = useTranslation();
  if (!isFlagOn(NOTIFICATIONS_FLAG))
    return (
      <Container header={<Header variant="h2">{t('applicationDetails.sections.Notifications')}</Header>}>
        <Alert type="info">{t('notifications.off')}</Alert>
      </Container>
    );
  return <Notifications app={app} />;
}

function Notifications({ app }: { app: ApplicationDto }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const { query, notifications } = useNotificationPages({ kind: 'application', applicationId: app.id });
  useEffect(() => {
    if (query.isError) toasts.show({ type: 'error', content: notificationMessages.fetchNotifications });
  }, [query.isError, toasts]);
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('notifications.levelIs', {
            level: t(`notifications.levels.${app.notificationLevel ?? 'Normal'}`),
          })}
        >
          {t('applicationDetails.sections.Notifications')}
        </Header>
      }
    >
      {query.isPending ? (
        <StatusIndicator type="loading">{t('notifications.loading')}</StatusIndicator>
      ) : query.isError ? (
        <Alert type="error">{notificationMessages.fetchNotifications}</Alert>
      ) : (
        <NotificationList
          notifications={notifications}
          label={t('applicationDetails.sections.Notifications')}
          onMore={query.hasNextPage ? () => void query.fetchNextPage() : undefined}
          loadingMore={query.isFetchingNextPage}
        />
      )}
    </Container>
  );
}
