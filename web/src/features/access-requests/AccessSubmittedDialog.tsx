import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import { useTranslation } from 'react-i18next';

/**
 * 'Access request submitted' (docs/access-requests.md): the manager is notified with the requester's profile
 * information, may accept or decline, the request expires after seven calendar days, and the outcome
 * is notified.
 */
export default function AccessSubmittedDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('accessRequests.submitted.title')}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>
            {t('accessRequests.submitted.ok')}
          </Button>
        </Box>
      }
    >
      {t('accessRequests.submitted.body')}
    </Modal>
  );
}
