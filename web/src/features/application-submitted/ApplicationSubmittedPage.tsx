import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fullAddressOf } from '../../../../shared/domain/address';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { useToasts } from '../../components/toasts';
import { formatFullDate } from '../../lib/dates';
import { downloadSummaryPdf, pdfPending } from '../application-pdf/summaryPdf';

const NEXT_STEPS = ['review', 'rfi', 'decision'] as const;

/** How often the page asks whether the summary PDF is ready. */
const PDF_POLL_MS = 2000;

/**
 * /application-submitted/{id}: the confirmation after submitting, with the application number,
 * address and authority, what happens next, and the way on: details, summary PDF, dashboard.
 */
export default function ApplicationSubmittedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const id = useParams().applicationId ?? '';
  const query = useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => applicationsApi.get(id, signal),
    // The summary PDF is made just after the submission (a consumer of it): asked again until named.
    refetchInterval: (q) => (pdfPending(q.state.data?.application) ? PDF_POLL_MS : false),
  });
  const app = query.data?.application;
  const download = useMutation({
    mutationFn: (name: string) => downloadSummaryPdf(id, name),
    onError: (error: Error) => toasts.show({ type: 'error', content: error.message }),
  });

  return (
    <ContentLayout header={<Header variant="h1">{t('applicationSubmitted.title')}</Header>}>
      {query.isPending ? (
        <StatusIndicator type="loading">{t('applicationSubmitted.loading')}</StatusIndicator>
      ) : query.isError ? (
        <Alert type="error">{query.error.message}</Alert>
      ) : (
        <SpaceBetween size="l">
          <Alert type="success" header={t('applicationSubmitted.received')}>
            {t('applicationSubmitted.receivedBody', {
              number: app!.applicationNumber ?? app!.id,
              authority: app!.authorityDisplayName ?? app!.authorityId,
            })}
          </Alert>
          <Container header={<Header variant="h2">{t('applicationSubmitted.summary')}</Header>}>
            <KeyValuePairs
              columns={2}
              items={[
                { label: t('applicationSubmitted.number'), value: app!.applicationNumber ?? app!.id },
                { label: t('applicationSubmitted.form'), value: app!.formDisplayName ?? '-' },
                { label: t('applicationSubmitted.address'), value: fullAddressOf(app!.address) || '-' },
                {
                  label: t('applicationSubmitted.authority'),
                  value: app!.authorityDisplayName ?? app!.authorityId,
                },
                {
                  label: t('applicationSubmitted.submittedOn'),
                  value: app!.submissionDate ? formatFullDate(app!.submissionDate) : '-',
                },
              ]}
            />
          </Container>
          <Container header={<Header variant="h2">{t('applicationSubmitted.nextTitle')}</Header>}>
            <ol>
              {NEXT_STEPS.map((step) => (
                <li key={step}>
                  <Box variant="p">
                    {t(`applicationSubmitted.next.${step}`, {
                      authority: app!.authorityDisplayName ?? app!.authorityId,
                    })}
                  </Box>
                </li>
              ))}
            </ol>
          </Container>
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="primary" onClick={() => void navigate(`/application-details/${id}`)}>
              {t('applicationSubmitted.viewDetails')}
            </Button>
            <Button
              iconName="download"
              disabled={!app!.applicationFormPdf}
              disabledReason={t('applicationSubmitted.pdfPending')}
              loading={download.isPending}
              onClick={() => app!.applicationFormPdf && download.mutate(app!.applicationFormPdf)}
            >
              {t('applicationSubmitted.downloadPdf')}
            </Button>
            <Button onClick={() => void navigate('/')}>{t('applicationSubmitted.dashboard')}</Button>
          </SpaceBetween>
          {pdfPending(app) && (
            <StatusIndicator type="pending">{t('applicationSubmitted.pdfPending')}</StatusIndicator>
          )}
        </SpaceBetween>
      )}
    </ContentLayout>
  );
}
