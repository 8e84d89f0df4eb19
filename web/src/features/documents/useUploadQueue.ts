import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { documentKeys, documentsApi, putFile } from '../../api/documents';
import { isServiceError } from '../../api/errors';
import { useToasts } from '../../components/toasts';
import { usesMultipart } from '../../../../shared/schemas/documents-multipart';
import type { AcceptedFile, UploadPhase } from './documents';

/** The server's answer that a document's upload in parts cannot be resumed: none open (404) or the document no longer waiting (409). */
const uploadIsGone = (err: unknown): boolean =>
  isServiceError(err) && (err.status === 404 || err.status === 409);

export interface QueueItem extends AcceptedFile {
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
 * The upload queue (docs/documents-web.md): one item at a time, each going Queued →
 * Uploading... (the record, then the file PUT to its presigned URL with progress) → Scanning for
 * viruses... (until the listed document settles); a file larger than one part goes in parts
 * (./multipartUpload.ts, resumable); a failure sets the item failed with its message;
 * cancel ends a queued item or aborts the active upload and deletes its record at once. A failed
 * or stalled document the item replaces is removed first.
 */
export function useUploadQueue(applicationId: string) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const started = useRef(new Set<string>());
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: documentKeys.list(applicationId) }),
    [queryClient, applicationId],
  );

  const patch = useCallback((id: string, change: Partial<QueueItem>) => {
    setQueue((items) => items.map((q) => (q.id === id ? { ...q, ...change } : q)));
  }, []);
  const drop = useCallback((id: string) => setQueue((items) => items.filter((q) => q.id !== id)), []);

  // One item at a time: the next queued item starts when none is uploading.
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
        const onProgress = (fraction: number) => patch(item.id, { progress: Math.round(fraction * 100) });
        // The same file again for an upload in parts that stopped: continue it (its parts are kept).
        let upload = item.resumes
          ? await documentsApi
              .currentMultipart(applicationId, item.resumes, controller.signal)
              .catch((err: unknown) => {
                // Started afresh only when the server says the upload is gone (no open upload, or the
                // document no longer waits for its parts); any other failure (a 5xx, the network)
                // fails the item and keeps the stored parts for the next try.
                if (!controller.signal.aborted && uploadIsGone(err)) return undefined;
                throw err;
              })
          : undefined;
        if (upload) {
          created = true;
          patch(item.id, { created: true });
        } else {
          const gone = item.replaces ?? item.resumes;
          if (gone) {
            await documentsApi.remove(applicationId, gone).catch((err: unknown) => {
              if (!isServiceError(err, 'ResourceNotFound')) throw err;
            });
          }
          const { presignedUrl } = await documentsApi.create(
            applicationId,
            {
              name: item.documentName,
              // A duplicate renamed by the user's choice is the file under its new name.
              fileName: item.documentName,
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
          // Large files go in parts; the rest keep the one presigned PUT.
          if (usesMultipart(item.file.size))
            upload = await documentsApi.startMultipart(applicationId, item.documentName, controller.signal);
          else
            await putFile(presignedUrl, item.file, {
              contentType: item.mimeType,
              signal: controller.signal,
              onProgress,
            });
        }
        if (upload) {
          // Uppy is loaded only when a large file is sent (a lazy chunk).
          const { uploadInParts } = await import('./multipartUpload');
          await uploadInParts({
            applicationId,
            documentName: item.documentName,
            file: item.file,
            mimeType: item.mimeType,
            upload,
            signal: controller.signal,
            onProgress,
          });
        }
        patch(item.id, { phase: 'scanning', progress: 100 });
      } catch (err) {
        if (controller.signal.aborted) {
          // Cancelled: an unsettled document is deleted at once.
          drop(item.id);
          if (created) await documentsApi.remove(applicationId, item.documentName).catch(() => undefined);
        } else {
          // The server's refusal says why (e.g. the application is locked, and why): show it, not only
          // "Upload failed"; a failure without a reason keeps the spec's message.
          const message =
            isServiceError(err) && (err.status ?? 0) >= 400 && (err.status ?? 0) < 500 && err.message
              ? err.message
              : t('documents.uploadFailed');
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

  /** Adds accepted files to the end of the queue; a failed local item of the same name gives way. */
  const add = useCallback((containerId: string, accepted: readonly AcceptedFile[]) => {
    if (accepted.length === 0) return;
    setQueue((items) => [
      ...items.filter(
        (q) => !(q.phase === 'failed' && accepted.some((a) => a.documentName === q.documentName)),
      ),
      ...accepted.map((a) => ({
        ...a,
        id: `upload-${nextId++}`,
        containerId,
        phase: 'queued' as const,
        progress: 0,
      })),
    ]);
  }, []);

  /** Cancels an item in flight: a queued one ends, an active upload is aborted (its record then deleted). */
  const cancel = useCallback(
    (item: QueueItem) => {
      if (item.phase === 'uploading') controllers.current.get(item.id)?.abort();
      else drop(item.id);
    },
    [drop],
  );

  /** Deletes a document at once (no dialog); a missing one is already gone. */
  const removeNow = useCallback(
    async (name: string) => {
      try {
        await documentsApi.remove(applicationId, name);
      } catch (err) {
        if (!isServiceError(err, 'ResourceNotFound'))
          toasts.show({ type: 'error', content: t('documents.removeFailed') });
      } finally {
        void refresh();
      }
    },
    [applicationId, refresh, t, toasts],
  );

  const pending = queue.filter((q) => q.phase !== 'failed');
  return {
    queue,
    /** Names queued, uploading or waiting for their scan on this page. */
    inQueue: (name: string) => pending.some((q) => q.documentName === name),
    pending,
    awaitingScan: queue.filter((q) => q.phase === 'scanning').map((q) => q.documentName),
    add,
    cancel,
    drop,
    removeNow,
  };
}
