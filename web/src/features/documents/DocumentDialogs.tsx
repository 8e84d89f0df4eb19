import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { DATE_FORMAT, formatDate } from '../../lib/dates';

function Dialog({
  visible,
  title,
  cancel,
  confirm,
  busy = false,
  onCancel,
  onConfirm,
  children,
}: {
  visible: boolean;
  title: string;
  cancel: string;
  confirm: string;
  busy?: boolean;
  onCancel(): void;
  onConfirm(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // Rendered only while open: one dialog on the page at a time.
  if (!visible) return null;
  return (
    <Modal
      visible
      closeAriaLabel={t('documents.closeDialog')}
      onDismiss={onCancel}
      header={title}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel}>
              {cancel}
            </Button>
            <Button variant="primary" loading={busy} onClick={onConfirm}>
              {confirm}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">{children}</SpaceBetween>
    </Modal>
  );
}

/**
 * Remove document dialog (docs/documents-web.md): 'Remove document from application', 'Remove document
 * {fileName} from {containerName}?', "This operation can't be undone.", confirm 'Remove'.
 */
export function RemoveDocumentDialog({
  target,
  busy,
  onCancel,
  onConfirm,
}: {
  target: { fileName: string; containerName: string } | undefined;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={!!target}
      title={t('documents.removeDialog.title')}
      cancel={t('documents.removeDialog.cancel')}
      confirm={t('documents.removeDialog.confirm')}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {target && <Box>{t('documents.removeDialog.text', target)}</Box>}
      <Box>{t('documents.removeDialog.warning')}</Box>
    </Dialog>
  );
}

/**
 * 'Rename files with the same name' (docs/documents-web.md): the held duplicates, each with the name
 * it would be added as (`name_1.ext`, …); Rename adds them, Cancel leaves them out.
 */
export function RenameDuplicatesDialog({
  renames,
  onCancel,
  onConfirm,
}: {
  renames: readonly { fileName: string; newName: string }[];
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={renames.length > 0}
      title={t('documents.renameDialog.title')}
      cancel={t('documents.renameDialog.cancel')}
      confirm={t('documents.renameDialog.confirm')}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Box>{t('documents.renameDialog.text')}</Box>
      <ul>
        {renames.map((r, i) => (
          <li key={i}>{t('documents.renameDialog.item', r)}</li>
        ))}
      </ul>
    </Dialog>
  );
}

/**
 * The Keep/Remove dialog for expired files (docs/documents-web.md): files of a proof-of-ownership
 * or project-information-memorandum container last modified more than 3 months ago. Keep adds them
 * to the queue; Remove leaves them out.
 */
export function ExpiredFilesDialog({
  containerName,
  files,
  onKeep,
  onRemove,
}: {
  containerName: string;
  files: readonly File[];
  onKeep(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={files.length > 0}
      title={t('documents.expiredDialog.title')}
      cancel={t('documents.expiredDialog.remove')}
      confirm={t('documents.expiredDialog.keep')}
      onCancel={onRemove}
      onConfirm={onKeep}
    >
      <Box>{t('documents.expiredDialog.text', { containerName })}</Box>
      <ul>
        {files.map((f, i) => (
          <li key={i}>
            {t('documents.expiredDialog.item', {
              fileName: f.name,
              date: formatDate(new Date(f.lastModified).toISOString(), DATE_FORMAT),
            })}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/**
 * Remove all documents in a container (docs/documents-web.md): Remove and Cancel, warning that it
 * cannot be undone.
 */
export function RemoveAllDialog({
  containerName,
  busy,
  onCancel,
  onConfirm,
}: {
  containerName: string | undefined;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={containerName !== undefined}
      title={t('documents.removeAllDialog.title')}
      cancel={t('documents.removeAllDialog.cancel')}
      confirm={t('documents.removeAllDialog.confirm')}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Box>{t('documents.removeAllDialog.text', { containerName })}</Box>
      <Box>{t('documents.removeAllDialog.warning')}</Box>
    </Dialog>
  );
}
