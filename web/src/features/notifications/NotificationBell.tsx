import { lazy, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/call';
import { notificationKeys } from '../../api/notificationKeys';
import { isFlagOn } from '../../lib/config';
import { OnceOpened } from '../../components/OnceOpened';
import { PlainIcon } from '../../components/plain/PlainIcon';
import styles from './notifications.module.css';
import { hasNewOf, NOTIFICATIONS_FLAG, UNSEEN_REFRESH_MS } from './notificationView';

// The popup (its list, Cloudscape and zod) is a chunk of its own, loaded when the bell is first opened.
const NotificationsPopup = lazy(() => import('./NotificationsPopup'));

/**
 * The bell on the top bar (docs/notifications.md, behind its flag): a dot while something new came
 * (the profile's hasNewNotifications, asked every minute), and the recent-notifications popup. Plain
 * markup and no zod: the shell draws with the dashboard (docs/performance.md).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const enabled = isFlagOn(NOTIFICATIONS_FLAG);
  const profile = useQuery({
    queryKey: notificationKeys.profile,
    queryFn: ({ signal }) => api('GET /v1/service/notifications/user/profile', { signal }),
    enabled,
    refetchInterval: UNSEEN_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const hasNew = hasNewOf(profile.data);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!enabled) return null;
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && hasNew) {
      // Opened: what was new has been seen as new (the dot goes; each item keeps its own unseen mark).
      queryClient.setQueryData(notificationKeys.profile, {
        ...(profile.data as object),
        hasNewNotifications: false,
      });
      void api('PATCH /v1/service/notifications/user/profile', {
        body: { hasNewNotifications: false },
      }).catch(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.profile }));
    }
  };

  return (
    <div className={styles.bellWrap} ref={wrap}>
      <button
        ref={button}
        type="button"
        className={styles.bell}
        aria-label={hasNew ? t('notifications.bellNew') : t('notifications.bell')}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={toggle}
      >
        <PlainIcon name="notification" />
        {hasNew && <span className={styles.bellDot} aria-hidden="true" />}
      </button>
      <OnceOpened open={open}>{open && <NotificationsPopup onClose={() => setOpen(false)} />}</OnceOpened>
    </div>
  );
}
