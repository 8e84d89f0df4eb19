import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { uploadOffer } from '../../../../shared/domain/offers';
import type { ApplicationDto } from '../../../../shared/schemas/applications';
import type { DocumentContainer } from '../../../../shared/schemas/reference';
import { documentKeys, documentsApi } from '../../api/documents';
import { jurisdictionQuery } from '../new-application/reference';
import DocumentUploadStep from './DocumentUploadStep';
import type { StepContainer } from './documents';

/**
 * The Documents section of /application-details (portal-core §2 "Document section of a
 * container"): every document container of the application (GET .../document-containers; the
 * RFI containers belong to the RFIs) with its section, editable with the caller's access (read-only
 * shows the cards with Preview and Download), plus 'Remove all' and tags/types on the cards. Upload
 * zones and "Required" badges only while the application takes uploads (shared `uploadOffer`, the
 * rule the server refuses by); otherwise the reason, in words, above the read-only cards.
 */
export default function DocumentsSection({
  app,
  readOnly,
  requiredIds,
}: {
  app: ApplicationDto;
  readOnly: boolean;
  /** The containers the application's form requires. */
  requiredIds: readonly string[];
}) {
  const { t } = useTranslation();
  const containers = useQuery({
    queryKey: documentKeys.containers(app.id),
    queryFn: ({ signal }) => documentsApi.containers(app.id, signal),
  });
  const jurisdiction = useQuery(jurisdictionQuery(app.jurisdictionId));
  if (containers.isPending)
    return <StatusIndicator type="loading">{t('documents.loadingContainers')}</StatusIndicator>;
  if (containers.isError) return <Alert type="error">{t('documents.fetchContainersFailed')}</Alert>;
  const offer = uploadOffer(app);
  const locked = readOnly || !offer.allowed;
  const required = new Set(locked ? [] : requiredIds);
  const list: StepContainer[] = containers.data
    .filter((c) => c.containerType !== 'RFIDocument')
    .map((c) => ({
      id: c.id,
      name: c.name,
      displayName: c.displayName,
      description: c.description ?? '',
      displayOrder: c.displayOrder,
      containerType: c.containerType as DocumentContainer['containerType'],
      required: required.has(c.id),
    }));
  const imagesEnabled =
    jurisdiction.data?.authorities.find((a) => a.id === app.authorityId)?.imageConversionEnabled ?? false;
  const upload = (
    <DocumentUploadStep
      applicationId={app.id}
      containers={list}
      readOnly={locked}
      imagesEnabled={imagesEnabled}
      details={{
        child:
          app.applicationType === 'Standalone'
            ? undefined
            : { jurisdictionId: app.jurisdictionId, formId: app.formId },
      }}
    />
  );
  return offer.allowed ? (
    upload
  ) : (
    <SpaceBetween size="l">
      <Alert type="info" header={t('documents.noUploadsHeader')}>
        {offer.reason}
      </Alert>
      {upload}
    </SpaceBetween>
  );
}
