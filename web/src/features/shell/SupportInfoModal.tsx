import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import { useTranslation } from 'react-i18next';
import { SupportDetails } from '../support/SupportDetails';

/** Help menu → Support information: website, email, phone and hours. */
export function SupportInfoModal({ visible, onDismiss }: { visible: boolean; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={t('support.dialogTitle')}
      closeAriaLabel={t('support.close')}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            {t('support.close')}
          </Button>
        </Box>
      }
    >
      <SupportDetails />
    </Modal>
  );
}
