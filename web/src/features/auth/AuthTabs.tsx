import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/translate';
import { plainStyles as styles } from '../../components/plain/controls';

const TABS = [
  { id: 'create', label: 'auth.tabs.createAccount', href: '/registration' },
  { id: 'signin', label: 'auth.tabs.signIn', href: '/' },
] as const;

/**
 * The Create Account / Sign In tabs of the signed-out pages; each tab is its own route. Plain
 * markup (no Cloudscape on the sign-in page): a tablist of links, arrow keys move between them.
 */
export function AuthTabs({ active, children }: { active: 'create' | 'signin'; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    refs.current[next]?.focus();
    void navigate(TABS[next]!.href);
  };
  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={t('auth.tabs.label')} className={styles.tabList}>
        {TABS.map((tab, index) => (
          <Link
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            to={tab.href}
            role="tab"
            id={`${id}-${tab.id}`}
            className={styles.tab}
            aria-selected={tab.id === active}
            aria-controls={tab.id === active ? `${id}-panel` : undefined}
            tabIndex={tab.id === active ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(tab.label)}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${active}`} className={styles.tabPanel}>
        {children}
      </div>
    </div>
  );
}
