import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WithCurrentUser } from '../shell/useCurrentUser';
import { InviteMemberDialog } from './InviteMemberDialog';
import { MembersTable } from './MembersTable';
import { OrganisationNav } from './OrganisationNav';
import { OrganisationProfile } from './OrganisationProfile';
import { membersWithStatus } from './organisationModel';
import { useIsAdmin, useMembers } from './queries';

/**
 * `/organisation-members` (docs/organisations.md): the organisation's profile and its active
 * members with role and status; an admin invites people, edits the profile and changes members.
 */
export default function OrganisationMembersPage() {
  return (
    <WithCurrentUser>
      <Members />
    </WithCurrentUser>
  );
}

function Members() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const members = useMembers();
  const [inviting, setInviting] = useState(false);
  const all = members.data?.users ?? [];
  const active = membersWithStatus(all, 'Active');
  return (
    <ContentLayout
      header={
        <SpaceBetween size="s">
          <Header variant="h1" description={t('organisation.members.description')}>
            {t('organisation.members.title')}
          </Header>
          <OrganisationNav current="/organisation-members" />
        </SpaceBetween>
      }
    >
      <SpaceBetween size="l">
        {members.data && <OrganisationProfile organisation={members.data.organisation} admin={admin} />}
        <MembersTable
          all={all}
          items={active}
          admin={admin}
          loading={members.isPending}
          failed={members.isError}
          emptyText={t('organisation.members.empty')}
          header={
            <Header
              variant="h2"
              counter={members.data ? `(${active.length})` : undefined}
              actions={
                admin && (
                  <Button variant="primary" onClick={() => setInviting(true)}>
                    {t('organisation.invite.open')}
                  </Button>
                )
              }
            >
              {t('organisation.members.listTitle')}
            </Header>
          }
        />
      </SpaceBetween>
      {inviting && <InviteMemberDialog onClose={() => setInviting(false)} />}
    </ContentLayout>
  );
}
