import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParticipantDto } from '../../../../shared/schemas/participants';
import type { HistoryItem } from '../../../../shared/schemas/applications';
import { PARTICIPANT_HISTORY_PAGE_SIZE, participantKeys, participantsApi } from '../../api/participants';
import { formatFullDate } from '../../lib/dates';
import { participantName } from './ParticipantCard';

const show = (v: unknown): string =>
  v === null || v === undefined || v === ''
    ? '—'
    : Array.isArray(v)
      ? v.map(show).join(', ')
      : typeof v === 'object'
        ? String((v as { fullAddress?: string }).fullAddress ?? JSON.stringify(v))
        : String(v);

/**
 * Participant history (docs/participants.md): newest first; the next page loads when the end of the
 * list comes into view and the last page came back full.
 */
export function ParticipantHistoryDialog({
  applicationId,
  participant,
  authorName,
  onClose,
}: {
  applicationId: string;
  participant: ParticipantDto;
  /** Who a modifiedBy user id is on this application (never a raw id on screen). */
  authorName: (modifiedBy: string | undefined) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pages = useInfiniteQuery({
    queryKey: participantKeys.history(applicationId, participant.id),
    queryFn: ({ pageParam, signal }) =>
      participantsApi.history(applicationId, participant.id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      last.length === PARTICIPANT_HISTORY_PAGE_SIZE ? all.length + 1 : undefined,
  });
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    const el = end.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const items: HistoryItem[] = pages.data?.pages.flat() ?? [];
  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      header={t('participants.history.title', { name: participantName(participant) })}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>
            {t('participants.history.close')}
          </Button>
        </Box>
      }
    >
      {pages.isError ? (
        <Box color="text-status-error">{t('participants.history.failed')}</Box>
      ) : (
        <>
          <Table
            variant="embedded"
            loading={pages.isPending}
            loadingText={t('participants.history.loading')}
            items={items}
            trackBy="id"
            columnDefinitions={[
              {
                id: 'when',
                header: t('participants.history.when'),
                cell: (h) => formatFullDate(h.timestamp),
              },
              {
                id: 'what',
                header: t('participants.history.what'),
                cell: (h) => t(`participants.history.events.${h.eventType}`, { defaultValue: h.eventType }),
              },
              { id: 'who', header: t('participants.history.who'), cell: (h) => authorName(h.modifiedBy) },
              {
                id: 'changes',
                header: t('participants.history.changes'),
                cell: (h) =>
                  Object.entries(h.delta ?? {})
                    .map(([field, [before, after]]) => `${field}: ${show(before)} → ${show(after)}`)
                    .join('; ') || '—',
              },
            ]}
            empty={<Box color="text-status-inactive">{t('participants.history.empty')}</Box>}
          />
          <div ref={end} />
          {isFetchingNextPage && <Spinner />}
        </>
      )}
    </Modal>
  );
}
