import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { ApplicationDto } from '../../../../shared/schemas/applications';
import type { IssuedDocumentDto } from '../../../../shared/schemas/issued-documents';
import { applicationKeys } from '../../api/applications';
import { documentsApi } from '../../api/documents';
import { formatDate } from '../../lib/dates';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useToasts } from '../../components/toasts';
import { formatFileSize } from '../documents/documents';
import { COUNCIL_REFRESH_MS, councilMayChange } from './details';

const DAY_FORMAT = 'd LLL yyyy';

export const issuedDocumentsKey = (id: string) =>
  [...applicationKeys.detail(id), 'issued-documents'] as const;

/**
 * "Your building consent" (docs/applications.md; docs/council-api.md "Issued documents"): the first
 * panel of a granted application's Overview, listing the documents the council issued — the
 * consent, its conditions, after the CCC the certificate — each with a Download button (the
 * documents' download link: clean files only, ReadOnly access as any application document).
 */
export function IssuedDocumentsPanel({
  app,
}: {
  app: Pick<ApplicationDto, 'id' | 'consentNumber' | 'status'>;
}) {
  const { t } = useTranslation();
  const granted = !!app.consentNumber;
  const issued = useQuery({
    queryKey: issuedDocumentsKey(app.id),
    queryFn: ({ signal }) => documentsApi.issued(app.id, signal),
    enabled: granted,
    // The council sends its documents after the grant: look again while it may still be working.
    refetchInterval: councilMayChange(app.status) ? COUNCIL_REFRESH_MS : false,
  });
  if (!granted) return null;
  const docs = issued.data?.issuedDocuments ?? [];
  return (
    <Container
      header={
        <Header variant="h2" description={t('applicationDetails.overview.issued.description')}>
          {t('applicationDetails.overview.issued.title')}
        </Header>
      }
    >
      {issued.isError ? (
        <Alert type="error">{t('applicationDetails.overview.issued.failed')}</Alert>
      ) : issued.isPending ? (
        <StatusIndicator type="loading">{t('app.loading')}</StatusIndicator>
      ) : (
        // On a phone the rows are cards, so each document keeps its Download in view.
        <ResponsiveTable<IssuedDocumentDto>
          variant="embedded"
          ariaLabels={{ tableLabel: t('applicationDetails.overview.issued.title') }}
          items={docs}
          trackBy="name"
          empty={<Box color="text-body-secondary">{t('applicationDetails.overview.issued.none')}</Box>}
          columnDefinitions={[
            {
              id: 'document',
              header: t('applicationDetails.overview.issued.document'),
              cell: (d) => d.fileName,
              isRowHeader: true,
            },
            {
              id: 'kind',
              header: t('applicationDetails.overview.issued.kind'),
              cell: (d) => t(`applicationDetails.overview.issued.kinds.${d.kind}`),
            },
            {
              id: 'date',
              header: t('applicationDetails.overview.issued.date'),
              cell: (d) => formatDate(d.issuedDate, DAY_FORMAT),
            },
            {
              id: 'size',
              header: t('applicationDetails.overview.issued.size'),
              cell: (d) => formatFileSize(d.fileSize),
            },
            {
              id: 'download',
              header: t('applicationDetails.overview.issued.download'),
              cell: (d) => <DownloadButton applicationId={app.id} doc={d} />,
            },
          ]}
        />
      )}
    </Container>
  );
}

function DownloadButton({ applicationId, doc }: { applicationId: string; doc: IssuedDocumentDto }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { presignedUrl, fileName } = await documentsApi.downloadLink(applicationId, doc.name);
      const a = window.document.createElement('a');
      a.href = presignedUrl;
      a.download = fileName;
      a.rel = 'noopener';
      window.document.body.appendChild(a);
      a.click();
      a.remove();
    } catch {
      toasts.show({ type: 'error', content: t('applicationDetails.overview.issued.downloadFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      iconName="download"
      loading={busy}
      ariaLabel={t('applicationDetails.overview.issued.downloadLabel', { fileName: doc.fileName })}
      onClick={() => void download()}
    >
      {t('applicationDetails.overview.issued.download')}
    </Button>
  );
}
