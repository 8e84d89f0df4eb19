import Tabs from '../../components/Tabs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

/** The Create Account / Sign In tabs of the signed-out pages; each tab is its own route. */
export function AuthTabs({ active, children }: { active: 'create' | 'signin'; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      ariaLabel={t('auth.tabs.label')}
      activeTabId={active}
      onChange={({ detail }) => {
        if (detail.activeTabHref) void navigate(detail.activeTabHref);
      }}
      tabs={[
        {
          id: 'create',
          label: t('auth.tabs.createAccount'),
          href: '/registration',
          content: active === 'create' ? children : null,
        },
        {
          id: 'signin',
          label: t('auth.tabs.signIn'),
          href: '/',
          content: active === 'signin' ? children : null,
        },
      ]}
    />
  );
}
