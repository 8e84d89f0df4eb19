import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationListItem } from '../../../../shared/schemas/applications';
import { statusLabel, type CardMenuItem } from '../../../../shared/domain/applications';
import { MenuButton, type MenuItem } from '../../components/plain/MenuButton';
import { PlainIcon } from '../../components/plain/PlainIcon';
import { Panel, PlainLink, Secondary, Stack, StatusText, type StatusType } from '../../components/plain/page';
import { NOTIFICATION_ICONS, cardView, type StageProgress } from './cardModel';
import { Token } from '../../components/Token';
import styles from './applications.module.css';

/** Each stage's progress in colour and icon shape, with its name for screen readers. */
const STAGE_INDICATORS: Record<StageProgress, StatusType> = {
  done: 'success',
  current: 'in-progress',
  suspended: 'warning',
  stopped: 'stopped',
  notStarted: 'pending',
};

/** In-progress and pending are both grey by default: the current stage is blue, so colour tells it too. */
const STAGE_COLOURS: Partial<Record<StageProgress, 'blue'>> = { current: 'blue' };

/**
 * The application card (docs/applications.md): record type icon with the status and an attention icon,
 * form name, display id, notification level icon, address with the authority, 'Modified on',
 * lock/unlock for non-drafts, outstanding payments, status label with the workflow stage badges,
 * and the card menu. Plain markup (components/plain/page.tsx): the dashboard draws these first.
 */
export function ApplicationCard({
  item,
  onAction,
  footer,
}: {
  item: ApplicationListItem;
  onAction: (item: ApplicationListItem, action: CardMenuItem) => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const view = cardView(item);
  const name = view.displayId ?? t('applications.card.noNumber');
  const menuItems: MenuItem[] = view.menu.map((entry) => ({
    id: entry.id,
    text: t(`applications.menu.${entry.id}`),
    disabled: entry.disabled,
    disabledReason: entry.disabled
      ? t(entry.id === 'notificationLevel' ? 'applications.menu.noSubscription' : 'applications.menu.noPdf')
      : undefined,
  }));

  return (
    <Panel
      fitHeight
      level={3}
      actions={
        <MenuButton
          variant="icon"
          ariaLabel={t('applications.card.actions', { id: name })}
          items={menuItems}
          onItemClick={(id) => onAction(item, id as CardMenuItem)}
        />
      }
      description={
        <span className={styles.row}>
          <PlainIcon name={view.recordTypeIcon} className={view.attention ? styles.warning : undefined} />
          <span>
            {t(`applications.card.recordType.${view.recordType}`)} · {statusLabel(view.status)}
          </span>
          {view.attention && (
            <PlainIcon
              name="status-warning"
              className={styles.warning}
              label={t('applications.card.attention')}
            />
          )}
        </span>
      }
      title={
        <PlainLink to={view.href} ariaLabel={t('applications.card.open', { id: `${view.formName} ${name}` })}>
          {view.formName || name}
        </PlainLink>
      }
    >
      <Stack size="s">
        <span className={styles.row}>
          <span className={styles.bold}>
            <Token>{name}</Token>
          </span>
          {view.notificationLevel && (
            <PlainIcon
              name={NOTIFICATION_ICONS[view.notificationLevel]}
              label={t('applications.card.notificationLevel', {
                level: t(`applications.notificationLevels.${view.notificationLevel}`),
              })}
            />
          )}
        </span>
        <Secondary>
          {view.address ?? t('applications.card.noAddress')}
          {view.authorityName ? ` · ${view.authorityName}` : ''}
        </Secondary>
        <span className={styles.row}>
          <Secondary small>{t('applications.card.modifiedOn', { date: view.modifiedOn })}</Secondary>
          {view.lock && (
            <PlainIcon
              name={view.lock === 'locked' ? 'lock-private' : 'unlocked'}
              label={t(view.lock === 'locked' ? 'applications.card.locked' : 'applications.card.unlocked')}
            />
          )}
          {view.outstandingPayments && (
            <PlainIcon
              name="ticket"
              className={styles.warning}
              label={t('applications.card.outstandingPayments')}
            />
          )}
          {view.outstandingRfis && (
            <PlainIcon
              name="envelope"
              className={styles.warning}
              label={t('applications.card.outstandingRfis')}
            />
          )}
        </span>
        <span className={styles.bold}>{view.statusLabel}</span>
        {view.stages.length > 0 && (
          <ul className={styles.stages} aria-label={t('applications.card.stages')}>
            {view.stages.map((stage) => (
              <li key={stage.name} data-progress={stage.progress}>
                <StatusText
                  type={STAGE_INDICATORS[stage.progress]}
                  colour={STAGE_COLOURS[stage.progress]}
                  iconLabel={t(`applications.card.stageProgress.${stage.progress}`)}
                >
                  {stage.label}
                  {stage.clock &&
                    ` · ${t(`applications.card.clock.${stage.clock.state}`, {
                      used: stage.clock.used,
                      total: stage.clock.total,
                    })}`}
                </StatusText>
              </li>
            ))}
          </ul>
        )}
        {footer}
      </Stack>
    </Panel>
  );
}
