import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { ApplicationListItem } from '../../../../shared/schemas/applications';
import { statusLabel, type CardMenuItem } from '../../../../shared/domain/applications';
import { RouterLink } from '../../components/RouterLink';
import { MenuButton, type MenuItem } from '../../components/plain/MenuButton';
import { NOTIFICATION_ICONS, cardView, type StageProgress } from './cardModel';
import styles from './applications.module.css';

/** Each stage's progress in colour and icon shape, with its name for screen readers. */
const STAGE_INDICATORS: Record<StageProgress, StatusIndicatorProps.Type> = {
  done: 'success',
  current: 'in-progress',
  suspended: 'warning',
  stopped: 'stopped',
  notStarted: 'pending',
};

/** In-progress and pending are both grey by default: the current stage is blue, so colour tells it too. */
const STAGE_COLOURS: Partial<Record<StageProgress, StatusIndicatorProps.Color>> = { current: 'blue' };

/**
 * The application card (portal-core §2): record type icon with the status and an attention icon,
 * form name, display id, notification level icon, address with the authority, 'Modified on',
 * lock/unlock for non-drafts, outstanding payments, status label with the workflow stage badges,
 * and the card menu.
 */
export function ApplicationCard({
  item,
  onAction,
}: {
  item: ApplicationListItem;
  onAction: (item: ApplicationListItem, action: CardMenuItem) => void;
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
    <Container
      fitHeight
      header={
        <Header
          variant="h3"
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
              <Icon name={view.recordTypeIcon} variant={view.attention ? 'warning' : 'normal'} />
              <span>
                {t(`applications.card.recordType.${view.recordType}`)} · {statusLabel(view.status)}
              </span>
              {view.attention && (
                <Icon name="status-warning" variant="warning" ariaLabel={t('applications.card.attention')} />
              )}
            </span>
          }
        >
          <RouterLink
            href={view.href}
            ariaLabel={t('applications.card.open', { id: `${view.formName} ${name}` })}
          >
            {view.formName || name}
          </RouterLink>
        </Header>
      }
    >
      <SpaceBetween size="xs">
        <span className={styles.row}>
          <Box fontWeight="bold" tagOverride="span">
            {name}
          </Box>
          {view.notificationLevel && (
            <Icon
              name={NOTIFICATION_ICONS[view.notificationLevel]}
              ariaLabel={t('applications.card.notificationLevel', {
                level: t(`applications.notificationLevels.${view.notificationLevel}`),
              })}
            />
          )}
        </span>
        <Box color="text-body-secondary">
          {view.address ?? t('applications.card.noAddress')}
          {view.authorityName ? ` · ${view.authorityName}` : ''}
        </Box>
        <span className={styles.row}>
          <Box variant="small" tagOverride="span">
            {t('applications.card.modifiedOn', { date: view.modifiedOn })}
          </Box>
          {view.lock && (
            <Icon
              name={view.lock === 'locked' ? 'lock-private' : 'unlocked'}
              ariaLabel={t(
                view.lock === 'locked' ? 'applications.card.locked' : 'applications.card.unlocked',
              )}
            />
          )}
          {view.outstandingPayments && (
            <Icon name="ticket" variant="warning" ariaLabel={t('applications.card.outstandingPayments')} />
          )}
          {view.outstandingRfis && (
            <Icon name="envelope" variant="warning" ariaLabel={t('applications.card.outstandingRfis')} />
          )}
        </span>
        <Box fontWeight="bold">{view.statusLabel}</Box>
        {view.stages.length > 0 && (
          <ul className={styles.stages} aria-label={t('applications.card.stages')}>
            {view.stages.map((stage) => (
              <li key={stage.name} data-progress={stage.progress}>
                <StatusIndicator
                  type={STAGE_INDICATORS[stage.progress]}
                  colorOverride={STAGE_COLOURS[stage.progress]}
                  iconAriaLabel={t(`applications.card.stageProgress.${stage.progress}`)}
                >
                  {stage.label}
                </StatusIndicator>
              </li>
            ))}
          </ul>
        )}
      </SpaceBetween>
    </Container>
  );
}
