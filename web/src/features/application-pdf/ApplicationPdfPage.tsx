import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applicationMessages } from '../../../../shared/schemas/applications';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { useToasts } from '../../components/toasts';
import { RouterLink } from '../../components/RouterLink';
import { fetchSummaryPdf, pdfPending, saveBlob } from './summaryPdf';
import styles from './applicationPdf.module.css';

/** /application-form-pdf/{id}: the summary PDF previewed in the page, with a Download button. */
export default function ApplicationPdfPage() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const id = useParams().applicationId ?? '';
  const application = useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => applicationsApi.get(id, signal),
    // Submitted moments ago: the summary PDF is being made (a consumer of the submission).
    refetchInterval: (q) => (pdfPending(q.state.data?.application) ? 2000 : false),
  });
  const documentName = application.data?.application.applicationFormPdf;
  const pdf = useQuery({
    queryKey: [...applicationKeys.detail(id), 'summary-pdf', documentName],
    queryFn: async ({ signal }) => {
      const file = await fetchSummaryPdf(id, documentName!, signal);
      return { ...file, url: URL.createObjectURL(file.blob) };
    },
    enabled: !!documentName,
    retry: false,
    // The object URL lives as long as the page: fetched again on the next visit.
    staleTime: 0,
    gcTime: 0,
  });
  const url = pdf.data?.url;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  useEffect(() => {
    if (pdf.isError) toasts.show({ type: 'error', content: applicationMessages.failedToPreviewDocument });
  }, [pdf.isError, toasts]);

  const app = application.data?.application;
  const number = app?.consentNumber ?? app?.applicationNumber ?? id;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={app ? t('applicationPdf.description', { number }) : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <RouterLink href={`/application-details/${id}`}>{t('applicationPdf.details')}</RouterLink>
              <Button
                variant="primary"
                iconName="download"
                disabled={!pdf.data}
                onClick={() => pdf.data && saveBlob(pdf.data.blob, pdf.data.fileName)}
              >
                {t('applicationPdf.download')}
              </Button>
            </SpaceBetween>
          }
        >
          {t('applicationPdf.title')}
        </Header>
      }
    >
      <Container>
        {application.isPending ? (
          <StatusIndicator type="loading">{t('applicationPdf.loading')}</StatusIndicator>
        ) : application.isError ? (
          <Alert type="error">{application.error.message}</Alert>
        ) : !documentName && pdfPending(app) ? (
          <StatusIndicator type="pending">{t('applicationPdf.preparing')}</StatusIndicator>
        ) : !documentName ? (
          <Alert type="info">{t('applicationPdf.none')}</Alert>
        ) : pdf.isError ? (
          <Alert type="error">{applicationMessages.failedToPreviewDocument}</Alert>
        ) : !url ? (
          <StatusIndicator type="loading">{t('applicationPdf.loading')}</StatusIndicator>
        ) : (
          <iframe className={styles.preview} src={url} title={t('applicationPdf.frameTitle', { number })} />
        )}
      </Container>
    </ContentLayout>
  );
}
