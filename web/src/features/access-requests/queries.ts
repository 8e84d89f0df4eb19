import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accessRequestKeys, accessRequestsApi } from '../../api/access-requests';
import { ACCESS_REQUEST_CODES, isServiceError } from '../../api/errors';
import { useToasts } from '../../components/toasts';

/** GET /user/access-requests-v2: the requests to review (incoming) and mine. */
export function useAccessRequests() {
  return useQuery({
    queryKey: accessRequestKeys.list(),
    queryFn: ({ signal }) => accessRequestsApi.list(signal),
  });
}

/** The message of a failed access-request call: the server's for its own refusals, else a generic one. */
export function useAccessRequestError() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (err: unknown) => {
    console.error(err);
    const own =
      ACCESS_REQUEST_CODES.some((code) => isServiceError(err, code)) || isServiceError(err, 'ClientError');
    toasts.show({
      type: 'error',
      content: own && err instanceof Error ? err.message : t('accessRequests.failedToSend'),
    });
  };
}

/** POST /user/access-requests-v2 { applicationId }; a failure is logged and shown as an error toast. */
export function useRequestAccess() {
  const client = useQueryClient();
  const failed = useAccessRequestError();
  return useMutation({
    mutationFn: (applicationId: string) => accessRequestsApi.create(applicationId),
    onSuccess: () => client.invalidateQueries({ queryKey: accessRequestKeys.all }),
    onError: failed,
  });
}

/** Declines (PATCH … DENIED): 'Access request declined', or an error toast. */
export function useDecline() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (guid: string) => accessRequestsApi.decline(guid),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: accessRequestKeys.list() });
      toasts.show({ type: 'success', content: t('accessRequests.received.declined') });
    },
    onError: (err) => {
      console.error(err);
      toasts.show({
        type: 'error',
        content: isServiceError(err, 'ClientError') ? err.message : t('accessRequests.failedToDecline'),
      });
    },
  });
}

/** The request leaves my list of requests to review (after the participant dialog closed saved). */
export function useMarkHandled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (guid: string) => accessRequestsApi.markHandled(guid),
    onSettled: () => client.invalidateQueries({ queryKey: accessRequestKeys.list() }),
  });
}
