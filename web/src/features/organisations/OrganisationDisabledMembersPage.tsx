import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { WithCurrentUser } from '../shell/useCurrentUser';
import { MembersTable } from './MembersTable';
import { OrganisationNav } from './OrganisationNav';
import { membersWithStatus } from './organisationModel';
import { useIsAdmin, useMembers } from './queries';

/** `/organisation-disabled-members` (docs/organisations.md): the disabled members; an admin enables them. */
export default function OrganisationDisabledMembersPage() {
  return (
    <WithCurrentUser>
      <DisabledMembers />
    </WithCurrentUser>
  );
}

function DisabledMembers() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const members = useMembers();
  const all = members.data?.users ?? [];
  const disabled = membersWithStatus(all, 'Disabled');
  return (
    <ContentLayout
      header={
        <SpaceBetween size="s">
          <Header variant="h1" description={t('organisation.disabled.description')}>
            {t('organisation.disabled.title')}
          </Header>
          <OrganisationNav current="/organisation-disabled-members" />
        </SpaceBetween>
      }
    >
      <MembersTable
        all={all}
        items={disabled}
        admin={admin}
        loading={members.isPending}
        failed={members.isError}
        emptyText={t('organisation.disabled.empty')}
        header={
          <Header variant="h2" counter={members.data ? `(${disabled.length})` : undefined}>
            {t('organisation.disabled.listTitle')}
          </Header>
        }
      />
    </ContentLayout>
  );
}
