import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isFlagOn } from '../../lib/config';
import { Spinner } from '../../components/plain/controls';
import { Badge, Panel } from '../../components/plain/page';
import { PlainTabs } from '../../components/plain/PlainTabs';
import { useAccessRequests } from '../access-requests/queries';
import { OutstandingActions } from './OutstandingActions';

/** config.json's flag (infra/site.json `flags`) that turns on the tabbed work lists. */
export const ACCESS_REQUESTS_FLAG = 'accessRequests';

// The two request tables (Cloudscape's Table and ExpandableSection) load when the tab is opened.
const AccessRequestsTab = lazy(() => import('../access-requests/AccessRequestsTab'));

type WorkTab = 'required' | 'requests';

/** `/?tab=access-requests` (the access-request email's link) opens the Access Requests tab. */
export const ACCESS_REQUESTS_TAB_QUERY = 'access-requests';

/**
 * The dashboard's work lists (docs/applications.md): 'Actions to be taken' (applications with
 * outstanding RFIs or payments); behind the `accessRequests` flag a tabbed view, Required Actions
 * and Access Requests, the second with a badge counting the requests waiting for my review.
 */
export function DashboardWork() {
  const { t } = useTranslation();
  if (!isFlagOn(ACCESS_REQUESTS_FLAG))
    return (
      <Panel title={t('dashboard.actionsTitle')}>
        <OutstandingActions />
      </Panel>
    );
  return <TabbedWork />;
}

function TabbedWork() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<WorkTab>(
    params.get('tab') === ACCESS_REQUESTS_TAB_QUERY ? 'requests' : 'required',
  );
  const requests = useAccessRequests();
  const toReview = requests.data?.incomingAccessRequests.length ?? 0;
  return (
    <Panel title={t('dashboard.actionsTitle')}>
      <PlainTabs
        ariaLabel={t('accessRequests.tabs.label')}
        activeTabId={tab}
        onChange={(id) => setTab(id as WorkTab)}
        tabs={[
          { id: 'required', label: t('accessRequests.tabs.required') },
          {
            id: 'requests',
            label: (
              <>
                {t('accessRequests.tabs.requests')} {toReview > 0 && <Badge>{toReview}</Badge>}
              </>
            ),
          },
        ]}
      >
        {tab === 'required' ? (
          <OutstandingActions />
        ) : (
          <Suspense fallback={<Spinner label={t('accessRequests.loading')} />}>
            <AccessRequestsTab />
          </Suspense>
        )}
      </PlainTabs>
    </Panel>
  );
}
