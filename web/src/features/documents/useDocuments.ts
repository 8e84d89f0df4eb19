import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationDocumentDto } from '../../../../shared/schemas/documents';
import { isExtracting, isInProgress } from '../../../../shared/domain/documents';
import { applicationKeys } from '../../api/applications';
import { documentKeys, documentsApi } from '../../api/documents';
import { useToasts } from '../../components/toasts';
import { isSettledDoc, placedAt } from './documents';

/** How often the documents are re-read while any of them is not settled (docs/documents-web.md). */
export const POLL_INTERVAL_MS = 5000;

/** A container's listed documents in their order (then oldest first). */
export const inOrder = (documents: readonly ApplicationDocumentDto[], containerId: string) =>
  documents
    .filter((d) => d.documentContainerId === containerId)
    .sort((a, b) => a.order - b.order || a.createdDate.localeCompare(b.createdDate));

/**
 * An application's documents (docs/documents-web.md): read, and read again every 5000 ms while any
 * is on its way (not settled and not stalled) or an upload of this page waits for its scan; the
 * steps' completion and the review's results re-read when a file settles or goes; and the order
 * inside a container, changed optimistically and put back on failure ('Fail to reorder documents').
 */
export function useDocuments(
  applicationId: string,
  queue: { inQueue: (name: string) => boolean; awaitingScan: readonly string[] },
) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const queryKey = documentKeys.list(applicationId);
  const { inQueue, awaitingScan } = queue;

  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => documentsApi.list(applicationId, signal),
    refetchInterval: (q) => {
      const data = q.state.data ?? [];
      const settled = new Set(data.filter(isSettledDoc).map((d) => d.name));
      const waiting = awaitingScan.some((name) => !settled.has(name));
      const extracting = data.some((d) => isExtracting(d, new Date()));
      return waiting || extracting || data.some((d) => isInProgress(d.uploadStatus, inQueue(d.name)))
        ? POLL_INTERVAL_MS
        : false;
    },
  });
  const documents = useMemo(() => query.data ?? [], [query.data]);
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
    if (!query.isSuccess) return;
    const previous = lastSettledKey.current;
    lastSettledKey.current = settledKey;
    if (previous === undefined || previous === settledKey) return;
    void queryClient.invalidateQueries({ queryKey: applicationKeys.enabledSteps(applicationId) });
    void queryClient.invalidateQueries({ queryKey: applicationKeys.ruleResults(applicationId) });
    // A settled upload may answer a council's rejection (its group and the next steps read it).
    void queryClient.invalidateQueries({ queryKey: documentKeys.groups(applicationId) });
  }, [settledKey, query.isSuccess, queryClient, applicationId]);

  const reorder = useMutation({
    mutationFn: ({ containerId, names }: { containerId: string; names: string[] }) =>
      documentsApi.reorder(applicationId, containerId, { documents: names }),
    onMutate: async ({ containerId, names }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<ApplicationDocumentDto[]>(queryKey);
      queryClient.setQueryData<ApplicationDocumentDto[]>(queryKey, (docs) =>
        docs?.map((d) =>
          d.documentContainerId === containerId && names.includes(d.name)
            ? { ...d, order: names.indexOf(d.name) }
            : d,
        ),
      );
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toasts.show({ type: 'error', content: t('documents.reorderFailed') });
    },
    onSettled: () => void refresh(),
  });

  /** Moves a document one place up (-1) or down (+1) in its container. */
  const move = useCallback(
    (containerId: string, name: string, delta: -1 | 1) => {
      const names = inOrder(documents, containerId).map((d) => d.name);
      const from = names.indexOf(name);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= names.length) return;
      [names[from], names[to]] = [names[to]!, names[from]!];
      reorder.mutate({ containerId, names });
    },
    [documents, reorder],
  );

  /** Puts a document at index `to` of its container (a drag's drop). */
  const place = useCallback(
    (containerId: string, name: string, to: number) => {
      const names = inOrder(documents, containerId).map((d) => d.name);
      const next = placedAt(names, name, to);
      if (next.every((n, i) => n === names[i])) return;
      reorder.mutate({ containerId, names: next });
    },
    [documents, reorder],
  );

  return { query, documents, refresh, move, place };
}
