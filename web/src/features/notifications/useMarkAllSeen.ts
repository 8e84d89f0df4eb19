import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys, notificationsApi } from '../../api/notifications';
import { useToasts } from '../../components/toasts';
import { notificationMessages } from './notificationView';

/** Marks all the caller's notifications seen (PATCH …/user/seen) and reads them again; a failure says so. */
export function useMarkAllSeen(onDone?: () => void) {
  const toasts = useToasts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notificationsApi.markAllSeen,
    onSuccess: async () => {
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: () => toasts.show({ type: 'error', content: notificationMessages.updateProfile }),
  });
}
