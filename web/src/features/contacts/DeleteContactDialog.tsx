import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContactDto } from '../../../../shared/schemas/contacts';
import { contactKeys, contactsApi } from '../../api/contacts';
import { isServiceError } from '../../api/errors';
import { useToasts } from '../../components/toasts';
import { participantName } from '../participants/ParticipantCard';

/** Delete a library contact, after asking (DELETE /user/organisation/contacts/{id}). */
export function DeleteContactDialog({
  contact,
  onClose,
  onDeleted,
}: {
  contact: ContactDto;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const client = useQueryClient();
  const name = participantName(contact);
  const remove = useMutation({
    mutationFn: () => contactsApi.remove(contact.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contactKeys.all });
      toasts.show({ type: 'success', content: t('contacts.deleted', { name }) });
      onDeleted?.();
      onClose();
    },
    onError: (err) => {
      toasts.show({
        type: 'error',
        content:
          isServiceError(err, 'ClientError') || isServiceError(err, 'ResourceNotFound')
            ? err.message
            : t('contacts.deleteDialog.failed'),
      });
      // A contact someone else deleted meanwhile is gone from the list too.
      if (isServiceError(err, 'ResourceNotFound')) {
        void client.invalidateQueries({ queryKey: contactKeys.all });
        onClose();
      }
    },
  });
  return (
    <Modal
      visible
      onDismiss={() => !remove.isPending && onClose()}
      header={t('contacts.deleteDialog.title')}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={remove.isPending}>
              {t('contacts.deleteDialog.cancel')}
            </Button>
            <Button variant="primary" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('contacts.deleteDialog.confirm')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {t('contacts.deleteDialog.body', { name })}
    </Modal>
  );
}
