import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { canEdit } from '../../../../shared/domain/applications';
import { pointChange, rfiMessages, rfiPointState, rfiTypeLabels } from '../../../../shared/domain/rfis';
import type { RfiPointDto } from '../../../../shared/schemas/rfis';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { rfiKeys, rfisApi } from '../../api/rfis';
import { formatDate, formatFullDate } from '../../lib/dates';
import { RouterLink } from '../../components/RouterLink';
import { useToasts } from '../../components/toasts';
import { pointHref, rfisSectionHref, StateIndicator } from './rfiView';
import { ResponseEditor } from './ResponseEditor';
import { ResponseDocuments } from './ResponseDocuments';
import { useAutosave } from './useAutosave';
import { rfiSignOffText } from '../../../../shared/domain/plain-labels';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <div>{children || '-'}</div>
    </div>
  );
}

function Request({ point }: { point: RfiPointDto }) {
  const { t } = useTranslation();
  const person = point.requestPerson;
  return (
    <Container header={<Header variant="h2">{t('rfiPoint.request')}</Header>}>
      <SpaceBetween size="m">
        {/* The council's question first, then who asked and where (docs/rfis.md: on a phone
            the metadata rows pushed the question below the fold). */}
        <Field label={t('rfiPoint.details')}>
          <Box variant="p">
            <span style={{ whiteSpace: 'pre-wrap' }}>{point.requestDetails}</span>
          </Box>
        </Field>
        <ColumnLayout columns={3} variant="text-grid">
          <Field label={t('rfiPoint.stage')}>{rfiTypeLabels[point.type]}</Field>
          <Field label={t('rfiPoint.team')}>{point.team}</Field>
          <Field label={t('rfiPoint.round')}>{point.round}</Field>
          <Field label={t('rfiPoint.building')}>{point.building}</Field>
          <Field label={t('rfiPoint.location')}>{point.location}</Field>
          <Field label={t('rfiPoint.sent')}>
            {point.councilSentDate ? formatDate(point.councilSentDate) : ''}
          </Field>
          <Field label={t('rfiPoint.askedBy')}>
            {[person.name, person.email, person.phone].filter(Boolean).join(' · ')}
          </Field>
        </ColumnLayout>
      </SpaceBetween>
    </Container>
  );
}

/**
 * /application-details/{id}/rfi-point-details(-v3)/{rfiPointId} (docs/rfis.md): the council's
 * request, the response (saved as it is typed, and before leaving for another point), its documents,
 * the previous and next point. A submitted or processed point, or a caller without Edit, reads only.
 */
export default function RfiPointPage() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const params = useParams();
  const applicationId = params.applicationId ?? '';
  const rfiPointId = params.rfiPointId ?? '';
  const application = useQuery({
    queryKey: applicationKeys.detail(applicationId),
    queryFn: ({ signal }) => applicationsApi.get(applicationId, signal),
  });
  const point = useQuery({
    queryKey: rfiKeys.point(applicationId, rfiPointId),
    queryFn: ({ signal }) => rfisApi.get(applicationId, rfiPointId, signal),
  });
  useEffect(() => {
    if (point.isError) toasts.show({ type: 'error', content: rfiMessages.fetchPoint });
  }, [point.isError, toasts]);

  const data = point.data;
  const app = application.data?.application;
  const editable = !!data && !!app && canEdit(app.accessLevel) && pointChange(data).ok;
  const autosave = useAutosave(applicationId, rfiPointId, data);

  /** Saves what is typed, then goes. */
  const go = async (href: string) => {
    if (editable) await autosave.flush();
    await navigate(href);
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            data ? `${rfiTypeLabels[data.type]} · ${t('rfiPoint.round')} ${data.round}` : undefined
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                iconName="angle-left"
                disabled={!data?.previousRfiPointGuid}
                onClick={() => void go(pointHref(applicationId, data!.previousRfiPointGuid!))}
              >
                {t('rfiPoint.previous')}
              </Button>
              <Button
                iconName="angle-right"
                iconAlign="right"
                disabled={!data?.nextRfiPointGuid}
                onClick={() => void go(pointHref(applicationId, data!.nextRfiPointGuid!))}
              >
                {t('rfiPoint.next')}
              </Button>
            </SpaceBetween>
          }
        >
          {data?.title ?? t('rfiPoint.title')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <RouterLink href={rfisSectionHref(applicationId)}>{t('rfiPoint.back')}</RouterLink>
        {point.isPending ? (
          <StatusIndicator type="loading">{t('rfiPoint.loading')}</StatusIndicator>
        ) : point.isError || !data ? (
          <Alert type="error">{rfiMessages.fetchPoint}</Alert>
        ) : (
          <>
            <Request point={data} />
            <Container
              header={
                <Header variant="h2" actions={<StateIndicator state={rfiPointState(data)} />}>
                  {t('rfiPoint.response')}
                </Header>
              }
            >
              <SpaceBetween size="m">
                {!editable && app && !canEdit(app.accessLevel) && pointChange(data).ok && (
                  <Alert type="info">{t('rfiPoint.noEdit')}</Alert>
                )}
                {!pointChange(data).ok && <Alert type="info">{t('rfiPoint.readOnly')}</Alert>}
                <ResponseEditor point={data} editable={editable} autosave={autosave} />
                {data.customerSubmittedDate && (
                  <Box color="text-body-secondary">
                    {t('rfiPoint.submittedBy', {
                      date: formatFullDate(data.customerSubmittedDate),
                      name: data.roundSubmittedByName ?? '',
                    })}
                  </Box>
                )}
                {data.councilSignedOffDate && (
                  <Alert
                    type={rfiSignOffText(data.status).tone === 'negative' ? 'warning' : 'success'}
                    header={t('rfiPoint.councilStatus', {
                      status: rfiSignOffText(data.status).label,
                      date: formatDate(data.councilSignedOffDate),
                    })}
                  >
                    {rfiSignOffText(data.status).explanation}
                  </Alert>
                )}
              </SpaceBetween>
            </Container>
            {app && <ResponseDocuments app={app} point={data} editable={editable} autosave={autosave} />}
          </>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
