import { useTranslation } from 'react-i18next';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { rfiTypeLabels, type RfiPointState, type RfiType } from '../../../../shared/domain/rfis';

/** How a derived status shows: open ones ask for action, submitted waits, processed is done. */
const INDICATOR: Record<RfiPointState, StatusIndicatorProps.Type> = {
  NotResponded: 'warning',
  Responded: 'in-progress',
  Submitted: 'pending',
  Processed: 'success',
};

/** A point's or a round's derived status (shared/domain/rfis.ts) as a status chip. */
export function StateIndicator({ state }: { state: RfiPointState }) {
  const { t } = useTranslation();
  return <StatusIndicator type={INDICATOR[state]}>{t(`rfis.states.${state}`)}</StatusIndicator>;
}

/** "Assessment · Building": the stage a round belongs to, and its team. */
export const groupLabel = (r: { type: RfiType; team: string }): string =>
  [rfiTypeLabels[r.type], r.team].filter(Boolean).join(' · ');

/** The point page (docs/rfis.md). */
export const pointHref = (applicationId: string, rfiPointId: string): string =>
  `/application-details/${encodeURIComponent(applicationId)}/rfi-point-details-v3/${encodeURIComponent(rfiPointId)}`;

/** The RFIs section of the application. */
export const rfisSectionHref = (applicationId: string): string =>
  `/application-details/${encodeURIComponent(applicationId)}?section=RFIs`;
