import { lazy, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthProvider';
import { useBreakpointUp, useMediaQuery } from '../../lib/breakpoints';
import { getConfig } from '../../lib/config';
import { useRouteFocus } from '../../lib/useRouteFocus';
import { OnceOpened } from '../../components/OnceOpened';
import { NAV_ITEMS, navSection } from './navSection';
import { displayName, useMaybeCurrentUser } from './useCurrentUser';
import { MenuButton, type MenuItem } from '../../components/plain/MenuButton';
import { PlainIcon } from '../../components/plain/PlainIcon';
import { frameClass, TopBar } from '../../components/plain/TopBar';
import { ScrollToTop } from '../../components/plain/ScrollToTop';
import { NotificationBell } from '../notifications/NotificationBell';
import styles from './shell.module.css';

// Help → Support information: the dialog (Cloudscape Modal) loads when first opened.
const SupportInfoModal = lazy(async () => ({
  default: (await import('./SupportInfoModal')).SupportInfoModal,
}));

/** From this width the side navigation sits beside the page; below, it is a drawer (Cloudscape's 688 px). */
const BESIDE_QUERY = '(min-width: 688px)';

/** A plain left click on an in-app link: the router navigates instead of the browser. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The signed-in layout, plain markup (not Cloudscape's AppLayout, TopNavigation and SideNavigation,
 * about 70 KB gzip of the dashboard's first load: docs/performance.md): the top bar (73 px: logo,
 * New application at md and up, Help, the user menu once GET /user answers), the side navigation
 * (240 px, collapsed to its 56 px icons by its toggle; a drawer below 688 px) and the page in
 * `<main>`.
 */
export function AppShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  const user = useMaybeCurrentUser();
  const mdUp = useBreakpointUp('md');
  const drawerMode = !useMediaQuery(BESIDE_QUERY);
  const [navigationOpen, setNavigationOpen] = useState(true);
  const [drawerWanted, setDrawerOpen] = useState(false);
  const drawerOpen = drawerMode && drawerWanted;
  const [supportOpen, setSupportOpen] = useState(false);
  const drawerToggle = useRef<HTMLButtonElement>(null);
  const drawerClose = useRef<HTMLButtonElement>(null);
  const { onlineHelpUrl } = getConfig();
  const active = navSection(location.pathname);
  useRouteFocus();

  const closeDrawer = (refocus: boolean) => {
    setDrawerOpen(false);
    if (refocus) drawerToggle.current?.focus();
  };
  // The open drawer takes focus on its close button; Escape closes it and returns to the toggle.
  useEffect(() => {
    if (!drawerOpen) return;
    drawerClose.current?.focus();
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawerOpen(false);
      drawerToggle.current?.focus();
    };
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [drawerOpen]);

  const follow = (href: string) => void navigate(href);
  const followLink = (event: MouseEvent, href: string) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (drawerOpen) setDrawerOpen(false);
    follow(href);
  };

  const helpItems: MenuItem[] = [
    onlineHelpUrl
      ? {
          id: 'online-help',
          text: t('shell.onlineHelp'),
          href: onlineHelpUrl,
          external: true,
          externalLabel: t('shell.externalLink'),
        }
      : {
          id: 'online-help',
          text: t('shell.onlineHelp'),
          disabled: true,
          disabledReason: t('shell.onlineHelpNotConfigured'),
        },
    { id: 'support-info', text: t('shell.supportInformation') },
  ];

  const expanded = drawerMode ? drawerOpen : navigationOpen;
  const navigation = (
    <nav
      id="side-navigation"
      aria-label={t('shell.navigation')}
      className={`${styles.sideNav} ${expanded ? '' : styles.collapsed} ${drawerMode ? styles.drawer : ''}`}
      hidden={drawerMode && !drawerOpen}
    >
      <button
        ref={drawerMode ? drawerClose : undefined}
        type="button"
        className={styles.navToggle}
        aria-label={t(expanded ? 'shell.navigationClose' : 'shell.navigationOpen')}
        aria-expanded={drawerMode ? undefined : expanded}
        aria-controls={drawerMode ? undefined : 'side-navigation-links'}
        onClick={() => (drawerMode ? closeDrawer(true) : setNavigationOpen(!navigationOpen))}
      >
        <PlainIcon name={drawerMode ? 'close' : expanded ? 'angle-left' : 'angle-right'} />
      </button>
      <ul id="side-navigation-links" className={styles.navList}>
        {NAV_ITEMS.map((item) => (
          <li key={item.href}>
            <a
              href={item.href}
              className={styles.navLink}
              aria-current={item.href === active ? 'page' : undefined}
              aria-label={expanded ? undefined : t(item.key)}
              title={expanded ? undefined : t(item.key)}
              onClick={(event) => followLink(event, item.href)}
            >
              <PlainIcon name={item.icon} />
              {expanded && <span>{t(item.key)}</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );

  return (
    <div className={frameClass}>
      <TopBar
        label={t('shell.topNavigation')}
        homeLabel={t('app.logoAlt')}
        name={t('app.name')}
        onHome={(event) => followLink(event, '/')}
      >
        <div className={styles.utilities}>
          {mdUp && (
            <a
              href="/new-application"
              className={styles.primary}
              onClick={(event) => followLink(event, '/new-application')}
            >
              {t('shell.newApplication')}
            </a>
          )}
          <MenuButton
            text={t('shell.help')}
            ariaLabel={drawerMode ? t('shell.help') : undefined}
            icon="support"
            items={helpItems}
            onFollow={follow}
            onItemClick={(id) => id === 'support-info' && setSupportOpen(true)}
          />
          <NotificationBell />
          {/* The user menu appears when GET /user has answered (the shell draws before it). */}
          {/* Logout is a global sign-out (a network call): until it ends the menu says so. */}
          {user && auth.signingOut && (
            <span role="status" className={styles.signingOut}>
              {t('shell.signingOut')}
            </span>
          )}
          {user && !auth.signingOut && (
            <MenuButton
              text={displayName(user)}
              ariaLabel={t('shell.userMenu', { name: displayName(user) })}
              icon="user-profile"
              header={
                <>
                  <strong>{displayName(user)}</strong>
                  <span>{user.email}</span>
                </>
              }
              items={[
                { id: 'profile', text: t('shell.profile'), href: '/user-profile' },
                { id: 'logout', text: t('shell.logout') },
              ]}
              onFollow={follow}
              onItemClick={(id) => id === 'logout' && void auth.signOut()}
            />
          )}
        </div>
      </TopBar>
      {drawerMode && (
        <div className={styles.toolbar}>
          <button
            ref={drawerToggle}
            type="button"
            className={styles.navToggle}
            aria-label={t('shell.navigationOpen')}
            aria-expanded={drawerOpen}
            aria-controls="side-navigation"
            onClick={() => setDrawerOpen(true)}
          >
            <PlainIcon name="menu" />
          </button>
        </div>
      )}
      <div className={styles.body}>
        {navigation}
        {drawerMode && drawerOpen && (
          <div className={styles.backdrop} aria-hidden="true" onClick={() => closeDrawer(false)} />
        )}
        <main className={styles.main}>
          <Outlet />
        </main>
      </div>
      <ScrollToTop label={t('shell.backToTop')} />
      <OnceOpened open={supportOpen}>
        <SupportInfoModal visible={supportOpen} onDismiss={() => setSupportOpen(false)} />
      </OnceOpened>
    </div>
  );
}
