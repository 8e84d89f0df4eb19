import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParticipantDto } from '../../../../shared/schemas/participants';
import type { ParticipantType } from '../../../../shared/schemas/reference';
import type { AccessLevel } from '../../../../shared/schemas/common';
import { formatMessage } from '../../../../shared/domain/applications';
import {
  canChangeParticipant,
  displayAuthor,
  participantMessages,
  settableTypes,
  requiredTypesHeld,
  withType,
} from '../../../../shared/domain/participants';
import { participantKeys, participantsApi } from '../../api/participants';
import { applicationKeys } from '../../api/applications';
import { userKeys } from '../user/queries';
import { useToasts } from '../../components/toasts';
import { NotificationLevelDialog } from '../applications/dialogs/NotificationLevelDialog';
import { useMaybeCurrentUser } from '../shell/useCurrentUser';
import { ParticipantCard, participantName, type ParticipantAction } from './ParticipantCard';
import { ParticipantDialog } from './ParticipantDialog';
import { ParticipantHistoryDialog } from './ParticipantHistoryDialog';
import { ParticipantSetTypeDialog } from './ParticipantSetTypeDialog';
import styles from './participants.module.css';

const errorText = (err: unknown, fallback: string) =>
  err instanceof Error && err.message && !/^HTTP \d+/.test(err.message) ? err.message : fallback;

/** A message with the participant's email in its '{{email}}'. */
const withEmail = (message: string, p: ParticipantDto) => message.replace('{{email}}', p.email ?? '');

/** The dialog's fields of a stored participant (PATCH sends the whole participant). */
const inputOf = (p: ParticipantDto) => ({
  firstName: p.firstName,
  lastName: p.lastName,
  organisation: p.organisation,
  phoneCountryCode: p.phoneCountryCode,
  phone: p.phone,
  email: p.email,
  address: p.address,
  participantTypes: p.participantTypes,
  accessLevel: p.accessLevel,
  groupName: p.groupName,
  groupList: p.groupList,
});

/**
 * The people on an application (docs/participants.md): the participants'
 * cards, removed ones apart with Restore; Remove asks first and, for anyone holding a required
 * role, says why it cannot be done (the required-role dialog); resend, history, set type, and the
 * caller's own notification level.
 */
