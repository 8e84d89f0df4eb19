import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';

/**
 * The critical alert dialog (docs/features.md): titled 'Alert: {title}', with Cancel and Continue. For
 * a step that cannot be taken back and changes what the council sees (withdrawing a document):
 * the body says what will happen and what to do after. Escape, the close button and Cancel all
 * cancel; Continue shows its progress while `busy`.
 */
export function CriticalAlertDialog({
  title,
  visible,
  busy = false,
  onCancel,
  onContinue,
  children,
}: {
  title: string;
  visible: boolean;
  busy?: boolean;
  onCancel(): void;
  onContinue(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <Modal
      visible
      closeAriaLabel={t('criticalAlert.close')}
      onDismiss={onCancel}
      header={t('criticalAlert.title', { title })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel} disabled={busy}>
              {t('criticalAlert.cancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={onContinue}>
              {t('criticalAlert.continue')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">{children}</SpaceBetween>
    </Modal>
  );
}
