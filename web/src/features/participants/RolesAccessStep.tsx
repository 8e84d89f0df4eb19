import Alert from '@cloudscape-design/components/alert';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import type { AccessLevel } from '../../../../shared/schemas/common';
import type { ParticipantType } from '../../../../shared/schemas/reference';
import { accessRank } from '../../../../shared/domain/applications';
import {
  canChangeParticipant,
  isOnePersonType,
  minimumAccessOf,
  offeredTypes,
  participantMessages,
} from '../../../../shared/domain/participants';

import styles from './participants.module.css';

const ACCESS_LEVELS: readonly AccessLevel[] = ['None', 'ReadOnly', 'Edit', 'Manage'];

/**
 * Under a role: what it means in one plain line (the reference data's description, docs/participants.md), then why it cannot be changed, when it cannot.
 */
function RoleDescription({ meaning, note }: { meaning?: string | undefined; note?: string | undefined }) {
  if (!meaning && !note) return null;
  return (
    <>
      {meaning && <span className={styles.roleMeaning}>{meaning}</span>}
      {note && <span className={styles.roleMeaning}>{note}</span>}
    </>
  );
}

/**
 * Roles and access (docs/participants.md): the offered roles (masked ones hidden, AdditionalOwner not
 * with RegisteredOwner), locked roles disabled, access options below the roles' minimum disabled,
 * and the notice when a role raised the access. Nobody gives more access than they have
 * (docs/participants.md): with the caller's own level known, the options above it are disabled
 * (the participant's stored level stays selectable) and so are the roles whose minimum is above it.
 * Nobody lowers a participant whose access is above their own (`canChangeParticipant`, docs/participants.md):
 * then the levels below the stored one are disabled too.
 */
export function RolesAccessStep({
  types,
  selected,
  locked,
  accessLevel,
  raised,
  errors,
  onToggle,
  onAccess,
  ownAccess,
  storedAccess,
}: {
  types: readonly ParticipantType[];
  selected: readonly string[];
  locked: readonly string[];
  accessLevel: AccessLevel;
  raised: boolean;
  errors: Partial<Record<string, string>>;
  onToggle: (type: ParticipantType, checked: boolean) => void;
  onAccess: (level: AccessLevel) => void;
  /** The caller's own access to the application (unknown: no cap here; the server still refuses). */
  ownAccess?: AccessLevel | undefined;
  /** The edited participant's stored access level, which may be kept. */
  storedAccess?: AccessLevel | undefined;
}) {
  const { t } = useTranslation();
  const minimum = accessRank(minimumAccessOf(types, selected));
  const aboveOwn = (level: AccessLevel) => !!ownAccess && accessRank(level) > accessRank(ownAccess);
  const outranked = !!ownAccess && !!storedAccess && !canChangeParticipant(ownAccess, storedAccess);
  const lowers = (level: AccessLevel) => outranked && accessRank(level) < accessRank(storedAccess);
  const roleAboveOwn = (type: ParticipantType) =>
    !selected.includes(type.name) && !!type.minimumAccessLevel && aboveOwn(type.minimumAccessLevel);
  // Why a held role cannot be unselected (docs/participants.md, read plainly).
  const lockedNote = (type: ParticipantType) =>
    isOnePersonType(type)
      ? t('participants.dialog.lockedRoleMove')
      : type.mandatory
        ? t('participants.dialog.lockedRole')
        : t('participants.dialog.lockedRoleLodged');
  const roleNote = (type: ParticipantType) =>
    locked.includes(type.name)
      ? lockedNote(type)
      : roleAboveOwn(type)
        ? t('participants.dialog.roleAboveOwn')
        : undefined;
  return (
    <SpaceBetween size="l">
      <FormField
        label={t('participants.dialog.roles')}
        description={t('participants.dialog.rolesHint')}
        errorText={errors.participantTypes}
      >
        <SpaceBetween size="xxs">
          {offeredTypes(types, selected).map((type) => (
            <Checkbox
              key={type.name}
              checked={selected.includes(type.name)}
              disabled={locked.includes(type.name) || roleAboveOwn(type)}
              description={<RoleDescription meaning={type.description} note={roleNote(type)} />}
              onChange={({ detail }) => onToggle(type, detail.checked)}
            >
              {type.displayName}
            </Checkbox>
          ))}
        </SpaceBetween>
      </FormField>
      <FormField label={t('participants.dialog.access')} errorText={errors.accessLevel}>
        <RadioGroup
          value={accessLevel}
          onChange={({ detail }) => onAccess(detail.value as AccessLevel)}
          items={ACCESS_LEVELS.map((level) => {
            const capped = aboveOwn(level) && level !== storedAccess;
            return {
              value: level,
              label: t(`applicationForm.contact.accessLevels.${level}`),
              description: capped
                ? t('participants.dialog.accessAboveOwn')
                : lowers(level)
                  ? t('participants.dialog.cannotLower')
                  : // What the level lets the person do, in one line (docs/participants.md).
                    t(`participants.dialog.accessMeans.${level}`),
              disabled: accessRank(level) < minimum || capped || lowers(level),
            };
          })}
        />
      </FormField>
      {raised && <Alert type="info">{participantMessages.accessIncreased}</Alert>}
    </SpaceBetween>
  );
}
