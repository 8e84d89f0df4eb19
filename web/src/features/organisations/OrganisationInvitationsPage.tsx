import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MergeInvitation, OrganisationInvitation } from '../../../../shared/schemas/organisations';
import { formatDate } from '../../lib/dates';
import { WithCurrentUser } from '../shell/useCurrentUser';
import { MergeInviteDialog } from './MergeInviteDialog';
import { OrganisationNav } from './OrganisationNav';
import {
  useInvitationAction,
  useIsAdmin,
  useReceivedMergeInvitations,
  useSentInvitations,
  useSentMergeInvitations,
  type InvitationAction,
} from './queries';

const STATUS_TYPES: Record<OrganisationInvitation['status'], StatusIndicatorProps.Type> = {
  Pending: 'pending',
  Accepted: 'success',
  Rejected: 'stopped',
  Expired: 'warning',
  Revoked: 'stopped',
  Error: 'error',
};

/**
 * `/organisation-invitations` (docs/organisations.md): the invitations sent from the
 * organisation (resend, revoke), the merge invitations it sent (resend, revoke; send one after a
 * lookup by the other organisation's admin email) and those it received (accept, which reloads the
 * page, or reject). Admins only: the calls are theirs.
 */
export default function OrganisationInvitationsPage() {
  return (
    <WithCurrentUser>
      <Invitations />
    </WithCurrentUser>
  );
}

function Invitations() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const [merging, setMerging] = useState(false);
  const sent = useSentInvitations(admin);
  const sentMerges = useSentMergeInvitations(admin);
  const receivedMerges = useReceivedMergeInvitations(admin);
  const act = useInvitationAction();
  const busy = act.isPending;

  const status = (s: OrganisationInvitation['status']) => (
    <StatusIndicator type={STATUS_TYPES[s]}>{t(`organisation.invitationStatus.${s}`)}</StatusIndicator>
  );
  const dates: TableProps.ColumnDefinition<{ sentDate: string; expiryDate: string }>[] = [
    { id: 'sent', header: t('organisation.columns.sent'), cell: (i) => formatDate(i.sentDate) },
    { id: 'expires', header: t('organisation.columns.expires'), cell: (i) => formatDate(i.expiryDate) },
  ];
  const buttons = (id: string, name: string, actions: InvitationAction[]) => (
    <SpaceBetween direction="horizontal" size="xs">
      {actions.map((action) => (
        <Button
          key={action}
          variant="inline-link"
          disabled={busy}
          ariaLabel={t(`organisation.invitations.${action}One`, { name })}
          onClick={() => act.mutate({ id, action })}
        >
          {t(`organisation.invitations.${action}`)}
        </Button>
      ))}
    </SpaceBetween>
  );

  const inviteeName = (i: OrganisationInvitation) =>
    [i.firstName, i.lastName].filter(Boolean).join(' ') || i.email;
  const invitationColumns: TableProps.ColumnDefinition<OrganisationInvitation>[] = [
    { id: 'name', header: t('organisation.columns.name'), cell: inviteeName, isRowHeader: true },
    { id: 'email', header: t('organisation.columns.email'), cell: (i) => i.email },
    { id: 'status', header: t('organisation.columns.status'), cell: (i) => status(i.status) },
    ...dates,
    {
      id: 'actions',
      header: t('organisation.columns.actions'),
      cell: (i) => (i.status === 'Pending' ? buttons(i.id, i.email, ['resend', 'revoke']) : null),
    },
  ];
  const admins = (m: MergeInvitation) =>
    [[m.inviteeFirstName, m.inviteeLastName].filter(Boolean).join(' '), m.inviteeEmail]
      .filter(Boolean)
      .join(' · ');
  const sentMergeColumns: TableProps.ColumnDefinition<MergeInvitation>[] = [
    {
      id: 'organisation',
      header: t('organisation.columns.organisation'),
      cell: (m) => m.inviteeOrganisationName ?? m.inviteeOrganisationId,
      isRowHeader: true,
    },
    { id: 'admin', header: t('organisation.columns.administrator'), cell: admins },
    { id: 'status', header: t('organisation.columns.status'), cell: (m) => status(m.status) },
    ...dates,
    {
      id: 'actions',
      header: t('organisation.columns.actions'),
      cell: (m) =>
        m.status === 'Pending'
          ? buttons(m.id, m.inviteeOrganisationName ?? m.inviteeEmail, ['resendMerge', 'revokeMerge'])
          : null,
    },
  ];
  const receivedMergeColumns: TableProps.ColumnDefinition<MergeInvitation>[] = [
    {
      id: 'organisation',
      header: t('organisation.columns.from'),
      cell: (m) => m.organisationName ?? m.organisationId,
      isRowHeader: true,
    },
    { id: 'status', header: t('organisation.columns.status'), cell: (m) => status(m.status) },
    ...dates,
    {
      id: 'actions',
      header: t('organisation.columns.actions'),
      cell: (m) =>
        m.status === 'Pending'
          ? buttons(m.id, m.organisationName ?? m.organisationId, ['acceptMerge', 'rejectMerge'])
          : null,
    },
  ];

  return (
    <ContentLayout
      header={
        <SpaceBetween size="s">
          <Header variant="h1" description={t('organisation.invitations.description')}>
            {t('organisation.invitations.title')}
          </Header>
          <OrganisationNav current="/organisation-invitations" />
        </SpaceBetween>
      }
    >
      {!admin ? (
        <Alert type="info">{t('organisation.invitations.adminsOnly')}</Alert>
      ) : (
        <SpaceBetween size="l">
          <List
            query={sent}
            rows={sent.data?.invitations}
            columns={invitationColumns}
            title={t('organisation.invitations.sentTitle')}
            empty={t('organisation.invitations.sentEmpty')}
          />
          <List
            query={sentMerges}
            rows={sentMerges.data?.mergeInvitations}
            columns={sentMergeColumns}
            title={t('organisation.invitations.mergeSentTitle')}
            empty={t('organisation.invitations.mergeSentEmpty')}
            actions={<Button onClick={() => setMerging(true)}>{t('organisation.merge.open')}</Button>}
          />
          <List
            query={receivedMerges}
            rows={receivedMerges.data?.mergeInvitations}
            columns={receivedMergeColumns}
            title={t('organisation.invitations.mergeReceivedTitle')}
            empty={t('organisation.invitations.mergeReceivedEmpty')}
          />
        </SpaceBetween>
      )}
      {merging && <MergeInviteDialog onClose={() => setMerging(false)} />}
    </ContentLayout>
  );
}

function List<T extends { id: string }>({
  query,
  rows,
  columns,
  title,
  empty,
  actions,
}: {
  query: { isPending: boolean; isError: boolean };
  rows: T[] | undefined;
  columns: TableProps.ColumnDefinition<T>[];
  title: string;
  empty: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table
      variant="container"
      items={query.isError ? [] : (rows ?? [])}
      columnDefinitions={columns}
      trackBy="id"
      loading={query.isPending}
      loadingText={t('organisation.loading')}
      ariaLabels={{ tableLabel: title }}
      header={
        <Header
          variant="h2"
          counter={rows && !query.isError ? `(${rows.length})` : undefined}
          actions={actions}
        >
          {title}
        </Header>
      }
      empty={
        <Box textAlign="center" color={query.isError ? 'text-status-error' : 'inherit'}>
          {query.isError ? t('organisation.fetchFailed') : empty}
        </Box>
      }
    />
  );
}
