import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { notificationKeys, notificationsApi } from '../../api/notifications';
import { formatFullDate } from '../../lib/dates';
import { RouterLink } from '../../components/RouterLink';
import { useToasts } from '../../components/toasts';
import { NotificationList } from './NotificationList';
import { isFlagOn } from '../../lib/config';
import {
  applicationLabel,
  notificationHref,
  NOTIFICATIONS_FLAG,
  notificationMessages,
} from './notificationView';
import { useNotificationPages } from './useNotificationPages';
import { useMarkAllSeen } from './useMarkAllSeen';

/** One notification in full (GET …/notifications/{id}): its text, what it is about, when. */
function NotificationDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: notificationKeys.detail(id),
    queryFn: ({ signal }) => notificationsApi.get(id, signal),
  });
  if (detail.isPending) return <StatusIndicator type="loading">{t('notifications.loading')}</StatusIndicator>;
  if (detail.isError) return <Alert type="error">{notificationMessages.fetchNotification}</Alert>;
  const n = detail.data;
  const href = notificationHref(n);
  return (
    <SpaceBetween size="m">
      <Box variant="h3">{n.message.shortText}</Box>
      <Box color="text-body-secondary">
        {[applicationLabel(n), formatFullDate(n.createdDate)].filter(Boolean).join(' · ')}
      </Box>
      {/* The full text as text: never the server's HTML into the page. */}
      <Box variant="p">
        <span style={{ whiteSpace: 'pre-wrap' }}>{n.message.fullText ?? n.message.shortText}</span>
      </Box>
      {href && <RouterLink href={href}>{t('notifications.open')}</RouterLink>}
    </SpaceBetween>
  );
}

/**
 * /user-notifications (docs/notifications.md): every notification of the caller, newest first (7,
 * then 20 a page), one opened in full beside the list (`?id=`), and mark all as seen.
 */
export default function UserNotificationsPage() {
  const { t } = useTranslation();
  // With the flag off the calls raise "Not implemented" (docs/notifications.md): the page says so.
  if (!isFlagOn(NOTIFICATIONS_FLAG))
    return (
      <ContentLayout header={<Header variant="h1">{t('notifications.title')}</Header>}>
        <Alert type="info">{t('notifications.off')}</Alert>
      </ContentLayout>
    );
  return <Notifications />;
}

function Notifications() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [search, setSearch] = useSearchParams();
  const selected = search.get('id') ?? undefined;
  const { query, notifications } = useNotificationPages({ kind: 'user' });
  useEffect(() => {
    if (query.isError) toasts.show({ type: 'error', content: notificationMessages.fetchNotifications });
  }, [query.isError, toasts]);
  const seen = useMarkAllSeen(() => toasts.show({ type: 'success', content: t('notifications.allSeen') }));

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          actions={
            <Button
              disabled={!notifications.some((n) => !n.seen)}
              loading={seen.isPending}
              onClick={() => seen.mutate()}
            >
              {t('notifications.markAllSeen')}
            </Button>
          }
        >
          {t('notifications.title')}
        </Header>
      }
    >
      <ColumnLayout columns={selected ? 2 : 1}>
        <Container>
          {query.isPending ? (
            <StatusIndicator type="loading">{t('notifications.loading')}</StatusIndicator>
          ) : query.isError ? (
            <Alert type="error">{notificationMessages.fetchNotifications}</Alert>
          ) : (
            <NotificationList
              notifications={notifications}
              label={t('notifications.title')}
              selectedId={selected}
              onSelect={(n) => setSearch({ id: n.id })}
              onMore={query.hasNextPage ? () => void query.fetchNextPage() : undefined}
              loadingMore={query.isFetchingNextPage}
            />
          )}
        </Container>
        {selected && (
          <Container header={<Header variant="h2">{t('notifications.detail')}</Header>}>
            <NotificationDetail id={selected} />
          </Container>
        )}
      </ColumnLayout>
    </ContentLayout>
  );
}
