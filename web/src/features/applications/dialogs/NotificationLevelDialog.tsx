import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useTranslation } from 'react-i18next';
import { applicationKeys, applicationsApi } from '../../../api/applications';
import { useMaybeCurrentUser } from '../../shell/useCurrentUser';
import { NotificationLevel } from '../../../../../shared/schemas/common';
import type { GetApplicationResponse } from '../../../../../shared/schemas/applications';
import { useSetNotificationLevel } from '../mutations';

const LEVELS = NotificationLevel.options;

/** The caller's participant on the application (loginUserId is the user) and its level. */
export function callerSubscription(
  response: GetApplicationResponse,
  userId: string,
): { participantId: string; level: NotificationLevel | undefined } | undefined {
  const participant = response.application.participants.find(
    (p) => p.loginUserId === userId && p.isDeleted !== true,
  );
  if (!participant || typeof participant.id !== 'string') return undefined;
  const own = NotificationLevel.safeParse(participant.notificationLevel);
  return {
    participantId: participant.id,
    level: own.success ? own.data : response.application.notificationLevel,
  };
}

/** Set notification level: Watching, Normal, Muted. */
export function NotificationLevelDialog({
  target,
  onClose,
}: {
  target: { id: string; label: string; level: NotificationLevel | undefined } | undefined;
  onClose: () => void;
}) {
  return target ? <LevelModal key={target.id} target={target} onClose={onClose} /> : null;
}

function LevelModal({
  target,
  onClose,
}: {
  target: { id: string; label: string; level: NotificationLevel | undefined };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const user = useMaybeCurrentUser();
  const application = useQuery({
    queryKey: applicationKeys.detail(target.id),
    queryFn: ({ signal }) => applicationsApi.get(target.id, signal),
  });
  const subscription = application.data && user ? callerSubscription(application.data, user.id) : undefined;
  const [chosen, setChosen] = useState<NotificationLevel | undefined>(undefined);
  const current = subscription?.level ?? target.level;
  const value = chosen ?? current;
  const save = useSetNotificationLevel();

  const submit = () => {
    if (!subscription || !value) return;
    save.mutate(
      { id: target.id, participantId: subscription.participantId, level: value },
      { onSuccess: onClose, onError: onClose },
    );
  };

  return (
    <Modal
      visible
      onDismiss={() => !save.isPending && onClose()}
      header={t('applications.dialogs.notification.title')}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={save.isPending}>
              {t('applications.dialogs.cancel')}
            </Button>
            <Button
              variant="primary"
              onClick={submit}
              loading={save.isPending}
              disabled={!subscription || !value || value === current}
            >
              {t('applications.dialogs.notification.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {application.isPending ? (
        <Spinner size="normal" aria-label={t('applications.dialogs.notification.loading')} />
      ) : application.isError ? (
        <Alert type="error">{t('applications.messages.failToFetchApplication', { id: target.id })}</Alert>
      ) : !subscription ? (
        <Alert type="info">{t('applications.dialogs.notification.notParticipant')}</Alert>
      ) : (
        <FormField
          label={t('applications.dialogs.notification.label')}
          description={t('applications.dialogs.notification.description', { id: target.label })}
        >
          <RadioGroup
            value={value ?? null}
            onChange={({ detail }) => setChosen(detail.value as NotificationLevel)}
            items={LEVELS.map((level) => ({
              value: level,
              label: t(`applications.notificationLevels.${level}`),
              description: t(`applications.notificationLevels.${level}Description`),
            }))}
          />
        </FormField>
      )}
    </Modal>
  );
}
