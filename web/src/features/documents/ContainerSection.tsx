import type { ReactNode } from 'react';
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
import ExtractionBanner from './ExtractionBanner';
import MergedDocumentCard from './MergedDocumentCard';
import SortableCards from './SortableCards';
import { isPreviewable, type StepContainer } from './documents';
import type { QueueItem } from './useUploadQueue';

/** One card of a container: a listed document, an upload of this page, or both. */
export interface Entry {
  key: string;
  doc: ApplicationDocumentDto | undefined;
  item: QueueItem | undefined;
}

/**
 * The document section of a container (docs/documents-web.md): the drop zone ('Drop your file(s) here or
 * click to browse'), the files refused ('Unable to upload file due to file constraints'), 'Remove
 * failed' while any failed or stalled, 'Remove all' where offered, and the list of cards in order
 * (dragged by their handles, or Move up / Move down in the card menu); a merged file shows as the
 * merged container card with the list under its expand/collapse.
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
  onExtracted,
  onPlace,
  onRemoveAll,
  onPreview,
  onLabels,
  labelsOf,
  onWithdraw,
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
  /** The title extraction of a document here has finished with extracted data (ExtractionBanner). */
  onExtracted?(): void;
  /** Puts a listed document at the index of another (a drag's drop); absent: no dragging. */
  onPlace?: ((name: string, to: number) => void) | undefined;
  /** 'Remove all' (asks first); absent where not offered. */
  onRemoveAll?: (() => void) | undefined;
  /** Preview of a document that has one (completed PDFs). */
  onPreview?: ((doc: ApplicationDocumentDto) => void) | undefined;
  /** Opens a document's tags (and type) dialog from the card menu item `text`; absent: no tags. */
  onLabels?: { text: string; open: (doc: ApplicationDocumentDto) => void } | undefined;
  /** What shows a document's tags on its card. */
  labelsOf?: ((doc: ApplicationDocumentDto) => ReactNode) | undefined;
  /** Withdraw for a document that offers it (the caller decides which); absent: none. */
  onWithdraw?: ((doc: ApplicationDocumentDto) => (() => void) | undefined) | undefined;
}) {
  const { t } = useTranslation();
  // The merged file (docs/documents-web.md) stands above the documents it was made from.
  const mergedEntry = entries.find((e) => e.doc?.isMergedFile);
  const parts = mergedEntry ? entries.filter((e) => e !== mergedEntry) : entries;
  const listedNames = parts.filter((e) => e.doc).map((e) => e.doc!.name);
  const labelOf = ({ key, doc, item }: Entry) => doc?.fileName ?? item?.documentName ?? key;
  const movable = ({ doc }: Entry) => !readOnly && doc !== undefined && doc.isEditable;
  const card = (entry: Entry, handle: ReactNode) => {
    const { doc, item } = entry;
    const at = doc ? listedNames.indexOf(doc.name) : -1;
    return (
      <DocumentCard
        fileName={labelOf(entry)}
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
        dragHandle={handle}
        labels={doc && labelsOf?.(doc)}
        onDownload={doc ? () => onDownload(doc) : undefined}
        onPreview={doc && onPreview && isPreviewable(doc) ? () => onPreview(doc) : undefined}
        onLabels={
          doc && onLabels && !readOnly && doc.isEditable
            ? { text: onLabels.text, open: () => onLabels.open(doc) }
            : undefined
        }
        onMove={
          doc && movable(entry)
            ? {
                ...(at > 0 ? { up: () => onMove(doc.name, -1) } : {}),
                ...(at < listedNames.length - 1 ? { down: () => onMove(doc.name, 1) } : {}),
              }
            : undefined
        }
        onRemove={() => onRemove(entry)}
        onWithdraw={doc && !readOnly ? onWithdraw?.(doc) : undefined}
      />
    );
  };
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={container.description}
          info={container.required ? <Box variant="small">{t('documents.required')}</Box> : undefined}
          actions={
            readOnly ? undefined : (
              <SpaceBetween direction="horizontal" size="xs">
                {hasFailed && (
                  <Button
                    onClick={onRemoveFailed}
                    ariaLabel={t('documents.removeFailedIn', { container: container.displayName })}
                  >
                    {t('documents.removeFailedDocs')}
                  </Button>
                )}
                {onRemoveAll && (
                  <Button
                    onClick={onRemoveAll}
                    ariaLabel={t('documents.removeAllIn', { container: container.displayName })}
                  >
                    {t('documents.removeAll')}
                  </Button>
                )}
              </SpaceBetween>
            )
          }
        >
          {container.displayName}
        </Header>
      }
    >
      <SpaceBetween size="m">
        <ExtractionBanner
          documents={entries.flatMap((e) => (e.doc ? [e.doc] : []))}
          onExtracted={() => onExtracted?.()}
        />
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
    return onPlace && !readOnly ? (
      <SortableCards
        listLabel={container.displayName}
        cards={parts.map((entry) => ({
          id: entry.key,
          label: labelOf(entry),
          movable: movable(entry),
          render: (handle) => card(entry, handle),
        }))}
        onPlace={(name, overName) => {
          const to = listedNames.indexOf(overName);
          if (to >= 0) onPlace(name, to);
        }}
      />
    ) : (
      <ul aria-label={container.displayName} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {parts.map((entry) => (
          <li key={entry.key} style={{ marginBlockEnd: 8 }}>
            {card(entry, null)}
          </li>
        ))}
      </ul>
    );
  }
}
