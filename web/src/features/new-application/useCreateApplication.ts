import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CreateApplicationRequest } from '../../../../shared/schemas/applications';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { useToasts } from '../../components/toasts';

/** What a create call is: POST /user/applications, or POST .../child-applications of a parent. */
export type CreateCall =
  | { kind: 'application'; body: CreateApplicationRequest }
  | { kind: 'child'; parentId: string; formId: string };

/**
 * Creates the application and opens its form (/application-form/{id}); a failure is an error toast
 * and the wizard stays where it is, with everything the user chose.
 */
export function useCreateApplication() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: CreateCall) =>
      call.kind === 'child'
        ? applicationsApi.createChild(call.parentId, call.formId)
        : applicationsApi.create(call.body),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      await navigate(`/application-form/${created.id}`);
    },
    onError: (error: Error) =>
      toasts.show({ type: 'error', header: t('newApplication.createFailed'), content: error.message }),
  });
}
