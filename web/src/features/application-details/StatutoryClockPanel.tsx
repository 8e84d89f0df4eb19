import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { clockSettingsOf, statutoryClock } from '../../../../shared/domain/statutory-clock';
import type { ApplicationDto } from '../../../../shared/schemas/applications';
import { formatDate } from '../../lib/dates';

const DAY_FORMAT = 'd LLL yyyy';

/**
 * The statutory clock on the details Overview (docs/applications.md; docs/statutory-clock.md): counted
 * here, with today's date, by the shared rule from the dates the council's writes keep. Nothing
 * before the council accepts the lodgement.
 */
export function StatutoryClockPanel({
  app,
  now = new Date(),
}: {
  app: Pick<ApplicationDto, 'acceptedDate' | 'clockSuspensions' | 'decisionDate' | 'clockConventions'>;
  now?: Date;
}) {
  const { t } = useTranslation();
  if (!app.acceptedDate) return null;
  const clock = statutoryClock(
    {
      received: app.acceptedDate,
      suspensions: app.clockSuspensions ?? [],
      decided: app.decisionDate ?? null,
      now,
    },
    clockSettingsOf(app.clockConventions),
  );
  const day = (d: string) => formatDate(d, DAY_FORMAT);
  const due =
    clock.state === 'Decided'
      ? t('applicationDetails.overview.clock.decided', { date: day(app.decisionDate!) })
      : clock.state === 'Suspended'
        ? t('applicationDetails.overview.clock.paused')
        : clock.dueDay
          ? day(clock.dueDay)
          : '-';
  return (
    <Container
      header={
        <Header variant="h2" description={t('applicationDetails.overview.clock.description')}>
          {t('applicationDetails.overview.clock.title')}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {clock.state === 'Decided' ? (
          // After the decision: how long it took, not a count still running (docs/applications.md).
          <KeyValuePairs
            columns={3}
            items={[
              { label: t('applicationDetails.overview.clock.decision'), value: due },
              {
                label: t('applicationDetails.overview.clock.taken'),
                value:
                  clock.overdueDays > 0
                    ? t('applicationDetails.overview.clock.takenOver', {
                        used: clock.daysUsed,
                        total: clock.totalDays,
                        count: clock.overdueDays,
                      })
                    : t('applicationDetails.overview.clock.usedValue', {
                        used: clock.daysUsed,
                        total: clock.totalDays,
                      }),
              },
              { label: t('applicationDetails.overview.clock.accepted'), value: day(clock.receivedDay) },
            ]}
          />
        ) : (
          <>
            <ProgressBar
              value={Math.min(100, Math.round((clock.daysUsed / clock.totalDays) * 100))}
              label={t('applicationDetails.overview.clock.used')}
              description={t('applicationDetails.overview.clock.usedValue', {
                used: clock.daysUsed,
                total: clock.totalDays,
              })}
              status={clock.overdueDays > 0 ? 'error' : 'in-progress'}
              additionalInfo={
                clock.overdueDays > 0
                  ? t('applicationDetails.overview.clock.overdue', { count: clock.overdueDays })
                  : undefined
              }
            />
            <KeyValuePairs
              columns={3}
              items={[
                { label: t('applicationDetails.overview.clock.left'), value: String(clock.daysLeft) },
                { label: t('applicationDetails.overview.clock.due'), value: due },
                { label: t('applicationDetails.overview.clock.accepted'), value: day(clock.receivedDay) },
              ]}
            />
          </>
        )}
        {clock.suspensions.length > 0 && (
          <KeyValuePairs
            columns={1}
            items={[
              {
                label: t('applicationDetails.overview.clock.suspensions'),
                value: (
                  <ul style={{ margin: 0, paddingLeft: 20 }}>
                    {clock.suspensions.map((s) => (
                      <li key={s.fromDay}>
                        {s.toDay
                          ? t('applicationDetails.overview.clock.suspension', {
                              from: day(s.fromDay),
                              to: day(s.toDay),
                              count: s.workingDays,
                            })
                          : t('applicationDetails.overview.clock.suspensionOpen', {
                              from: day(s.fromDay),
                              count: s.workingDays,
                            })}
                      </li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
        )}
        {!clock.holidaysKnown && (
          <Alert type="warning">{t('applicationDetails.overview.clock.unknownHolidays')}</Alert>
        )}
      </SpaceBetween>
    </Container>
  );
}
