import { Link as RouterLink, Outlet } from 'react-router';
import { useTranslation } from '../i18n/translate';
import { useRouteFocus } from '../lib/useRouteFocus';
import { LogoMark } from './Logo';
import styles from './signed-out.module.css';

/** Frame of the signed-out pages: a banner with the logo and a main landmark. */
export function SignedOutLayout() {
  const { t } = useTranslation();
  // The tabs of the sign-in page are routes: focus stays on them; a sign-in then counts as a page change.
  useRouteFocus({ move: false });
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main">
        {t('app.skipToContent')}
      </a>
      <header className={styles.header}>
        <RouterLink to="/" className={styles.brand} aria-label={t('app.logoAlt')}>
          <LogoMark />
          <span className={styles.brandName}>{t('app.name')}</span>
        </RouterLink>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
