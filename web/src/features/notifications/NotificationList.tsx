import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { NotificationDto } from '../../../../shared/schemas/notifications';
import { formatFullDate } from '../../lib/dates';
import { RouterLink } from '../../components/RouterLink';
import styles from './notifications.module.css';
import { applicationLabel, notificationHref } from './notificationView';
import { WholeTokens } from '../../components/Token';

/**
 * Notifications newest first: an unseen dot, the short text (a link to what it is about), the
 * application it names and when. `onSelect` (the full page) opens one in place instead of following
 * it; `onMore` loads the next page.
 */
export function NotificationList({
  notifications,
  label,
  onSelect,
  selectedId,
  onMore,
  loadingMore,
  onFollow,
}: {
  notifications: readonly NotificationDto[];
  label: string;
  onSelect?: (n: NotificationDto) => void;
  selectedId?: string | undefined;
  onMore?: (() => void) | undefined;
  loadingMore?: boolean;
  /** After a link is followed (the popup closes). */
  onFollow?: () => void;
}) {
  const { t } = useTranslation();
  if (notifications.length === 0) return <Box color="text-body-secondary">{t('notifications.none')}</Box>;
  return (
    <SpaceBetween size="s">
      <ul className={styles.list} aria-label={label}>
        {notifications.map((n) => {
          const href = notificationHref(n);
          const context = applicationLabel(n);
          return (
            <li
              key={n.id}
              className={`${styles.item} ${n.id === selectedId ? styles.selected : ''}`}
              aria-current={n.id === selectedId ? 'true' : undefined}
            >
              <span className={n.seen ? styles.seenDot : styles.unseenDot} aria-hidden="true" />
              <div className={styles.text}>
                {onSelect ? (
                  <Button variant="inline-link" onClick={() => onSelect(n)}>
                    <WholeTokens text={n.message.shortText} />
                  </Button>
                ) : href ? (
                  <span onClickCapture={onFollow}>
                    <RouterLink href={href}>
                      <WholeTokens text={n.message.shortText} />
                    </RouterLink>
                  </span>
                ) : (
                  <span>
                    <WholeTokens text={n.message.shortText} />
                  </span>
                )}
                {!n.seen && <span className={styles.srOnly}>{t('notifications.new')}</span>}
                <Box variant="small" color="text-body-secondary" display="block">
                  <WholeTokens text={[context, formatFullDate(n.createdDate)].filter(Boolean).join(' · ')} />
                </Box>
              </div>
            </li>
          );
        })}
      </ul>
      {onMore && (
        <Button onClick={onMore} loading={loadingMore}>
          {t('notifications.more')}
        </Button>
      )}
    </SpaceBetween>
  );
}
