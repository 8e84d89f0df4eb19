import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganisationMember } from '../../../../shared/schemas/organisations';
import { useCurrentUser } from '../shell/useCurrentUser';
import { ConfirmMemberDialog } from './ConfirmMemberDialog';
import { memberActions, memberName, type MemberAction } from './organisationModel';

/**
 * Members with their role and status (docs/organisations.md); an admin gets the
 * actions of each row (make admin / remove admin, disable, release, or enable), each asked before it
 * runs and disabled where the last-admin rule refuses it.
 */
export function MembersTable({
  all,
  items,
  admin,
  loading,
  failed,
  header,
  emptyText,
}: {
  /** Every member (the last-admin rule counts them all). */
  all: readonly OrganisationMember[];
  items: OrganisationMember[];
  admin: boolean;
  loading: boolean;
  failed: boolean;
  header: ReactNode;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [pending, setPending] = useState<{ member: OrganisationMember; action: MemberAction }>();

  const columns: TableProps.ColumnDefinition<OrganisationMember>[] = [
    {
      id: 'name',
      header: t('organisation.columns.name'),
      cell: (m) => (m.userId === me.id ? t('organisation.you', { name: memberName(m) }) : memberName(m)),
      isRowHeader: true,
    },
    { id: 'email', header: t('organisation.columns.email'), cell: (m) => m.email },
    { id: 'role', header: t('organisation.columns.role'), cell: (m) => t(`organisation.role.${m.role}`) },
    {
      id: 'status',
      header: t('organisation.columns.status'),
      cell: (m) => (
        <StatusIndicator type={m.status === 'Active' ? 'success' : 'stopped'}>
          {t(`organisation.status.${m.status}`)}
        </StatusIndicator>
      ),
    },
  ];
  if (admin) {
    columns.push({
      id: 'actions',
      header: t('organisation.columns.actions'),
      cell: (m) => (
        <SpaceBetween direction="horizontal" size="xs">
          {memberActions(all, m, me.id).map(({ action, blocked }) => (
            <Button
              key={action}
              variant="inline-link"
              disabled={blocked}
              disabledReason={blocked ? t('organisation.actions.lastAdmin') : undefined}
              ariaLabel={t(`organisation.actions.${action}One`, { name: memberName(m) })}
              onClick={() => setPending({ member: m, action })}
            >
              {t(`organisation.actions.${action}`)}
            </Button>
          ))}
        </SpaceBetween>
      ),
    });
  }

  return (
    <>
      <Table
        variant="container"
        items={failed ? [] : items}
        columnDefinitions={columns}
        trackBy="userId"
        loading={loading}
        loadingText={t('organisation.loading')}
        header={header}
        ariaLabels={{ tableLabel: t('organisation.members.tableLabel') }}
        empty={
          <Box textAlign="center" color={failed ? 'text-status-error' : 'inherit'}>
            {failed ? t('organisation.fetchFailed') : emptyText}
          </Box>
        }
      />
      {pending && (
        <ConfirmMemberDialog
          member={pending.member}
          action={pending.action}
          onClose={() => setPending(undefined)}
        />
      )}
    </>
  );
}
