import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import { useTranslation } from 'react-i18next';
import type { ApplicationDto } from '../../../../shared/schemas/applications';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { formatDate } from '../../lib/dates';

const CLOSED = ['Rejected', 'Refused', 'Lapsed', 'Withdrawn'] as const;
type Closed = (typeof CLOSED)[number];
const isClosed = (status: string): status is Closed => (CLOSED as readonly string[]).includes(status);

/**
 * Why the council closed the application, on the Overview (docs/applications.md): a rejected lodgement or
 * a refused consent with the reason `GET .../rejected-reason` gives (docs/applications.md), a lapsed or
 * withdrawn one with its closed reason; the decision's date when there is one.
 */
export function ClosedNotice({
  app,
}: {
  app: Pick<ApplicationDto, 'id' | 'status' | 'closedReason' | 'decisionDate'>;
}) {
  const { t } = useTranslation();
  const asked = app.status === 'Rejected' || app.status === 'Refused';
  const reason = useQuery({
    queryKey: [...applicationKeys.detail(app.id), 'rejected-reason'],
    queryFn: ({ signal }) => applicationsApi.rejectedReason(app.id, signal),
    enabled: asked,
  });
  if (!isClosed(app.status)) return null;
  const text = asked ? reason.data?.reason : app.closedReason;
  const date = (asked ? reason.data?.date : undefined) ?? app.decisionDate;
  return (
    <Alert
      type={app.status === 'Withdrawn' ? 'info' : 'warning'}
      header={t(`applicationDetails.closed.${app.status}`)}
    >
      {text ??
        (asked && reason.isPending
          ? t('applicationDetails.loading')
          : t('applicationDetails.closed.noReason'))}
      {date ? ` (${formatDate(date, 'd LLL yyyy')})` : ''}
    </Alert>
  );
}
