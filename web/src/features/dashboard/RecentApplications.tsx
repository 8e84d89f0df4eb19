import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Panel, PlainLink } from '../../components/plain/page';
import { Spinner } from '../../components/plain/controls';
import { PlainTabs } from '../../components/plain/PlainTabs';
import { useTranslation } from 'react-i18next';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { useToasts } from '../../components/toasts';
import { ApplicationCards } from '../applications/ApplicationCards';
import styles from '../applications/applications.module.css';
import { FIRST_RECENT_TAB, recentParams, type RecentTab } from './recent';

function RecentList({ tab }: { tab: RecentTab }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const params = recentParams(tab);
  const list = useQuery({
    queryKey: applicationKeys.listV3(params),
    queryFn: ({ signal }) => applicationsApi.listV3(params, signal),
  });
  useEffect(() => {
    if (list.isError)
      toasts.show({ type: 'error', content: t('applications.messages.failedToFetchApplications') });
  }, [list.isError, t, toasts]);

  if (list.isPending) {
    return <Spinner label={t('applications.list.loading')} />;
  }
  const items = list.data?.items ?? [];
  if (items.length === 0) {
    return (
      <p className={styles.empty}>
        {list.isError
          ? t('applications.messages.failedToFetchApplications')
          : t(
              tab === 'applications'
                ? 'recentApplications.emptyApplications'
                : 'recentApplications.emptyConsents',
            )}
      </p>
    );
  }
  return <ApplicationCards items={items} label={t(`recentApplications.${tab}`)} />;
}

/** 'My recent applications': tabs Applications and Consents, 10 each, and View all. */
export function RecentApplications() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<RecentTab>(FIRST_RECENT_TAB);
  return (
    <Panel
      title={t('dashboard.recentTitle')}
      actions={
        <PlainLink
          to={tab === 'applications' ? '/applications' : '/consents'}
          ariaLabel={t(
            tab === 'applications'
              ? 'recentApplications.viewAllApplications'
              : 'recentApplications.viewAllConsents',
          )}
        >
          {t('recentApplications.viewAll')}
        </PlainLink>
      }
    >
      <PlainTabs
        ariaLabel={t('recentApplications.tabsLabel')}
        activeTabId={tab}
        onChange={(id) => setTab(id as RecentTab)}
        tabs={(['applications', 'consents'] as const).map((id) => ({
          id,
          label: t(`recentApplications.${id}`),
        }))}
      >
        <RecentList key={tab} tab={tab} />
      </PlainTabs>
    </Panel>
  );
}
