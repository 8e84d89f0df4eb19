import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import RadioGroup from '@cloudscape-design/components/radio-group';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { emailDigests, type EmailDigest } from '../../../../shared/domain/notifications';
import { notificationKeys, notificationsApi } from '../../api/notifications';
import { useToasts } from '../../components/toasts';
import { isFlagOn } from '../../lib/config';
import { NOTIFICATIONS_FLAG, notificationMessages } from './notificationView';

/**
 * How notification emails come (docs/notifications.md):
 * each at once, or one email an hour or a day. Saved when chosen (the notification profile's
 * `emailDigest`); the email preference above still says whether any email goes.
 */
export function EmailDigestSetting() {
  // The digest is a notifications setting: with the flag off there is none to set.
  return isFlagOn(NOTIFICATIONS_FLAG) ? <DigestSetting /> : null;
}

function DigestSetting() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const profile = useQuery({
    queryKey: [...notificationKeys.profile, 'full'],
    queryFn: ({ signal }) => notificationsApi.profile(signal),
  });
  const save = useMutation({
    mutationFn: notificationsApi.setEmailDigest,
    onSuccess: (updated) => {
      queryClient.setQueryData([...notificationKeys.profile, 'full'], updated);
      toasts.show({ type: 'success', content: t('notifications.digest.saved') });
    },
    onError: () => toasts.show({ type: 'error', content: notificationMessages.updateProfile }),
  });
  return (
    <Container header={<Header variant="h2">{t('notifications.digest.title')}</Header>}>
      {profile.isPending ? (
        <StatusIndicator type="loading">{t('notifications.loading')}</StatusIndicator>
      ) : profile.isError ? (
        <Alert type="error">{notificationMessages.fetchProfile}</Alert>
      ) : (
        <FormField description={t('notifications.digest.description')}>
          <RadioGroup
            ariaLabel={t('notifications.digest.title')}
            value={save.isPending ? save.variables : profile.data.emailDigest}
            onChange={({ detail }) => save.mutate(detail.value as EmailDigest)}
            items={emailDigests.map((d) => ({
              value: d,
              label: t(`notifications.digest.options.${d}`),
              disabled: save.isPending,
            }))}
          />
        </FormField>
      )}
    </Container>
  );
}
