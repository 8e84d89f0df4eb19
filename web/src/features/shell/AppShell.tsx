import { lazy, useState } from 'react';
import AppLayout from '@cloudscape-design/components/app-layout';
import Icon from '@cloudscape-design/components/icon';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import TopNavigation, { type TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth';
import { useBreakpointUp } from '../../app/breakpoints';
import { getConfig } from '../../app/config';
import { useRouteFocus } from '../../app/useRouteFocus';
import { SIDE_NAVIGATION_COLLAPSED_WIDTH_PX, SIDE_NAVIGATION_WIDTH_PX } from '../../app/constants';
import { NAV_ITEMS, navSection } from './navSection';
import { useNavLandmarkAria } from './navLandmarkAria';
import { displayName, useMaybeCurrentUser } from './useCurrentUser';
import type { CurrentUser } from '../../api/user';
import { OnceOpened } from '../../components/OnceOpened';
import styles from './shell.module.css';

// Help → Support information: the dialog (Cloudscape Modal) loads when first opened.
const SupportInfoModal = lazy(async () => ({
  default: (await import('./SupportInfoModal')).SupportInfoModal,
}));

/** Signed-in layout: top bar (73 px) + AppLayout with the side navigation (240 px, 56 px collapsed). */
export function AppShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  const user = useMaybeCurrentUser();
  const mdUp = useBreakpointUp('md');
  const [navigationOpen, setNavigationOpen] = useState(true);
  const [supportOpen, setSupportOpen] = useState(false);
  const { onlineHelpUrl } = getConfig();
  useRouteFocus();
  useNavLandmarkAria();

  const follow = (event: CustomEvent<{ href?: string; external?: boolean }>) => {
    if (event.detail.href && !event.detail.external) {
      event.preventDefault();
      void navigate(event.detail.href);
    }
  };

  const utilities: TopNavigationProps.Utility[] = [
    ...(mdUp
      ? [
          {
            type: 'button' as const,
            variant: 'primary-button' as const,
            text: t('shell.newApplication'),
            href: '/new-application',
            onFollow: follow,
          },
        ]
      : []),
    {
      type: 'menu-dropdown',
      text: t('shell.help'),
      iconName: 'support',
      items: [
        onlineHelpUrl
          ? {
              id: 'online-help',
              text: t('shell.onlineHelp'),
              href: onlineHelpUrl,
              external: true,
              externalIconAriaLabel: t('shell.externalLink'),
            }
          : {
              id: 'online-help',
              text: t('shell.onlineHelp'),
              disabled: true,
              disabledReason: t('shell.onlineHelpNotConfigured'),
            },
        { id: 'support-info', text: t('shell.supportInformation') },
      ],
      onItemClick: ({ detail }) => {
        if (detail.id === 'support-info') setSupportOpen(true);
      },
    },
    // The user menu appears when GET /user has answered (the shell draws before it).
    ...(user ? [userMenu(user)] : []),
  ];

  function userMenu(user: CurrentUser): TopNavigationProps.Utility {
    return {
      type: 'menu-dropdown',
      text: displayName(user),
      description: user.email,
      iconName: 'user-profile',
      ariaLabel: t('shell.userMenu', { name: displayName(user) }),
      items: [
        { id: 'profile', text: t('shell.profile'), href: '/user-profile' },
        { id: 'logout', text: t('shell.logout') },
      ],
      onItemFollow: follow,
      onItemClick: ({ detail }) => {
        if (detail.id === 'logout') void auth.signOut();
      },
    };
  }

  const navItems: SideNavigationProps.Item[] = NAV_ITEMS.map((item) => ({
    type: 'link',
    text: t(item.key),
    href: item.href,
    icon: <Icon name={item.icon} />,
  }));

  return (
    <>
      <div id="top-nav" className={styles.topNav}>
        <TopNavigation
          identity={{
            href: '/',
            title: t('app.name'),
            logo: { src: '/logo.svg', alt: t('app.logoAlt') },
            onFollow: follow,
          }}
          utilities={utilities}
          i18nStrings={{ overflowMenuTriggerText: t('shell.more'), overflowMenuTitleText: t('shell.all') }}
        />
      </div>
      <AppLayout
        headerSelector="#top-nav"
        navigation={
          <SideNavigation
            activeHref={navSection(location.pathname) ?? ''}
            items={navItems}
            collapsed={!navigationOpen}
            onFollow={follow}
          />
        }
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        navigationWidth={SIDE_NAVIGATION_WIDTH_PX}
        navigationCloseBehavior="collapse"
        navigationCollapsedWidth={SIDE_NAVIGATION_COLLAPSED_WIDTH_PX}
        toolsHide
        ariaLabels={{
          navigation: t('shell.navigation'),
          navigationToggle: t('shell.navigationOpen'),
          navigationClose: t('shell.navigationClose'),
        }}
        content={<Outlet />}
      />
      <OnceOpened open={supportOpen}>
        <SupportInfoModal visible={supportOpen} onDismiss={() => setSupportOpen(false)} />
      </OnceOpened>
    </>
  );
}
