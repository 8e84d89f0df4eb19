import Badge, { type BadgeProps } from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applicationHref } from '../../../../shared/domain/applications';
import type { AccessRequest } from '../../../../shared/schemas/access-requests';
import type { ApplicationStatus } from '../../../../shared/schemas/applications';
import { formatDate } from '../../lib/dates';
import { accessRequestSeenKey, browserStorage, isMuted, mute } from '../../lib/storage';
import { useToasts } from '../../components/toasts';
import AccessSubmittedDialog from './AccessSubmittedDialog';
import { useAccessRequests, useDecline, useRequestAccess } from './queries';
import { projectIdOf, requesterName } from './view';

// The participant dialog (its steps, the address entry, the licences) loads on Accept.
const AcceptRequestDialog = lazy(() => import('./AcceptRequestDialog'));

const CHIP: Record<AccessRequest['status'], BadgeProps['color']> = {
  PENDING: 'grey',
  APPROVED: 'green',
  DENIED: 'red',
  EXPIRED: 'severity-low',
};

/**
 * The dashboard's Access Requests tab (docs/access-requests.md): 'Access requests to review' (the
 * requests for my projects: Accept opens the participant dialog prefilled from the requester,
 * Decline sends DENIED) and 'Your access requests' (Open an approved one, which is then hidden, or
 * request again after a decline or expiry), each a collapsible section with its count.
 */
export default function AccessRequestsTab() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const list = useAccessRequests();
  const [storage] = useState(browserStorage);
  const [seen, setSeen] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (list.isError) toasts.show({ type: 'error', content: t('accessRequests.failed') });
  }, [list.isError, t, toasts]);

  if (list.isPending) return <Spinner />;
  const incoming = list.data?.incomingAccessRequests ?? [];
  const mine = (list.data?.myAccessRequests ?? []).filter(
    (r) =>
      !(
        r.status === 'APPROVED' &&
        (seen.has(r.requestGuid) || isMuted(storage, accessRequestSeenKey(r.requestGuid)))
      ),
  );
  const markSeen = (guid: string) => {
    mute(storage, accessRequestSeenKey(guid));
    setSeen((s) => new Set(s).add(guid));
  };
  return (
    <SpaceBetween size="l">
      <ExpandableSection
        variant="container"
        defaultExpanded
        headerText={t('accessRequests.received.title')}
        headerCounter={`(${incoming.length})`}
        headerDescription={t('accessRequests.received.body')}
      >
        <Received items={incoming} />
      </ExpandableSection>
      <ExpandableSection
        variant="container"
        defaultExpanded
        headerText={t('accessRequests.sent.title')}
        headerCounter={`(${mine.length})`}
      >
        <Sent items={mine} onOpened={markSeen} />
      </ExpandableSection>
    </SpaceBetween>
  );
}

function Received({ items }: { items: AccessRequest[] }) {
  const { t } = useTranslation();
  const decline = useDecline();
  const [accepting, setAccepting] = useState<AccessRequest>();
  return (
    <>
      <Table<AccessRequest>
        variant="embedded"
        ariaLabels={{ tableLabel: t('accessRequests.received.title') }}
        items={items}
        trackBy="requestGuid"
        empty={<Box textAlign="center">{t('accessRequests.empty')}</Box>}
        columnDefinitions={[
          { id: 'id', header: t('accessRequests.columns.projectId'), cell: projectIdOf },
          { id: 'address', header: t('accessRequests.columns.address'), cell: (r) => r.address?.fullAddress },
          { id: 'requester', header: t('accessRequests.columns.requester'), cell: requesterName },
          { id: 'email', header: t('accessRequests.columns.email'), cell: (r) => r.requestUser.email },
          {
            id: 'phone',
            header: t('accessRequests.columns.phone'),
            cell: (r) =>
              [r.requestUser.phoneCountryCode, r.requestUser.phoneNumber].filter(Boolean).join(' '),
          },
          {
            id: 'requestedOn',
            header: t('accessRequests.columns.requestedOn'),
            cell: (r) => formatDate(r.createdDate),
          },
          {
            id: 'action',
            header: t('accessRequests.columns.action'),
            cell: (r) => {
              const label = { name: requesterName(r), id: projectIdOf(r) };
              return (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button
                    ariaLabel={t('accessRequests.received.acceptLabel', label)}
                    onClick={() => setAccepting(r)}
                  >
                    {t('accessRequests.received.accept')}
                  </Button>
                  <Button
                    ariaLabel={t('accessRequests.received.declineLabel', label)}
                    loading={decline.isPending && decline.variables === r.requestGuid}
                    disabled={decline.isPending}
                    onClick={() => decline.mutate(r.requestGuid)}
                  >
                    {t('accessRequests.received.decline')}
                  </Button>
                </SpaceBetween>
              );
            },
          },
        ]}
      />
      {accepting && (
        <Suspense fallback={null}>
          <AcceptRequestDialog request={accepting} onClose={() => setAccepting(undefined)} />
        </Suspense>
      )}
    </>
  );
}

function Sent({ items, onOpened }: { items: AccessRequest[]; onOpened: (guid: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const again = useRequestAccess();
  const [submitted, setSubmitted] = useState(false);
  const description = (r: AccessRequest) => {
    switch (r.status) {
      case 'PENDING':
        return t('accessRequests.sent.requested', {
          requested: formatDate(r.createdDate),
          expires: formatDate(r.expireTime),
        });
      case 'DENIED':
        return t('accessRequests.sent.declined', { date: formatDate(r.completionDate ?? r.createdDate) });
      case 'EXPIRED':
        return t('accessRequests.sent.expired', { date: formatDate(r.expireTime) });
      default:
        return '';
    }
  };
  return (
    <>
      <Table<AccessRequest>
        variant="embedded"
        ariaLabels={{ tableLabel: t('accessRequests.sent.title') }}
        items={items}
        trackBy="requestGuid"
        empty={<Box textAlign="center">{t('accessRequests.empty')}</Box>}
        columnDefinitions={[
          { id: 'id', header: t('accessRequests.columns.projectId'), cell: projectIdOf },
          { id: 'address', header: t('accessRequests.columns.address'), cell: (r) => r.address?.fullAddress },
          { id: 'description', header: t('accessRequests.columns.description'), cell: description },
          {
            id: 'status',
            header: t('accessRequests.columns.status'),
            cell: (r) => <Badge color={CHIP[r.status]}>{t(`accessRequests.status.${r.status}`)}</Badge>,
          },
          {
            id: 'action',
            header: t('accessRequests.columns.action'),
            cell: (r) =>
              r.status === 'PENDING' ? null : r.status === 'APPROVED' ? (
                <Button
                  ariaLabel={t('accessRequests.sent.openLabel', { id: projectIdOf(r) })}
                  onClick={() => {
                    onOpened(r.requestGuid);
                    void navigate(
                      applicationHref({
                        id: r.applicationId,
                        status: r.applicationStatus as ApplicationStatus,
                      }),
                    );
                  }}
                >
                  {t('accessRequests.sent.open')}
                </Button>
              ) : (
                <Button
                  ariaLabel={t('accessRequests.sent.againLabel', { id: projectIdOf(r) })}
                  disabled={again.isPending}
                  onClick={() => again.mutate(r.applicationId, { onSuccess: () => setSubmitted(true) })}
                >
                  {t('accessRequests.sent.again')}
                </Button>
              ),
          },
        ]}
      />
      {submitted && <AccessSubmittedDialog onClose={() => setSubmitted(false)} />}
    </>
  );
}
