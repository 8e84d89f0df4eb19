import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ApplicationDocumentDto } from '../../../../shared/schemas/documents';
import { MenuButton, type MenuItem } from '../../components/plain/MenuButton';
import { cardStatus, formatFileSize, splitFileName, type UploadPhase } from './documents';

export interface DocumentCardProps {
  fileName: string;
  fileSize: number;
  doc: ApplicationDocumentDto | undefined;
  local: { phase: UploadPhase; progress: number; error?: string } | undefined;
  readOnly: boolean;
  onDownload: (() => void) | undefined;
  /** Shown when a preview is offered (the previews' viewer). */
  onPreview?: (() => void) | undefined;
  /** Moves the card one place up (-1) or down (+1); absent where it cannot move that way. */
  onMove?: { up?: () => void; down?: () => void } | undefined;
  onRemove: () => void;
  /** Withdraws the document (asks first); absent where not offered (canWithdrawDocument). */
  onWithdraw?: (() => void) | undefined;
  /** Opens the document's tags (and type) dialog, under the menu item `text`. */
  onLabels?: { text: string; open: () => void } | undefined;
  /** The document's tags, shown under its status. */
  labels?: ReactNode;
  /** The sortable list's drag handle, before the name. */
  dragHandle?: ReactNode;
}

/**
 * A document card (docs/documents-web.md): file name, extension, size and the status text (Queued,
 * Uploading..., Scanning for viruses..., the error message, or the modified date), with its menu.
 */
export default function DocumentCard({
  fileName,
  fileSize,
  doc,
  local,
  readOnly,
  onDownload,
  onPreview,
  onMove,
  onRemove,
  onWithdraw,
  onLabels,
  labels,
  dragHandle,
}: DocumentCardProps) {
  const { t } = useTranslation();
  const status = cardStatus(t, doc, local);
  const { base, extension } = splitFileName(fileName);
  const inFlight = local?.phase === 'queued' || local?.phase === 'uploading';

  const withdrawn = doc?.status?.toLowerCase() === 'withdrawn';
  const statusView = withdrawn ? (
    <StatusIndicator type="stopped">{t('documents.withdrawnStatus')}</StatusIndicator>
  ) : status.kind === 'error' ? (
    <StatusIndicator type="error">{status.text}</StatusIndicator>
  ) : status.kind === 'done' ? (
    <Box variant="small" color="text-body-secondary">
      {status.text}
    </Box>
  ) : status.kind === 'queued' ? (
    <StatusIndicator type="pending">{status.text}</StatusIndicator>
  ) : (
    <StatusIndicator type="in-progress">{status.text}</StatusIndicator>
  );

  const completed = doc?.uploadStatus === 'Completed';
  const items: MenuItem[] = [
    ...(completed && onPreview ? [{ id: 'preview', text: t('documents.preview') }] : []),
    ...(completed && onDownload ? [{ id: 'download', text: t('documents.download') }] : []),
    ...(!readOnly && onLabels ? [{ id: 'labels', text: onLabels.text }] : []),
    ...(!readOnly && onMove?.up ? [{ id: 'up', text: t('documents.moveUp') }] : []),
    ...(!readOnly && onMove?.down ? [{ id: 'down', text: t('documents.moveDown') }] : []),
    ...(!readOnly && onWithdraw ? [{ id: 'withdraw', text: t('documents.withdraw') }] : []),
    // Remove only where the server says the caller may (isDeletable: the uploader or a Manage
    // participant); a file not yet recorded is the caller's own upload.
    ...(readOnly || (doc && !doc.isDeletable) ? [] : [{ id: 'remove', text: t('documents.remove') }]),
  ];
  const actions: Record<string, (() => void) | undefined> = {
    preview: onPreview,
    download: onDownload,
    up: onMove?.up,
    down: onMove?.down,
    remove: onRemove,
    withdraw: onWithdraw,
    labels: onLabels?.open,
  };

  return (
    <Box padding="s" variant="div">
      <div
        aria-label={fileName}
        role="group"
        style={{
          display: 'flex',
          gap: 12,
          alignItems: 'center',
          justifyContent: 'space-between',
          border: '1px solid var(--color-border-divider-default-cg1rbk, #e9ebed)',
          borderRadius: 8,
          padding: 8,
        }}
      >
        {dragHandle}
        <div style={{ flex: 1 }}>
          <SpaceBetween size="xxs">
            <Box fontWeight="bold">{base}</Box>
            <Box variant="small" color="text-body-secondary">
              {extension ? `${extension} · ` : ''}
              {formatFileSize(fileSize)}
            </Box>
            {statusView}
            {local?.phase === 'uploading' && (
              <ProgressBar value={local.progress} ariaLabel={t('documents.progress', { fileName })} />
            )}
            {labels}
          </SpaceBetween>
        </div>
        {inFlight && !readOnly ? (
          <Button
            variant="icon"
            iconName="close"
            ariaLabel={t('documents.cancelUpload', { fileName })}
            onClick={onRemove}
          />
        ) : (
          items.length > 0 && (
            <MenuButton
              variant="icon"
              ariaLabel={t('documents.actions', { fileName })}
              items={items}
              onItemClick={(id) => actions[id]?.()}
            />
          )
        )}
      </div>
    </Box>
  );
}
