import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { inOpenGroup, uploadOffer } from '../../../../shared/domain/offers';
import { groupFactsOfView } from '../../../../shared/domain/document-groups';
import type { ApplicationDto } from '../../../../shared/schemas/applications';
import type { DocumentContainer } from '../../../../shared/schemas/reference';
import { documentKeys, documentsApi } from '../../api/documents';
import { jurisdictionQuery } from '../new-application/reference';
import DocumentUploadStep from './DocumentUploadStep';
import RequiredDocumentGroups from './RequiredDocumentGroups';
import type { StepContainer } from './documents';

/**
 * The Documents section of /application-details (docs/documents-web.md "Document section of a
 * container"): every document container of the application (GET .../document-containers; the
 * RFI containers belong to the RFIs) with its section, editable with the caller's access (read-only
 * shows the cards with Preview and Download), plus 'Remove all' and tags/types on the cards. Upload
 * zones and "Required" badges only while the application takes uploads (shared `uploadOffer`, the
 * rule the server refuses by); otherwise the reason, in words, above the read-only cards. When the
 * council uses required document groups, they come first (RequiredDocumentGroups: its status of
 * each upload, why it rejected one), and a group open for uploads opens its container (docs/documents-web.md).
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
  const groups = useQuery({
    queryKey: documentKeys.groups(app.id),
    queryFn: ({ signal }) => documentsApi.groups(app.id, signal),
    enabled: app.useRequiredDocumentGroups,
  });
  const jurisdiction = useQuery(jurisdictionQuery(app.jurisdictionId));
  if (containers.isPending || (app.useRequiredDocumentGroups && groups.isPending))
    return <StatusIndicator type="loading">{t('documents.loadingContainers')}</StatusIndicator>;
  if (containers.isError) return <Alert type="error">{t('documents.fetchContainersFailed')}</Alert>;
  const councilGroups = app.useRequiredDocumentGroups ? (groups.data ?? []) : [];
  const facts = councilGroups.map(groupFactsOfView);
  const offer = uploadOffer(app);
  const locked = readOnly || !offer.allowed;
  // The containers of the council's groups open for uploads now (the same rule the server takes them
  // by). Only the council's: the proofs of payment, open at every status, are added from an invoice's
  // page, never from here.
  const opens = (containerId: string) =>
    !readOnly && inOpenGroup(app, containerId, facts) && uploadOffer(app, containerId, facts).allowed;
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
      open: locked && opens(c.id),
    }));
  const openNames = list.filter((c) => c.open).map((c) => c.displayName);
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
        applicationStatus: app.status,
      }}
    />
  );
  const reviews = groups.isError ? (
    <Alert type="error">{t('documents.groups.fetchFailed')}</Alert>
  ) : (
    <RequiredDocumentGroups groups={councilGroups} canUpload={opens} />
  );
  return (
    <SpaceBetween size="l">
      {reviews}
      {offer.allowed ? null : openNames.length > 0 ? (
        <Alert type="info" header={t('documents.groups.openHeader')}>
          {t('documents.groups.openBody', { containers: openNames.join(', '), reason: offer.reason })}
        </Alert>
      ) : (
        <Alert type="info" header={t('documents.noUploadsHeader')}>
          {offer.reason}
        </Alert>
      )}
      {upload}
    </SpaceBetween>
  );
}
