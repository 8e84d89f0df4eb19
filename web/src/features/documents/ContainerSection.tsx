import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileDropzone from '@cloudscape-design/components/file-dropzone';
import FileInput from '@cloudscape-design/components/file-input';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ApplicationDocumentDto } from '../../../../shared/schemas/documents';
import DocumentCard from './DocumentCard';
import MergedDocumentCard from './MergedDocumentCard';
import type { StepContainer } from './documents';
import type { QueueItem } from './useUploadQueue';

/** One card of a container: a listed document, an upload of this page, or both. */
export interface Entry {
  key: string;
  doc: ApplicationDocumentDto | undefined;
  item: QueueItem | undefined;
}

/**
 * The document section of a container (portal-core §2): the drop zone ('Drop your file(s) here or
 * click to browse'), the files refused ('Unable to upload file due to file constraints'), 'Remove
 * failed' while any failed or stalled, and the list of cards in order (Move up / Move down); a
 * merged file shows as the merged container card with the list under its expand/collapse.
 */
export default function ContainerSection({
  container,
  entries,
  problems,
  hasFailed,
  readOnly,
  accept,
  onFiles,
  onDismissProblems,
  onRemoveFailed,
  onRemove,
  onDownload,
  onMove,
}: {
  container: StepContainer;
  entries: readonly Entry[];
  problems: readonly string[];
  hasFailed: boolean;
  readOnly: boolean;
  /** The file chooser's accepted types (documents.ts acceptAttribute). */
  accept: string;
  onFiles(files: readonly File[]): void;
  onDismissProblems(): void;
  onRemoveFailed(): void;
  onRemove(entry: Entry): void;
  onDownload(doc: ApplicationDocumentDto): void;
  onMove(name: string, delta: -1 | 1): void;
}) {
  const { t } = useTranslation();
  // The merged file (portal-core §2 merged container card) stands above the documents it was made from.
  const mergedEntry = entries.find((e) => e.doc?.isMergedFile);
  const parts = mergedEntry ? entries.filter((e) => e !== mergedEntry) : entries;
  const listedNames = parts.filter((e) => e.doc).map((e) => e.doc!.name);
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={container.description}
          info={container.required ? <Box variant="small">{t('documents.required')}</Box> : undefined}
          actions={
            !readOnly && hasFailed ? (
              <Button
                onClick={onRemoveFailed}
                ariaLabel={t('documents.removeFailedIn', { container: container.displayName })}
              >
                {t('documents.removeFailedDocs')}
              </Button>
            ) : undefined
          }
        >
          {container.displayName}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {!readOnly && (
          <FileDropzone onChange={({ detail }) => onFiles(detail.value)}>
            <SpaceBetween size="xs" alignItems="center">
              <Box color="text-body-secondary">{t('documents.dropzone')}</Box>
              <FileInput
                multiple
                accept={accept}
                value={[]}
                ariaLabel={t('documents.chooseFilesFor', { container: container.displayName })}
                onChange={({ detail }) => onFiles(detail.value)}
              >
                {t('documents.chooseFiles')}
              </FileInput>
            </SpaceBetween>
          </FileDropzone>
        )}
        {problems.length > 0 && (
          <Alert
            type="error"
            header={t('documents.constraintsHeader')}
            dismissible
            onDismiss={onDismissProblems}
          >
            <ul>
              {problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          </Alert>
        )}
        {entries.length === 0 ? (
          <Box color="text-body-secondary">{t('documents.empty')}</Box>
        ) : mergedEntry?.doc ? (
          <MergedDocumentCard
            doc={mergedEntry.doc}
            partCount={parts.length}
            readOnly={readOnly}
            onDownload={() => onDownload(mergedEntry.doc!)}
            onRemove={() => onRemove(mergedEntry)}
          >
            {list()}
          </MergedDocumentCard>
        ) : (
          list()
        )}
      </SpaceBetween>
    </Container>
  );

  function list() {
    return (
      <ul aria-label={container.displayName} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {parts.map((entry) => {
          const { key, doc, item } = entry;
          const at = doc ? listedNames.indexOf(doc.name) : -1;
          const movable = !readOnly && doc !== undefined && doc.isEditable;
          return (
            <li key={key} style={{ marginBlockEnd: 8 }}>
              <DocumentCard
                fileName={doc?.fileName ?? item?.documentName ?? key}
                fileSize={doc?.fileSize ?? item?.file.size ?? 0}
                doc={doc}
                local={
                  item && {
                    phase: item.phase,
                    progress: item.progress,
                    ...(item.error ? { error: item.error } : {}),
                  }
                }
                readOnly={readOnly}
                onDownload={doc ? () => onDownload(doc) : undefined}
                onMove={
                  movable
                    ? {
                        ...(at > 0 ? { up: () => onMove(doc.name, -1) } : {}),
                        ...(at < listedNames.length - 1 ? { down: () => onMove(doc.name, 1) } : {}),
                      }
                    : undefined
                }
                onRemove={() => onRemove(entry)}
              />
            </li>
          );
        })}
      </ul>
    );
  }
}
