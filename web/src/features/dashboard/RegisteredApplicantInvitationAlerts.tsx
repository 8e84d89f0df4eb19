import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isServiceError } from '../../api/errors';
import {
  registeredApplicantInvitationKeys as keys,
  registeredApplicantInvitationsApi as api,
} from '../../api/registered-applicant-invitations';
import { formatDate } from '../../lib/dates';
import { PlainAlert, PlainButton } from '../../components/plain/page';
import { useToasts } from '../../components/toasts';
import { useMaybeCurrentUser } from '../shell/useCurrentUser';

type Answer = 'Accepted' | 'Rejected';

/**
 * The dashboard's registered-applicant invitation alerts (docs/applications.md): one
 * per invitation a council sent to the user that they can still answer, naming the council; Accept
 * or Reject answers it once, and the alert goes. Plain markup, like the rest of the dashboard.
 */
export function RegisteredApplicantInvitationAlerts() {
  return useMaybeCurrentUser() ? <Alerts /> : null;
}

function Alerts() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const client = useQueryClient();
  const pending = useQuery({
    queryKey: keys.pending(),
    queryFn: ({ signal }) => api.pending(signal),
  });
  const respond = useMutation({
    mutationFn: ({ id, status }: { id: string; status: Answer }) => api.respond(id, status),
    onSuccess: (invitation, { status }) =>
      toasts.show({
        type: 'success',
        content: t(
          `dashboard.registeredApplicantInvitations.${status === 'Accepted' ? 'accepted' : 'rejected'}`,
          {
            name: invitation.bcaName ?? invitation.bcaCode ?? '',
          },
        ),
      }),
    onError: (err) =>
      toasts.show({
        type: 'error',
        // 409 (already answered, expired) and 404 carry a message for the user.
        content:
          isServiceError(err, 'ClientError') || isServiceError(err, 'ResourceNotFound')
            ? err.message
            : t('dashboard.registeredApplicantInvitations.failed'),
      }),
    // Answered or not (another tab, expired meanwhile), the list is read again.
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });

  return (
    <>
      {(pending.data ?? []).map((i) => {
        const name = i.bcaName ?? i.bcaCode ?? '';
        const answer = (status: Answer) => !respond.isPending && respond.mutate({ id: i.id, status });
        return (
          <PlainAlert
            key={i.id}
            type="info"
            header={t('dashboard.registeredApplicantInvitations.title', { name })}
            action={
              <>
                <PlainButton onClick={() => answer('Accepted')}>
                  {t('dashboard.registeredApplicantInvitations.accept')}
                </PlainButton>{' '}
                <PlainButton onClick={() => answer('Rejected')}>
                  {t('dashboard.registeredApplicantInvitations.reject')}
                </PlainButton>
              </>
            }
          >
            {i.expiryDate
              ? t('dashboard.registeredApplicantInvitations.bodyExpiring', {
                  name,
                  date: formatDate(i.expiryDate),
                })
              : t('dashboard.registeredApplicantInvitations.body', { name })}
          </PlainAlert>
        );
      })}
    </>
  );
}
