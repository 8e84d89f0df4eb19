import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ApplicationDocumentDto } from '../../../../shared/schemas/documents';
import type { ApplicationStatus } from '../../../../shared/schemas/applications';
import { canWithdrawDocument } from '../../../../shared/domain/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsApi } from '../../api/documents';
import { applicationKeys } from '../../api/applications';
import { useToasts } from '../../components/toasts';
import { CriticalAlertDialog } from '../../components/CriticalAlertDialog';
import ContainerSection, { type Entry } from './ContainerSection';
import {
  ExpiredFilesDialog,
  RemoveAllDialog,
  RemoveDocumentDialog,
  RenameDuplicatesDialog,
} from './DocumentDialogs';
import { CardLabels, LabelsDialog, type ChildForm } from './DocumentLabels';
import PdfPreview from './PdfPreview';
import {
  acceptAttribute,
  containerSectionId,
  isFailedDoc,
  isSettledDoc,
  triageFiles,
  type StepContainer,
  type TriageChoices,
} from './documents';
import { inOrder, useDocuments } from './useDocuments';
import { useUploadQueue, type QueueItem } from './useUploadQueue';

export { POLL_INTERVAL_MS } from './useDocuments';

export interface DocumentUploadStepProps {
  applicationId: string;
  /** The form's reference containers for this step; `required` flags the ones the form needs. */
  containers: StepContainer[];
  readOnly?: boolean;
  /** The application's authority converts JPEG and PNG to PDF (its reference data's flag). */
  imagesEnabled?: boolean;
  /**
   * The details page's extras: 'Remove all' per container and tags (and, on a child application,
   * the type, from its form's types) on each card.
   */
  details?: { child: ChildForm | undefined; applicationStatus: ApplicationStatus } | undefined;
}

/**
 * A container's cards: its listed documents in order, then this page's uploads not listed yet. A card
 * is keyed by its document's name from the moment it is queued, so it keeps its identity (and an open
 * menu) when a refreshed list first shows its document, and across every poll after.
 */
export function entriesOf(listed: readonly ApplicationDocumentDto[], mine: readonly QueueItem[]): Entry[] {
  const listedNames = new Set(listed.map((d) => d.name));
  const keys = new Set(listedNames);
  return [
    ...listed.map((doc) => ({ key: doc.name, doc, item: mine.find((q) => q.documentName === doc.name) })),
    ...mine
      .filter((q) => !listedNames.has(q.documentName))
      .map((item) => {
        // Two uploads of one name (a failed one and its replacement): the second by its queue id.
        const key = keys.has(item.documentName) ? item.id : item.documentName;
        keys.add(key);
        return { key, doc: undefined, item };
      }),
  ];
}

/** Files held for the user's choice: expired ones first (Keep/Remove), then duplicates (rename). */
interface Held {
  container: StepContainer;
  expired: File[];
  duplicates: File[];
}

/**
 * The DocumentUpload step (docs/documents-web.md "Document
 * upload"): one section per container, the upload queue (useUploadQueue), the documents polled
 * while any is unsettled (useDocuments), expired and duplicate files held for the user's choice,
 * Remove with confirmation for settled documents, 'Remove failed', Download, Preview (PDFs) and
 * reorder (drag, or Move up / Move down); on the details page also 'Remove all' and tags/types.
 */
