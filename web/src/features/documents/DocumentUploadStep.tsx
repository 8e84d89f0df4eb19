import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileDropzone from '@cloudscape-design/components/file-dropzone';
import FileInput from '@cloudscape-design/components/file-input';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { ApplicationDocumentDto } from '../../../../shared/schemas/documents';
import { applicationKeys } from '../../api/applications';
import { documentKeys, documentsApi, putFile } from '../../api/documents';
import { isServiceError } from '../../api/errors';
import { useToasts } from '../../components/toasts';
import DocumentCard from './DocumentCard';
import {
  isSettledDoc,
  prepareFiles,
  type AcceptedFile,
  type StepContainer,
  type UploadPhase,
} from './documents';

/** How often the documents are re-read while any of them is not settled (portal-core §9). */
export const POLL_INTERVAL_MS = 5000;

export interface DocumentUploadStepProps {
  applicationId: string;
  /** The form's reference containers for this step; `required` flags the ones the form needs. */
  containers: StepContainer[];
  readOnly?: boolean;
}

interface QueueItem extends AcceptedFile {
  id: string;
  containerId: string;
  phase: UploadPhase;
  progress: number;
  error?: string;
  /** Set once the record exists on the server (the name to delete when cancelled). */
  created?: boolean;
}

let nextId = 0;

/**
 * The DocumentUpload step (portal-core §2 "Document section of a container", §4 "Document upload"):
 * one section per container with a drop zone, the same file checks as the server, an upload
 * queue that handles one item at a time (record → PUT to the presigned URL with progress,
 * cancellable), document cards with their status, Remove with confirmation, and Download.
 */
