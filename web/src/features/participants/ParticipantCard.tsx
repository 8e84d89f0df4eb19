import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { ParticipantDto } from '../../../../shared/schemas/participants';
import type { ParticipantType } from '../../../../shared/schemas/reference';
import {
  canResendInvitation,
  groupMemberCount,
  isInvitationPending,
  isMissingDetails,
  participantMessages,
  typeOf,
} from '../../../../shared/domain/participants';
import { fullAddressOf } from '../../../../shared/domain/address';
import { MenuButton } from '../../components/plain/MenuButton';
import styles from './participants.module.css';

export type ParticipantAction =
  'edit' | 'remove' | 'restore' | 'resend' | 'history' | 'setType' | 'notificationLevel' | 'confirm';

/** The participant's name line: first and last name, else the organisation or email. */
export function participantName(
  p: Pick<ParticipantDto, 'firstName' | 'lastName' | 'organisation' | 'email'>,
) {
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || p.organisation || p.email || '';
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

const facts = (p: ParticipantDto) => ({ ...p, id: p.id });

/**
 * A participant card (docs/participants.md): avatar, name line, role tags, badges (pending invitation,
 * 'Please invite', missing details), the action menu, and an expandable part with contact details
 * and the owners group's members; an owners group proposed by AI offers 'Confirm owners group' (saved
 * as proposed, in one action). The menu (docs/participants.md): edit, resend, set type, history, remove
 * and restore when the caller can edit; on the caller's own card also their notification level, and
 * without Edit set type when their roles manage a type they do not hold. Remove and restore are not
 * offered on someone whose access is above the caller's (`canChange`; the server refuses them).
 */
export function ParticipantCard({
  participant: p,
  types,
  canEdit,
  isMe = false,
  canSetType = false,
  canChange = true,
  busy,
  onAction,
}: {
  participant: ParticipantDto;
  types: readonly ParticipantType[];
  canEdit: boolean;
  /** The caller's own participant. */
  isMe?: boolean;
  /** 'Set type' has a type to offer (shared/domain/participants.ts settableTypes). */
  canSetType?: boolean;
  /** The caller may remove (or restore) this participant: shared/domain/participants.ts canChangeParticipant. */
  canChange?: boolean;
  busy: boolean;
  onAction: (action: ParticipantAction, p: ParticipantDto) => void;
}) {
  const { t } = useTranslation();
  const name = p.groupName && p.groupList ? p.groupName : participantName(p);
  const roles = p.participantTypes.map((n) => typeOf(types, n)?.displayName ?? n);
  const phone = p.phone && p.phoneCountryCode ? `${p.phoneCountryCode} ${p.phone}` : p.phone;
  const address = fullAddressOf(p.address);
  const item = (id: ParticipantAction, when = true) =>
    when ? [{ id, text: t(`participants.actions.${id}`) }] : [];
  const items = p.isDeleted
    ? item('restore', canEdit && canChange)
    : [
        ...item('edit', canEdit),
        ...item('resend', canEdit && canResendInvitation(facts(p))),
        ...item('setType', canSetType && (canEdit || isMe)),
        ...item('notificationLevel', isMe),
        ...item('history', canEdit),
        ...item('remove', canEdit && canChange),
      ];
  return (
    <article className={styles.card} aria-label={name || t('participants.unnamed')}>
      <div className={styles.head}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(name || '?')}
        </span>
        <div className={styles.title}>
          <Box variant="h3" margin="n">
            {name || t('participants.unnamed')}
          </Box>
          {p.groupName && p.groupList && (
            <Box variant="small">{t('participants.members', { count: groupMemberCount(p.groupList) })}</Box>
          )}
          <SpaceBetween direction="horizontal" size="xxs">
            {roles.map((r) => (
              <Badge key={r} color="blue">
                {r}
              </Badge>
            ))}
            {p.isDeleted && <Badge color="grey">{t('participants.removed')}</Badge>}
            {p.modifiedBy === 'AI' && <Badge color="grey">{t('participants.modifiedByAi')}</Badge>}
          </SpaceBetween>
          {p.modifiedBy === 'AI' && !p.isDeleted && (
            <SpaceBetween size="xxs">
              <Box variant="small">{t('participants.confirmAi')}</Box>
              {canEdit && (
                <Box>
                  <Button disabled={busy} onClick={() => onAction('confirm', p)}>
                    {t('participants.actions.confirm')}
                  </Button>
                </Box>
              )}
            </SpaceBetween>
          )}
        </div>
        {items.length > 0 && (
          <MenuButton
            variant="icon"
            ariaLabel={t('participants.actions.menu', { name: name || t('participants.unnamed') })}
            items={items}
            disabled={busy}
            onItemClick={(id) => onAction(id as ParticipantAction, p)}
          />
        )}
      </div>
      <SpaceBetween size="xxs">
        {!p.isDeleted && isInvitationPending(facts(p)) && (
          <StatusIndicator type="pending">{t('participants.pending')}</StatusIndicator>
        )}
        {!p.isDeleted && p.invitation === 'Error' && (
          <StatusIndicator type="error">{participantMessages.pleaseInvite}</StatusIndicator>
        )}
        {!p.isDeleted && isMissingDetails(types, facts(p)) && (
          <StatusIndicator type="warning">{participantMessages.missingDetails}</StatusIndicator>
        )}
      </SpaceBetween>
      <ExpandableSection headerText={t('participants.details')} variant="footer">
        <dl className={styles.details}>
          <dt>{t('participants.email')}</dt>
          <dd>{p.email || '—'}</dd>
          <dt>{t('participants.phone')}</dt>
          <dd>{phone || '—'}</dd>
          <dt>{t('participants.address')}</dt>
          <dd>{address || '—'}</dd>
          <dt>{t('participants.access')}</dt>
          <dd>
            {t(`applicationForm.contact.accessLevels.${p.accessLevel}`, { defaultValue: p.accessLevel })}
          </dd>
          {p.organisation && (
            <>
              <dt>{t('participants.organisation')}</dt>
              <dd>{p.organisation}</dd>
            </>
          )}
        </dl>
        {p.groupList && (
          <>
            <Box variant="h4">{t('participants.groupMembers')}</Box>
            <ul className={styles.members}>
              <li>{participantName(p)}</li>
              {p.groupList.split(', ').map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </>
        )}
      </ExpandableSection>
    </article>
  );
}