export default function DocumentUploadStep({
  applicationId,
  containers,
  readOnly = false,
  imagesEnabled = false,
  details,
}: DocumentUploadStepProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const uploads = useUploadQueue(applicationId);
  const { queue, pending, inQueue } = uploads;
  const { query, documents, move, place, refresh } = useDocuments(applicationId, uploads);
  const [rejections, setRejections] = useState<Record<string, string[]>>({});
  const [held, setHeld] = useState<Held | undefined>();
  const [confirm, setConfirm] = useState<{ name: string; fileName: string; containerName: string }>();
  const [removing, setRemoving] = useState(false);
  const [removeAll, setRemoveAll] = useState<StepContainer | undefined>();
  const [withdrawing, setWithdrawing] = useState<ApplicationDocumentDto | undefined>();
  const withdraw = useMutation({
    mutationFn: (doc: ApplicationDocumentDto) => documentsApi.withdraw(applicationId, doc.name),
    onSuccess: async (_updated, doc) => {
      toasts.show({ type: 'success', content: t('documents.withdrawn', { fileName: doc.fileName }) });
      setWithdrawing(undefined);
      await refresh();
    },
    // The server's words (e.g. why the document can no longer change), under what failed.
    onError: (error, doc) =>
      toasts.show({
        type: 'error',
        header: t('documents.withdrawFailed', { fileName: doc.fileName }),
        content: error.message,
      }),
  });
  const [preview, setPreview] = useState<ApplicationDocumentDto | undefined>();
  const [labelling, setLabelling] = useState<ApplicationDocumentDto | undefined>();

  // An upload is processed once its document is listed settled: it leaves the queue (the card then
  // follows the listed document alone, and a later removal leaves nothing behind).
  const { drop } = uploads;
  useEffect(() => {
    const settled = new Set(documents.filter(isSettledDoc).map((d) => d.name));
    for (const q of queue) if (q.phase === 'scanning' && settled.has(q.documentName)) drop(q.id);
  }, [documents, queue, drop]);

  const triage = (container: StepContainer, files: readonly File[], choices: TriageChoices = {}) =>
    triageFiles(
      t,
      files,
      {
        container,
        imagesEnabled,
        documents,
        queued: pending.map((q) => ({ documentName: q.documentName, containerId: q.containerId })),
        inQueue,
        now: new Date(),
      },
      choices,
    );

  /** Queues what may go, shows what is refused, holds the rest (merged with what is already held). */
  const addFiles = (container: StepContainer, files: readonly File[], choices: TriageChoices = {}) => {
    if (files.length === 0) return;
    const sorted = triage(container, files, choices);
    setRejections((r) => ({ ...r, [container.id]: sorted.rejected }));
    uploads.add(container.id, sorted.accepted);
    setHeld((h) => {
      const same = h?.container.id === container.id ? h : undefined;
      const expired = [...(choices.keepExpired ? [] : (same?.expired ?? [])), ...sorted.expired];
      const duplicates = [
        ...(choices.renameDuplicates ? [] : (same?.duplicates ?? [])),
        ...sorted.duplicates,
      ];
      return expired.length + duplicates.length > 0 ? { container, expired, duplicates } : undefined;
    });
  };

  // The names the held duplicates would be added as (the rename dialog lists them).
  const renames =
    held && held.expired.length === 0 && held.duplicates.length > 0
      ? triage(held.container, held.duplicates, { keepExpired: true, renameDuplicates: true }).accepted.map(
          (a) => ({ fileName: a.file.name, newName: a.documentName }),
        )
      : [];

  const onRemove = (container: StepContainer, { doc, item }: Entry) => {
    if (item && (item.phase === 'queued' || item.phase === 'uploading')) {
      uploads.cancel(item);
      return;
    }
    if (item) drop(item.id);
    if (doc && isSettledDoc(doc)) {
      setConfirm({ name: doc.name, fileName: doc.fileName, containerName: container.displayName });
      return;
    }
    // Unsettled (or never listed): deleted at once.
    const name = doc?.name ?? (item?.created ? item.documentName : undefined);
    if (name) void uploads.removeNow(name);
  };

  const onRemoveFailed = (container: StepContainer) => {
    const failed = documents.filter(
      (d) => d.documentContainerId === container.id && d.isDeletable && isFailedDoc(d, inQueue(d.name)),
    );
    const names = new Set(failed.map((d) => d.name));
    for (const item of queue)
      if (item.containerId === container.id && (item.phase === 'failed' || names.has(item.documentName)))
        drop(item.id);
    for (const doc of failed) void uploads.removeNow(doc.name);
  };

  const onDownload = async (doc: ApplicationDocumentDto) => {
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
      toasts.show({ type: 'error', content: t('documents.downloadFailed') });
    }
  };

  const confirmRemove = async () => {
    if (!confirm) return;
    setRemoving(true);
    await uploads.removeNow(confirm.name);
    setRemoving(false);
    setConfirm(undefined);
  };

  /** DELETE .../document-containers/{cid}/documents, then the list read again. */
  const confirmRemoveAll = async () => {
    if (!removeAll) return;
    setRemoving(true);
    try {
      await documentsApi.removeAll(applicationId, removeAll.id);
      for (const item of queue) if (item.containerId === removeAll.id) drop(item.id);
    } catch {
      toasts.show({ type: 'error', content: t('documents.removeAllFailed') });
    }
    await refresh();
    setRemoving(false);
    setRemoveAll(undefined);
  };

  if (query.isPending) return <StatusIndicator type="loading">{t('documents.loading')}</StatusIndicator>;
  if (query.isError) return <Alert type="error">{t('documents.fetchFailed')}</Alert>;

  const sorted = [...containers].sort((a, b) => a.displayOrder - b.displayOrder);
  return (
    <SpaceBetween size="l">
      {sorted.map((container) => {
        const listed = inOrder(documents, container.id);
        const mine = queue.filter((q) => q.containerId === container.id);
        const entries = entriesOf(listed, mine);
        const hasFailed =
          mine.some((q) => q.phase === 'failed') ||
          listed.some((d) => d.isDeletable && isFailedDoc(d, inQueue(d.name)));
        const locked = readOnly && !container.open;
        return (
          <div key={container.id} id={containerSectionId(container.id)} tabIndex={-1}>
            <ContainerSection
              container={container}
              entries={entries}
              problems={rejections[container.id] ?? []}
              hasFailed={hasFailed}
              readOnly={locked}
              accept={acceptAttribute(imagesEnabled)}
              onFiles={(files) => addFiles(container, files)}
              onDismissProblems={() => setRejections((r) => ({ ...r, [container.id]: [] }))}
              onRemoveFailed={() => onRemoveFailed(container)}
              onRemove={(entry) => onRemove(container, entry)}
              onDownload={(doc) => void onDownload(doc)}
              onMove={(name, delta) => move(container.id, name, delta)}
              onExtracted={() =>
                void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) })
              }
              onPlace={(name, to) => place(container.id, name, to)}
              onPreview={setPreview}
              {...(details
                ? {
                    // Offered while the container has documents, none in flight, each removable.
                    onRemoveAll:
                      listed.length > 0 &&
                      listed.every((d) => d.isDeletable) &&
                      !mine.some((q) => q.phase === 'queued' || q.phase === 'uploading')
                        ? () => setRemoveAll(container)
                        : undefined,
                    onLabels: {
                      text: details.child ? t('documents.labels.menuWithType') : t('documents.labels.menu'),
                      open: setLabelling,
                    },
                    onWithdraw: (doc: ApplicationDocumentDto) =>
                      canWithdrawDocument(doc, details.applicationStatus)
                        ? () => setWithdrawing(doc)
                        : undefined,
                    labelsOf: (doc: ApplicationDocumentDto) =>
                      isSettledDoc(doc) ? (
                        <CardLabels applicationId={applicationId} doc={doc} child={details.child} />
                      ) : null,
                  }
                : {})}
            />
          </div>
        );
      })}
      <RemoveDocumentDialog
        target={confirm}
        busy={removing}
        onCancel={() => setConfirm(undefined)}
        onConfirm={() => void confirmRemove()}
      />
      <CriticalAlertDialog
        visible={withdrawing !== undefined}
        title={t('documents.withdrawTitle', { fileName: withdrawing?.fileName ?? '' })}
        busy={withdraw.isPending}
        onCancel={() => setWithdrawing(undefined)}
        onContinue={() => withdrawing && withdraw.mutate(withdrawing)}
      >
        <Box>{t('documents.withdrawBody', { fileName: withdrawing?.fileName ?? '' })}</Box>
        <Box>{t('documents.withdrawNext')}</Box>
      </CriticalAlertDialog>
      <RemoveAllDialog
        containerName={removeAll?.displayName}
        busy={removing}
        onCancel={() => setRemoveAll(undefined)}
        onConfirm={() => void confirmRemoveAll()}
      />
      {preview && (
        <PdfPreview
          applicationId={applicationId}
          documentName={preview.name}
          fileName={preview.fileName}
          onClose={() => setPreview(undefined)}
        />
      )}
      {labelling && details && (
        <LabelsDialog
          applicationId={applicationId}
          doc={labelling}
          child={details.child}
          onClose={() => setLabelling(undefined)}
        />
      )}
      <ExpiredFilesDialog
        containerName={held?.container.displayName ?? ''}
        files={held?.expired ?? []}
        onKeep={() => held && addFiles(held.container, held.expired, { keepExpired: true })}
        onRemove={() => setHeld((h) => (h && h.duplicates.length > 0 ? { ...h, expired: [] } : undefined))}
      />
      <RenameDuplicatesDialog
        renames={renames}
        onCancel={() => setHeld(undefined)}
        onConfirm={() =>
          held && addFiles(held.container, held.duplicates, { keepExpired: true, renameDuplicates: true })
        }
      />
    </SpaceBetween>
  );
}