export function ParticipantsSection({
  applicationId,
  applicationLabel = applicationId,
  canEdit,
  accessLevel,
  isDraft = true,
}: {
  applicationId: string;
  /** How the notification level dialog names the application (its display id). */
  applicationLabel?: string;
  canEdit: boolean;
  /** The caller's own access (remove and restore are not offered on someone above it). */
  accessLevel?: AccessLevel | undefined;
  /** Required roles are locked on their only holder once the application is past Draft. */
  isDraft?: boolean;
}) {
  const { t } = useTranslation();
  const me = useMaybeCurrentUser();
  const toasts = useToasts();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: participantKeys.list(applicationId),
    queryFn: ({ signal }) => participantsApi.list(applicationId, signal),
  });
  const types = useQuery({
    queryKey: participantKeys.types(applicationId),
    queryFn: ({ signal }) => participantsApi.types(applicationId, signal),
    staleTime: 10 * 60_000,
  });
  const [removing, setRemoving] = useState<ParticipantDto>();
  const [required, setRequired] = useState<string>();
  const [history, setHistory] = useState<ParticipantDto>();
  const [settingType, setSettingType] = useState<ParticipantDto>();
  const [subscribing, setSubscribing] = useState<ParticipantDto>();
  /** The dialog: 'new' to add, or the participant being edited. */
  const [editing, setEditing] = useState<ParticipantDto | 'new'>();
  const refresh = () => client.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) });

  const remove = useMutation({
    mutationFn: (p: ParticipantDto) => participantsApi.remove(applicationId, p.id),
    onSettled: () => setRemoving(undefined),
    onSuccess: refresh,
    onError: (err) =>
      toasts.show({ type: 'error', content: errorText(err, participantMessages.removeFailed) }),
  });
  const restore = useMutation({
    mutationFn: (p: ParticipantDto) => participantsApi.restore(applicationId, p.id),
    onSuccess: refresh,
    onError: () => toasts.show({ type: 'error', content: participantMessages.restoreFailed }),
  });
  const setType = useMutation({
    mutationFn: ({ p, type }: { p: ParticipantDto; type: ParticipantType; reassigning: boolean }) =>
      participantsApi.update(applicationId, p.id, {
        ...inputOf(p),
        ...withType(types.data ?? [], p, type.name),
      }),
    onSuccess: (saved, { type, reassigning }) => {
      void refresh();
      // Own role change reloads the current user's info (docs/participants.md).
      if (me && saved.loginUserId === me.id) void client.invalidateQueries({ queryKey: userKeys.me() });
      setSettingType(undefined);
      if (reassigning) toasts.show({ type: 'success', content: participantMessages.reassigned });
      toasts.show({
        type: 'success',
        content: formatMessage(participantMessages.setToType, { type: type.displayName }),
      });
    },
    onError: (err) => toasts.show({ type: 'error', content: errorText(err, participantMessages.saveFailed) }),
  });
  // The owners group proposed from the title, saved as it is: the person's id replaces the AI mark.
  const confirm = useMutation({
    mutationFn: (p: ParticipantDto) => participantsApi.update(applicationId, p.id, inputOf(p)),
    onSuccess: () => {
      void refresh();
      toasts.show({ type: 'success', content: t('participants.groupConfirmed') });
    },
    onError: (err) => toasts.show({ type: 'error', content: errorText(err, participantMessages.saveFailed) }),
  });
  const resend = useMutation({
    mutationFn: (p: ParticipantDto) =>
      participantsApi.update(applicationId, p.id, { ...inputOf(p), invitation: 'Queued' }),
    onSuccess: (p) => {
      void refresh();
      const failed = p.invitation === 'Error';
      toasts.show({
        type: failed ? 'error' : 'success',
        content: withEmail(
          failed ? participantMessages.resendFailed : participantMessages.invitationResent,
          p,
        ),
      });
    },
    onError: (_e, p) =>
      toasts.show({
        type: 'error',
        content: withEmail(participantMessages.resendFailed, p),
      }),
  });

  if (list.isPending || types.isPending) return <Spinner size="large" />;
  if (list.isError || types.isError)
    return (
      <Alert type="error">{t(list.isError ? 'participants.fetchFailed' : 'participants.typesFailed')}</Alert>
    );
  const all = list.data;
  const current = all.filter((p) => !p.isDeleted);
  const removed = all.filter((p) => p.isDeleted);
  const busy =
    remove.isPending || restore.isPending || resend.isPending || setType.isPending || confirm.isPending;
  const isMe = (p: ParticipantDto) => !!me && !!p.loginUserId && p.loginUserId === me.id;

  const onAction = (action: ParticipantAction, p: ParticipantDto) => {
    if (action === 'history') return setHistory(p);
    if (action === 'edit') return setEditing(p);
    if (action === 'restore') return restore.mutate(p);
    if (action === 'resend') return resend.mutate(p);
    if (action === 'confirm') return confirm.mutate(p);
    if (action === 'setType') return setSettingType(p);
    if (action === 'notificationLevel') return setSubscribing(p);
    // Plainly (docs/participants.md): anyone holding a required role, not only its sole holder.
    const held = requiredTypesHeld(types.data, p);
    if (held.length > 0)
      return setRequired(formatMessage(participantMessages.requiredRole, { role: held[0]!.displayName }));
    setRemoving(p);
  };
  const card = (p: ParticipantDto) => (
    <li key={p.id}>
      <ParticipantCard
        participant={p}
        types={types.data}
        canEdit={canEdit}
        isMe={isMe(p)}
        canSetType={settableTypes(types.data, p.participantTypes, canEdit).length > 0}
        canChange={!accessLevel || canChangeParticipant(accessLevel, p.accessLevel)}
        busy={busy}
        onAction={onAction}
      />
    </li>
  );

  return (
    <SpaceBetween size="m">
      {canEdit && (
        <Box>
          <Button iconName="add-plus" onClick={() => setEditing('new')}>
            {t('participants.add')}
          </Button>
        </Box>
      )}
      {current.length === 0 ? (
        <Box color="text-status-inactive">{t('applicationForm.contact.empty')}</Box>
      ) : (
        <ul className={styles.list} aria-label={t('applicationForm.contact.title')}>
          {current.map(card)}
        </ul>
      )}
      {removed.length > 0 && (
        <ExpandableSection headerText={t('participants.removedTitle', { count: removed.length })}>
          <ul className={styles.list}>{removed.map(card)}</ul>
        </ExpandableSection>
      )}
      <Modal
        visible={!!removing}
        onDismiss={() => !remove.isPending && setRemoving(undefined)}
        header={t('participants.removeDialog.title')}
        closeAriaLabel={t('applications.dialogs.close')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setRemoving(undefined)} disabled={remove.isPending}>
                {t('applications.dialogs.cancel')}
              </Button>
              <Button
                variant="primary"
                loading={remove.isPending}
                onClick={() => removing && remove.mutate(removing)}
              >
                {t('participants.removeDialog.confirm')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {removing && t('participants.removeDialog.body', { name: participantName(removing) })}
      </Modal>
      <Modal
        visible={!!required}
        onDismiss={() => setRequired(undefined)}
        header={t('participants.requiredDialog.title')}
        closeAriaLabel={t('applications.dialogs.close')}
        footer={
          <Box float="right">
            <Button variant="primary" onClick={() => setRequired(undefined)}>
              {t('participants.requiredDialog.ok')}
            </Button>
          </Box>
        }
      >
        <SpaceBetween size="s">
          <Box>{required}</Box>
          <Box>{t('participants.requiredDialog.transfer')}</Box>
        </SpaceBetween>
      </Modal>
      {editing && (
        <ParticipantDialog
          applicationId={applicationId}
          participant={editing === 'new' ? undefined : editing}
          all={all}
          types={types.data}
          isDraft={isDraft}
          onClose={() => setEditing(undefined)}
        />
      )}
      {settingType && (
        <ParticipantSetTypeDialog
          participant={settingType}
          all={all}
          types={types.data}
          canEdit={canEdit}
          saving={setType.isPending}
          onSave={(type, reassigning) => setType.mutate({ p: settingType, type, reassigning })}
          onClose={() => setSettingType(undefined)}
        />
      )}
      <NotificationLevelDialog
        target={
          subscribing && { id: applicationId, label: applicationLabel, level: subscribing.notificationLevel }
        }
        onClose={() => setSubscribing(undefined)}
      />
      {history && (
        <ParticipantHistoryDialog
          applicationId={applicationId}
          participant={history}
          authorName={(by) => {
            if (displayAuthor(by) === 'AI') return 'AI';
            const who = all.find((x) => x.loginUserId && x.loginUserId === by);
            return who ? participantName(who) : t('participants.history.someone');
          }}
          onClose={() => setHistory(undefined)}
        />
      )}
    </SpaceBetween>
  );
}
