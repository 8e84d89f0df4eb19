import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParticipantDto } from '../../../../shared/schemas/participants';
import type { ParticipantType } from '../../../../shared/schemas/reference';
import { holdersOf, isOnePersonType, settableTypes } from '../../../../shared/domain/participants';
import { participantName } from './ParticipantCard';

/**
 * 'Set type' (docs/participants.md): gives the participant one more role, chosen from the types offered to
 * them (without Edit, on one's own card: the types one's roles manage). A one-person role someone
 * else holds shows the role change confirmation's words and the button reads 'Reassign'.
 */
export function ParticipantSetTypeDialog({
  participant,
  all,
  types,
  canEdit,
  saving,
  onSave,
  onClose,
}: {
  participant: ParticipantDto;
  all: readonly ParticipantDto[];
  types: readonly ParticipantType[];
  canEdit: boolean;
  saving: boolean;
  onSave: (type: ParticipantType, reassigning: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>();
  const offered = settableTypes(types, participant.participantTypes, canEdit);
  const type = offered.find((x) => x.name === chosen);
  const holder =
    type && isOnePersonType(type)
      ? all.find((p) => holdersOf([p], type, participant.id).length > 0)
      : undefined;
  const name = participantName(participant) || t('participants.unnamed');

  return (
    <Modal
      visible
      onDismiss={() => !saving && onClose()}
      header={t('participants.setType.title', { name })}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={saving}>
              {t('applications.dialogs.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={saving}
              disabled={!type}
              onClick={() => type && onSave(type, !!holder)}
            >
              {holder ? t('participants.reassign.confirm') : t('participants.setType.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {offered.length === 0 ? (
        <Box>{t('participants.setType.none')}</Box>
      ) : (
        <SpaceBetween size="m">
          <FormField label={t('participants.setType.label')} description={t('participants.setType.hint')}>
            <RadioGroup
              value={chosen ?? null}
              onChange={({ detail }) => setChosen(detail.value)}
              items={offered.map((x) => ({ value: x.name, label: x.displayName }))}
            />
          </FormField>
          {holder && type && (
            <Alert type="warning" header={t('participants.reassign.title')}>
              {t('participants.reassign.body', {
                holder: participantName(holder) || t('participants.unnamed'),
                role: type.displayName,
              })}
            </Alert>
          )}
        </SpaceBetween>
      )}
    </Modal>
  );
}
