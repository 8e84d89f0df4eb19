import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchesMergeInvitations, userOrganisationRole } from '../../../../shared/domain/organisations';
import type { CurrentUser } from '../../api/user';
import { isServiceError } from '../../api/errors';
import { organisationKeys, organisationsApi } from '../../api/organisations';
import { page } from '../../lib/reload';
import { formatDate } from '../../lib/dates';
import { PlainAlert, PlainButton } from '../../components/plain/page';
import { useToasts } from '../../components/toasts';
import { useMaybeCurrentUser } from '../shell/useCurrentUser';

type Answer = 'Accepted' | 'Rejected';

/**
 * The dashboard's organisation alerts (docs/applications.md): a pending invitation to
 * join an organisation (accept or decline), and, for admins only, a pending invitation of another
 * organisation to merge (accepting reloads the page). Plain markup, like the rest of the dashboard.
 */
export function OrganisationAlerts() {
  const user = useMaybeCurrentUser();
  return user ? <Alerts user={user} /> : null;
}

function Alerts({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const client = useQueryClient();
  const invitations = useQuery({
    queryKey: organisationKeys.myInvitations(),
    queryFn: ({ signal }) => organisationsApi.myInvitations(signal),
  });
  const merges = useQuery({
    queryKey: organisationKeys.receivedMergeInvitations(),
    queryFn: ({ signal }) => organisationsApi.receivedMergeInvitations(signal),
    enabled: fetchesMergeInvitations(userOrganisationRole(user)),
  });
  const failed = (err: unknown) =>
    toasts.show({
      type: 'error',
      content: isServiceError(err, 'ClientError') ? err.message : t('dashboard.organisationAlerts.failed'),
    });

  const join = useMutation({
    mutationFn: ({ id, status }: { id: string; status: Answer }) =>
      organisationsApi.respondInvitation(id, status),
    onSuccess: (invitation, { status }) => {
      // Joining changes the user's organisation and role: everything is read again.
      void client.invalidateQueries();
      toasts.show({
        type: 'success',
        content: t(`dashboard.organisationAlerts.invitation${status}`, {
          name: invitation.organisationName ?? '',
        }),
      });
    },
    onError: failed,
  });
  const merge = useMutation({
    mutationFn: ({ id, status }: { id: string; status: Answer }) =>
      organisationsApi.respondMergeInvitation(id, status),
    onSuccess: (_, { status }) => {
      if (status === 'Accepted') return page.reload();
      void client.invalidateQueries({ queryKey: organisationKeys.all });
      toasts.show({ type: 'success', content: t('dashboard.organisationAlerts.mergeRejected') });
    },
    onError: failed,
  });

  const pendingInvitations = (invitations.data?.invitations ?? []).filter((i) => i.status === 'Pending');
  const pendingMerges = (merges.data?.mergeInvitations ?? []).filter((m) => m.status === 'Pending');
  // Each alert is a group named by its header: its two buttons read as that group's.
  const answers = (run: (status: Answer) => void) => (
    <>
      <PlainButton onClick={() => run('Accepted')}>{t('dashboard.organisationAlerts.accept')}</PlainButton>{' '}
      <PlainButton onClick={() => run('Rejected')}>{t('dashboard.organisationAlerts.decline')}</PlainButton>
    </>
  );

  return (
    <>
      {pendingInvitations.map((i) => {
        const name = i.organisationName ?? '';
        return (
          <PlainAlert
            key={i.id}
            type="info"
            header={t('dashboard.organisationAlerts.invitationTitle', { name })}
            action={answers((status) => !join.isPending && join.mutate({ id: i.id, status }))}
          >
            {t('dashboard.organisationAlerts.invitationBody', { name, date: formatDate(i.expiryDate) })}
          </PlainAlert>
        );
      })}
      {pendingMerges.map((m) => {
        const name = m.organisationName ?? '';
        return (
          <PlainAlert
            key={m.id}
            type="info"
            header={t('dashboard.organisationAlerts.mergeTitle', { name })}
            action={answers((status) => !merge.isPending && merge.mutate({ id: m.id, status }))}
          >
            {t('dashboard.organisationAlerts.mergeBody', { name, date: formatDate(m.expiryDate) })}
          </PlainAlert>
        );
      })}
    </>
  );
}
