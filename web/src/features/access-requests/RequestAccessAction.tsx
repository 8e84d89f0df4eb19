import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isProfileComplete } from '../../../../shared/domain/user';
import pageStyles from '../../components/plain/page.module.css';
import { useMaybeCurrentUser } from '../shell/useCurrentUser';
import styles from './accessRequests.module.css';

// The dialog (Cloudscape's Modal and Table, the search form) loads when first opened.
const RequestAccessDialog = lazy(() => import('./RequestAccessDialog'));

/**
 * 'Request access to a project' (docs/access-requests.md): opens the search dialog; disabled, with the
 * tooltip 'To request access, you must complete your user profile', until the profile is complete.
 * Plain markup: it is on the dashboard's first load.
 */
export function RequestAccessAction() {
  const { t } = useTranslation();
  const user = useMaybeCurrentUser();
  const tipId = useId();
  const [open, setOpen] = useState(false);
  const enabled = !!user && isProfileComplete(user);
  return (
    <span className={styles.action}>
      <button
        type="button"
        className={enabled ? pageStyles.button : `${pageStyles.button} ${styles.disabled}`}
        aria-disabled={!enabled}
        aria-describedby={enabled ? undefined : tipId}
        onClick={() => enabled && setOpen(true)}
      >
        {t('accessRequests.request.action')}
      </button>
      {!enabled && (
        <span id={tipId} role="tooltip" className={styles.tooltip}>
          {t('accessRequests.request.profileIncomplete')}
        </span>
      )}
      {open && (
        <Suspense fallback={null}>
          <RequestAccessDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </span>
  );
}
