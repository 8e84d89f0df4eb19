import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useDeleteApplication } from '../mutations';

export interface DeleteTarget {
  id: string;
  /** Template: the dialog reads Delete Template. */
  template: boolean;
  /** The number or name the dialog names it by. */
  label: string;
}

/**
 * Delete Application / Delete Template (title by record type). On success `onDeleted` runs (the
 * card slides out); on failure the toast 'Fail to delete application' shows and the card stays.
 */
export function DeleteApplicationDialog({
  target,
  onClose,
  onDeleted,
}: {
  target: DeleteTarget | undefined;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteApplication();
  const confirm = () => {
    if (!target) return;
    remove.mutate(
      { id: target.id, template: target.template },
      {
        onSuccess: () => {
          onClose();
          onDeleted(target.id);
        },
        onError: onClose,
      },
    );
  };
  return (
    <Modal
      visible={!!target}
      onDismiss={() => !remove.isPending && onClose()}
      header={t(
        target?.template
          ? 'applications.dialogs.delete.titleTemplate'
          : 'applications.dialogs.delete.titleApplication',
      )}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={remove.isPending}>
              {t('applications.dialogs.cancel')}
            </Button>
            <Button variant="primary" onClick={confirm} loading={remove.isPending}>
              {t('applications.dialogs.delete.confirm')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {target &&
        (target.template
          ? t('applications.dialogs.delete.bodyTemplate', { name: target.label })
          : t('applications.dialogs.delete.bodyApplication', { id: target.label }))}
    </Modal>
  );
}
