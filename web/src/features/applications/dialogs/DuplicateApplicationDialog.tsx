import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuHref } from '../cardModel';

/**
 * Duplicate application (confirm label 'Duplicate'): continues on the new-application address
 * page with intention from-existing-application and the source's id.
 */
export function DuplicateApplicationDialog({
  target,
  onClose,
}: {
  target: { id: string; label: string } | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal
      visible={!!target}
      onDismiss={onClose}
      header={t('applications.dialogs.duplicate.title')}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('applications.dialogs.cancel')}
            </Button>
            <Button
              variant="primary"
              onClick={() => {
                if (!target) return;
                onClose();
                void navigate(menuHref.duplicate(target.id));
              }}
            >
              {t('applications.dialogs.duplicate.confirm')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {target && t('applications.dialogs.duplicate.body', { id: target.label })}
    </Modal>
  );
}