export default function DocumentUploadStep({
  applicationId,
  containers,
  readOnly = false,
}: DocumentUploadStepProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const [rejections, setRejections] = useState<Record<string, string[]>>({});
  const [confirm, setConfirm] = useState<
    { doc: ApplicationDocumentDto; containerName: string } | undefined
  >();
  const [removing, setRemoving] = useState(false);
  const controllers = useRef(new Map<string, AbortController>());
  const started = useRef(new Set<string>());

  const docsQuery = useQuery({
    queryKey: documentKeys.list(applicationId),
    queryFn: ({ signal }) => documentsApi.list(applicationId, signal),
    // Polled while any document is not settled, or an uploaded file has not been listed settled yet.
    refetchInterval: (query) => {
      const data = query.state.data ?? [];
      const settled = new Set(data.filter(isSettledDoc).map((d) => d.name));
      const waiting = queue.some((q) => q.phase === 'scanning' && !settled.has(q.documentName));
      return waiting || data.some((d) => !isSettledDoc(d)) ? POLL_INTERVAL_MS : false;
    },
  });
  const documents = useMemo(() => docsQuery.data ?? [], [docsQuery.data]);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: documentKeys.list(applicationId) }),
    [queryClient, applicationId],
  );

  // The steps' completion and the review's rule results follow the settled documents: when a file
  // settles or goes, they are read again (the side navigation's "Complete" without a reload).
  const settledKey = useMemo(
    () =>
      documents
        .filter(isSettledDoc)
        .map((d) => `${d.documentContainerId}/${d.name}/${d.uploadStatus}`)
        .sort()
        .join('|'),
    [documents],
  );
  const lastSettledKey = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!docsQuery.isSuccess) return;
    const previous = lastSettledKey.current;
    lastSettledKey.current = settledKey;
    if (previous === undefined || previous === settledKey) return;
    void queryClient.invalidateQueries({ queryKey: applicationKeys.enabledSteps(applicationId) });
    void queryClient.invalidateQueries({ queryKey: applicationKeys.ruleResults(applicationId) });
  }, [settledKey, docsQuery.isSuccess, queryClient, applicationId]);

  const patch = useCallback((id: string, change: Partial<QueueItem>) => {
    setQueue((items) => items.map((q) => (q.id === id ? { ...q, ...change } : q)));
  }, []);
  const drop = useCallback((id: string) => setQueue((items) => items.filter((q) => q.id !== id)), []);

  // The queue handles one item at a time.
  const active = queue.find((q) => q.phase === 'uploading');
  const nextQueued = queue.find((q) => q.phase === 'queued');
  useEffect(() => {
    if (active || !nextQueued || started.current.has(nextQueued.id)) return;
    const item = nextQueued;
    started.current.add(item.id);
    const controller = new AbortController();
    controllers.current.set(item.id, controller);
    patch(item.id, { phase: 'uploading', progress: 0 });
    let created = false;
    void (async () => {
      try {
        if (item.replaces) {
          await documentsApi.remove(applicationId, item.replaces).catch((err: unknown) => {
            if (!isServiceError(err, 'ResourceNotFound')) throw err;
          });
        }
        const { presignedUrl } = await documentsApi.create(
          applicationId,
          {
            name: item.documentName,
            fileName: item.file.name,
            mimeType: item.mimeType,
            size: item.file.size,
            containerId: item.containerId,
            ...(item.file.lastModified
              ? { fileModifiedDate: new Date(item.file.lastModified).toISOString() }
              : {}),
          },
          controller.signal,
        );
        created = true;
        patch(item.id, { created: true });
        await putFile(presignedUrl, item.file, {
          contentType: item.mimeType,
          signal: controller.signal,
          onProgress: (fraction) => patch(item.id, { progress: Math.round(fraction * 100) }),
        });
        patch(item.id, { phase: 'scanning', progress: 100 });
      } catch (err) {
        if (controller.signal.aborted) {
          // Cancelled: an unsettled document is deleted at once.
          drop(item.id);
          if (created) await documentsApi.remove(applicationId, item.documentName).catch(() => undefined);
        } else {
          const message =
            isServiceError(err) && err.status === 400 ? err.message : t('documents.uploadFailed');
          patch(item.id, { phase: 'failed', error: message });
          toasts.show({ type: 'error', content: t('documents.uploadFileFailed') });
        }
      } finally {
        controllers.current.delete(item.id);
        void refresh();
      }
    })();
  }, [active, nextQueued, applicationId, patch, drop, refresh, t, toasts]);

  // Uploads in flight stop when the step goes away.
  useEffect(() => {
    const map = controllers.current;
    return () => map.forEach((c) => c.abort());
  }, []);

  const addFiles = (container: StepContainer, files: readonly File[]) => {
    if (files.length === 0) return;
    const inQueue = (name: string) => queue.some((q) => q.documentName === name && q.phase !== 'failed');
    const { accepted, rejected } = prepareFiles(t, files, {
      container,
      documents,
      queued: queue
        .filter((q) => q.phase !== 'failed')
        .map((q) => ({ documentName: q.documentName, containerId: q.containerId })),
      inQueue,
    });
    setRejections((r) => ({ ...r, [container.id]: rejected }));
    if (accepted.length === 0) return;
    setQueue((items) => [
      // A failed local item of a name uploaded again gives way to the new one.
      ...items.filter(
        (q) => !(q.phase === 'failed' && accepted.some((a) => a.documentName === q.documentName)),
      ),
      ...accepted.map((a) => ({
        ...a,
        id: `upload-${nextId++}`,
        containerId: container.id,
        phase: 'queued' as const,
        progress: 0,
      })),
    ]);
  };

  const removeNow = async (name: string) => {
    try {
      await documentsApi.remove(applicationId, name);
    } catch (err) {
      if (!isServiceError(err, 'ResourceNotFound'))
        toasts.show({ type: 'error', content: t('documents.removeFailed') });
    } finally {
      void refresh();
    }
  };

  const onRemove = (
    container: StepContainer,
    doc: ApplicationDocumentDto | undefined,
    item: QueueItem | undefined,
  ) => {
    if (item && (item.phase === 'queued' || item.phase === 'uploading')) {
      // Cancel: a queued item ends; an active upload is aborted (its record is then deleted).
      if (item.phase === 'uploading') controllers.current.get(item.id)?.abort();
      else drop(item.id);
      return;
    }
    if (item) drop(item.id);
    if (doc && isSettledDoc(doc)) {
      setConfirm({ doc, containerName: container.displayName });
      return;
    }
    const name = doc?.name ?? (item?.created ? item.documentName : undefined);
    if (name) void removeNow(name);
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
    await removeNow(confirm.doc.name);
    setRemoving(false);
    setConfirm(undefined);
  };

  if (docsQuery.isPending) return <Spinner size="large" aria-label={t('documents.loading')} />;
  if (docsQuery.isError) return <Alert type="error">{t('documents.fetchFailed')}</Alert>;

  const sorted = [...containers].sort((a, b) => a.displayOrder - b.displayOrder);
  return (
    <SpaceBetween size="l">
      {sorted.map((container) => {
        const listed = documents
          .filter((d) => d.documentContainerId === container.id)
          .sort((a, b) => a.order - b.order || a.createdDate.localeCompare(b.createdDate));
        const listedNames = new Set(listed.map((d) => d.name));
        const localOf = (name: string) =>
          queue.find((q) => q.documentName === name && q.containerId === container.id);
        const unlisted = queue.filter(
          (q) => q.containerId === container.id && !listedNames.has(q.documentName),
        );
        const problems = rejections[container.id] ?? [];
        const entries = [
          ...listed.map((doc) => ({ key: doc.name, doc, item: localOf(doc.name) })),
          ...unlisted.map((item) => ({ key: item.id, doc: undefined, item })),
        ];
        return (
          <Container
            key={container.id}
            header={
              <Header
                variant="h2"
                description={container.description}
                info={container.required ? <Box variant="small">{t('documents.required')}</Box> : undefined}
              >
                {container.displayName}
              </Header>
            }
          >
            <SpaceBetween size="m">
              {!readOnly && (
                <FileDropzone onChange={({ detail }) => addFiles(container, detail.value)}>
                  <SpaceBetween size="xs" alignItems="center">
                    <Box color="text-body-secondary">{t('documents.dropzone')}</Box>
                    <FileInput
                      multiple
                      accept=".pdf,application/pdf"
                      value={[]}
                      ariaLabel={t('documents.chooseFilesFor', { container: container.displayName })}
                      onChange={({ detail }) => addFiles(container, detail.value)}
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
                  onDismiss={() => setRejections((r) => ({ ...r, [container.id]: [] }))}
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
              ) : (
                <ul aria-label={container.displayName} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {entries.map(({ key, doc, item }) => (
                    <li key={key} style={{ marginBlockEnd: 8 }}>
                      <DocumentCard
                        fileName={doc?.fileName ?? item?.file.name ?? key}
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
                        onDownload={doc ? () => void onDownload(doc) : undefined}
                        onRemove={() => onRemove(container, doc, item)}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </SpaceBetween>
          </Container>
        );
      })}
      <Modal
        visible={!!confirm}
        onDismiss={() => setConfirm(undefined)}
        header={t('documents.removeDialog.title')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setConfirm(undefined)}>
                {t('documents.removeDialog.cancel')}
              </Button>
              <Button variant="primary" loading={removing} onClick={() => void confirmRemove()}>
                {t('documents.removeDialog.confirm')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {confirm && (
          <SpaceBetween size="s">
            <Box>
              {t('documents.removeDialog.text', {
                fileName: confirm.doc.fileName,
                containerName: confirm.containerName,
              })}
            </Box>
            <Box>{t('documents.removeDialog.warning')}</Box>
          </SpaceBetween>
        )}
      </Modal>
    </SpaceBetween>
  );
}
