import { useQuery } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import { inspectionStatusView, latestResult, orderedTypes } from '../../../../shared/domain/inspections';
import type { InspectionType } from '../../../../shared/domain/inspections';
import type { RequiredInspection } from '../../../../shared/schemas/applications';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { formatDate, formatFullDate } from '../../lib/dates';

const DAY_FORMAT = 'd LLL yyyy';

function StatusCell({ type }: { type: InspectionType }) {
  const { t } = useTranslation();
  const view = inspectionStatusView(type);
  if (!view.label)
    return <Box color="text-body-secondary">{t('applicationDetails.inspections.notStarted')}</Box>;
  const when = view.date ? ` · ${formatDate(view.date, DAY_FORMAT)}` : '';
  const indicator = view.icon === 'check' ? 'success' : view.icon === 'warning' ? 'warning' : 'in-progress';
  return <StatusIndicator type={indicator}>{`${view.label}${when}`}</StatusIndicator>;
}

function Location({ location }: { location: RequiredInspection }) {
  const { t } = useTranslation();
  const types = orderedTypes(location);
  const history = types
    .flatMap((type) => type.history.map((h) => ({ ...h, key: `${type.inspectionTypeId}-${h.date}` })))
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  return (
    <Container header={<Header variant="h3">{location.location}</Header>}>
      <SpaceBetween size="m">
        <Table<InspectionType>
          variant="embedded"
          ariaLabels={{ tableLabel: location.location }}
          trackBy="inspectionTypeId"
          items={types}
          columnDefinitions={[
            { id: 'name', header: t('applicationDetails.inspections.inspection'), cell: (type) => type.name },
            {
              id: 'status',
              header: t('applicationDetails.inspections.status'),
              cell: (type) => <StatusCell type={type} />,
            },
            {
              id: 'required',
              header: t('applicationDetails.inspections.required'),
              cell: (type) => type.inspectionsRequired ?? '-',
            },
            {
              id: 'next',
              header: t('applicationDetails.inspections.nextBooking'),
              cell: (type) => (type.nextBookingDate ? formatFullDate(type.nextBookingDate) : '-'),
            },
            {
              id: 'latest',
              header: t('applicationDetails.inspections.result'),
              cell: (type) => latestResult(type)?.result ?? '-',
            },
          ]}
        />
        <ExpandableSection
          headerText={t('applicationDetails.inspections.historyOf', { location: location.location })}
        >
          {history.length === 0 ? (
            <Box color="text-body-secondary">{t('applicationDetails.inspections.noHistory')}</Box>
          ) : (
            <Table
              variant="embedded"
              ariaLabels={{
                tableLabel: t('applicationDetails.inspections.historyOf', { location: location.location }),
              }}
              trackBy="key"
              items={history}
              columnDefinitions={[
                {
                  id: 'date',
                  header: t('applicationDetails.inspections.date'),
                  cell: (h) => formatFullDate(h.date),
                },
                { id: 'name', header: t('applicationDetails.inspections.inspection'), cell: (h) => h.name },
                { id: 'result', header: t('applicationDetails.inspections.result'), cell: (h) => h.result },
                {
                  id: 'notice',
                  header: t('applicationDetails.inspections.notice'),
                  cell: (h) => h.notice ?? '-',
                },
              ]}
            />
          )}
        </ExpandableSection>
      </SpaceBetween>
    </Container>
  );
}

/**
 * The details page's Inspections section (docs/applications.md): the council's
 * required inspections by location, each type's status label with its icon and date, the history,
 * and Book inspection (the action item the server gives, opening the council's booking page).
 */
export function InspectionsSection({
  applicationId,
  inspections,
}: {
  applicationId: string;
  inspections: readonly RequiredInspection[];
}) {
  const { t } = useTranslation();
  const actions = useQuery({
    queryKey: applicationKeys.actionItems(applicationId),
    queryFn: ({ signal }) => applicationsApi.actionItems(applicationId, signal),
  });
  const book = actions.data?.find((a) => a.itemType === 'BookInspection' && a.url);
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('applicationDetails.inspections.description')}
          actions={
            book ? (
              <Button href={book.url} target={book.target ?? '_blank'} iconName="external" iconAlign="right">
                {t('applicationDetails.inspections.book')}
              </Button>
            ) : undefined
          }
        >
          {t('applicationDetails.inspections.title')}
        </Header>
      }
    >
      {inspections.length === 0 ? (
        <Box color="text-body-secondary">{t('applicationDetails.inspections.none')}</Box>
      ) : (
        <SpaceBetween size="l">
          {inspections.map((location) => (
            <Location key={location.location} location={location} />
          ))}
        </SpaceBetween>
      )}
    </Container>
  );
}
