import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { RequiredDocumentGroupDto } from '../../../../shared/schemas/documents';
import {
  groupFactsOfView,
  isGroupOpen,
  rejectedUploadsToReplace,
} from '../../../../shared/domain/document-groups';
import { documentReviewText } from '../../../../shared/domain/plain-labels';
import { formatDate } from '../../lib/dates';
import { containerSectionId } from './documents';

type Upload = RequiredDocumentGroupDto['requiredDocumentUploads'][number];

const TONE = { positive: 'success', negative: 'error', neutral: 'pending' } as const;

/** Moves to the container's section and focuses its "Choose files" (the upload zone). */
function goToUpload(containerId: string) {
  const section = document.getElementById(containerSectionId(containerId));
  if (!section) return;
  section.scrollIntoView({ block: 'start' });
  const input = section.querySelector<HTMLElement>('input[type="file"]');
  (input ?? section).focus();
}

function UploadRow({ upload, toReplace }: { upload: Upload; toReplace: boolean }) {
  const { t } = useTranslation();
  const text = documentReviewText(upload.councilStatus);
  const date = upload.processingDate ?? upload.receivedDate;
  return (
    <li data-testid="council-review">
      <SpaceBetween size="xxs">
        <Box variant="strong">{upload.fileName}</Box>
        <StatusIndicator type={TONE[text.tone]}>{text.label}</StatusIndicator>
        {date && (
          <Box variant="small">
            {upload.processingDate
              ? t('documents.groups.reviewedOn', { date: formatDate(date) })
              : t('documents.groups.receivedOn', { date: formatDate(date) })}
          </Box>
        )}
        {upload.reason ? (
          <Box>{t('documents.groups.reason', { reason: upload.reason })}</Box>
        ) : (
          <Box variant="small" color="text-body-secondary">
            {text.explanation}
          </Box>
        )}
        {upload.councilStatus === 'Rejected' && !toReplace && (
          <Box variant="small" color="text-body-secondary">
            {t('documents.groups.replaced')}
          </Box>
        )}
      </SpaceBetween>
    </li>
  );
}

/**
 * The council's required document groups on the Documents section (docs/documents-web.md): each group with its status and what it asks, each upload with the
 * council's status, date and reason. A rejected upload not yet replaced says why and offers
 * "Upload a replacement", which goes to the group's container, open for uploads while the group is
 * (shared `uploadOffer`). Shown only when the council uses groups (useRequiredDocumentGroups).
 */
export default function RequiredDocumentGroups({
  groups,
  canUpload,
}: {
  groups: readonly RequiredDocumentGroupDto[];
  /** Whether the viewer may upload into a group's container now (the upload rule). */
  canUpload: (containerId: string) => boolean;
}) {
  const { t } = useTranslation();
  if (groups.length === 0) return null;
  return (
    <Container
      header={
        <Header variant="h2" description={t('documents.groups.description')}>
          {t('documents.groups.header')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {groups.map((g) => {
          const toReplace = rejectedUploadsToReplace(g);
          const open = isGroupOpen(groupFactsOfView(g));
          const headingId = `group-${g.guid}`;
          return (
            <section key={g.guid} aria-labelledby={headingId} data-testid="document-group">
              <SpaceBetween size="s">
                <SpaceBetween size="xxs">
                  <Box variant="h3" id={headingId}>
                    {g.name}
                  </Box>
                  <Box variant="small">{t('documents.groups.status', { status: g.status })}</Box>
                  {g.description && <Box>{g.description}</Box>}
                  {g.requestedDate && (
                    <Box variant="small">
                      {t('documents.groups.requestedOn', { date: formatDate(g.requestedDate) })}
                    </Box>
                  )}
                </SpaceBetween>
                {toReplace.map((u) => (
                  <Alert
                    key={u.applicationDocumentId}
                    type="warning"
                    header={t('documents.groups.rejectedHeader', { fileName: u.fileName })}
                    action={
                      canUpload(g.documentContainerId) ? (
                        <Button onClick={() => goToUpload(g.documentContainerId)}>
                          {t('documents.groups.uploadReplacement')}
                        </Button>
                      ) : undefined
                    }
                  >
                    {u.reason
                      ? t('documents.groups.rejectedBecause', { reason: u.reason })
                      : t('documents.groups.rejectedNoReason')}
                  </Alert>
                ))}
                {g.requiredDocumentUploads.length === 0 ? (
                  <Box color="text-body-secondary">
                    {open ? t('documents.groups.nothingYetOpen') : t('documents.groups.nothingYet')}
                  </Box>
                ) : (
                  <ul aria-label={t('documents.groups.uploadsOf', { group: g.name })}>
                    {g.requiredDocumentUploads.map((u) => (
                      <UploadRow key={u.applicationDocumentId} upload={u} toReplace={toReplace.includes(u)} />
                    ))}
                  </ul>
                )}
              </SpaceBetween>
            </section>
          );
        })}
      </SpaceBetween>
    </Container>
  );
}
