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
import { applicationKeys, applicationsApi } from '../../api/applications';
import { useToasts } from '../../components/toasts';
import { RouterLink } from '../../components/RouterLink';
import { saveBlob } from '../application-pdf/summaryPdf';
import { fetchRfisPdf } from './rfisPdf';
import styles from '../application-pdf/applicationPdf.module.css';

/**
 * /application-rfis-pdf/{id} (docs/rfis.md; the Print RFIs action): the RFIs PDF previewed in the
 * page, with a Download button; a clear message when the council has raised no RFI.
 */
export default function ApplicationRfisPdfPage() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const id = useParams().applicationId ?? '';
  const application = useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => applicationsApi.get(id, signal),
  });
  const app = application.data?.application;
  const pdf = useQuery({
    queryKey: [...applicationKeys.detail(id), 'rfis-pdf'],
    queryFn: async ({ signal }) => {
      const file = await fetchRfisPdf(id, signal);
      return { ...file, url: URL.createObjectURL(file.blob) };
    },
    enabled: !!app?.hasRFI,
    retry: false,
    // The object URL lives as long as the page: fetched again on the next visit.
    staleTime: 0,
    gcTime: 0,
  });
  const url = pdf.data?.url;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  useEffect(() => {
    if (pdf.isError) toasts.show({ type: 'error', content: t('applicationRfisPdf.failed') });
  }, [pdf.isError, toasts, t]);

  const number = app?.consentNumber ?? app?.applicationNumber ?? id;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={app ? t('applicationRfisPdf.description', { number }) : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <RouterLink href={`/application-details/${id}?section=RFIs`}>
                {t('applicationRfisPdf.rfis')}
              </RouterLink>
              <Button
                variant="primary"
                iconName="download"
                disabled={!pdf.data}
                onClick={() => pdf.data && saveBlob(pdf.data.blob, pdf.data.fileName)}
              >
                {t('applicationRfisPdf.download')}
              </Button>
            </SpaceBetween>
          }
        >
          {t('applicationRfisPdf.title')}
        </Header>
      }
    >
      <Container>
        {application.isPending ? (
          <StatusIndicator type="loading">{t('applicationRfisPdf.loading')}</StatusIndicator>
        ) : application.isError ? (
          <Alert type="error">{application.error.message}</Alert>
        ) : !app?.hasRFI ? (
          <Alert type="info">{t('applicationRfisPdf.none')}</Alert>
        ) : pdf.isError ? (
          <Alert type="error">{t('applicationRfisPdf.failed')}</Alert>
        ) : !url ? (
          <StatusIndicator type="loading">{t('applicationRfisPdf.preparing')}</StatusIndicator>
        ) : (
          <iframe
            className={styles.preview}
            src={url}
            title={t('applicationRfisPdf.frameTitle', { number })}
          />
        )}
      </Container>
    </ContentLayout>
  );
}
