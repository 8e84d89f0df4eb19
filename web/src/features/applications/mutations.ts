import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { putFile } from '../../api/documents';
import { useToasts } from '../../components/toasts';
import type { NotificationLevel } from '../../../../shared/schemas/common';
import { thumbnailContentType } from '../../components/thumbnail';

/**
 * The card actions that change data (docs/applications.md). Each invalidates the
 * application lists; a preference change also refetches the badge counts (a failure only logged).
 */

function useRefresh() {
  const queryClient = useQueryClient();
  return {
    lists: () => queryClient.invalidateQueries({ queryKey: applicationKeys.lists() }),
    badges: () =>
      queryClient.refetchQueries({ queryKey: applicationKeys.badges() }).catch((error: unknown) => {
        console.warn('Failed to refetch the application badge counts', error);
      }),
    detail: (id: string) => queryClient.invalidateQueries({ queryKey: applicationKeys.detail(id) }),
  };
}

/** PATCH .../preferences {isHidden}: Archive (true) or Unarchive (false). */
export function useArchive() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, archive }: { id: string; archive: boolean }) => applicationsApi.setHidden(id, archive),
    onSuccess: async (_, { archive }) => {
      toasts.show({
        type: 'success',
        content: t(archive ? 'applications.toasts.archived' : 'applications.toasts.unarchived'),
      });
      await Promise.all([refresh.lists(), refresh.badges()]);
    },
    onError: () => toasts.show({ type: 'error', content: t('applications.messages.failedToArchive') }),
  });
}

/** DELETE /user/applications/{id}. The caller animates the card out once it resolves. */
export function useDeleteApplication() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return useMutation({
    mutationFn: ({ id }: { id: string; template: boolean }) => applicationsApi.remove(id),
    onSuccess: (_, { template }) =>
      toasts.show({
        type: 'success',
        content: t(template ? 'applications.toasts.templateDeleted' : 'applications.toasts.deleted'),
      }),
    onError: () =>
      toasts.show({ type: 'error', content: t('applications.messages.failToDeleteApplication') }),
  });
}

/** Refreshes lists and badges after a card has left (deleted). */
export function useAfterRemoval() {
  const refresh = useRefresh();
  return () => Promise.all([refresh.lists(), refresh.badges()]);
}

/** PATCH .../participants/{participantId}/notification-level. */
export function useSetNotificationLevel() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; participantId: string; level: NotificationLevel }) =>
      applicationsApi.setNotificationLevel(v.id, v.participantId, v.level),
    onSuccess: async (_, { id }) => {
      toasts.show({ type: 'success', content: t('applications.messages.notificationLevelUpdated') });
      await Promise.all([refresh.lists(), refresh.detail(id)]);
    },
    onError: () =>
      toasts.show({ type: 'error', content: t('applications.messages.failedToUpdateNotificationLevel') }),
  });
}

export interface CreateTemplateInput {
  applicationId: string;
  name: string;
  description: string;
  thumbnail?: { file: File; name: string } | undefined;
  /** The thumbnail's upload progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** Uploads the chosen thumbnail with a presigned PUT; the key CreateTemplate names. */
async function uploadThumbnail(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const contentType = thumbnailContentType(file);
  const upload = await applicationsApi.thumbnailUpload({ contentType, contentLength: file.size });
  await putFile(upload.presignedUrl, file, { contentType, onProgress });
  return upload.key;
}

/** POST /user/applications CreateTemplate. */
export function useCreateTemplate() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (v: CreateTemplateInput) =>
      applicationsApi.create({
        operationName: 'CreateTemplate',
        recordType: 'Template',
        applicationId: v.applicationId,
        templateName: v.name.trim(),
        templateDescription: v.description.trim() || undefined,
        templateThumbnail: v.thumbnail ? await uploadThumbnail(v.thumbnail.file, v.onProgress) : undefined,
        templateThumbnailName: v.thumbnail?.name,
      }),
    onSuccess: async () => {
      toasts.show({ type: 'success', content: t('applications.messages.templateCreated') });
      await refresh.lists();
    },
    onError: () => toasts.show({ type: 'error', content: t('applications.messages.failToCreateTemplate') }),
  });
}

/**
 * Download summary PDF: asks for a short-lived link to the summary PDF document, fetches the file
 * and hands it to the browser as a download under its file name.
 */
export function useDownloadSummaryPdf() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return useMutation({
    mutationFn: async ({ id, document }: { id: string; document: string }) => {
      const link = await applicationsApi.downloadLink(id, document);
      const response = await fetch(link.presignedUrl);
      if (!response.ok) throw new Error(`Download failed with ${response.status}`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      try {
        const anchor = window.document.createElement('a');
        anchor.href = url;
        anchor.download = link.fileName;
        anchor.rel = 'noopener';
        window.document.body.append(anchor);
        anchor.click();
        anchor.remove();
      } finally {
        // Let the browser start the download before the URL is released.
        setTimeout(() => URL.revokeObjectURL(url), 0);
      }
    },
    onError: () => toasts.show({ type: 'error', content: t('applications.toasts.downloadFailed') }),
  });
}
