import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { documentsApi } from '../../api/documents';
import { openPdf, type PdfDocument } from './pdf';

/** Zoom steps of the viewer (1 = the page at its own size). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const START_ZOOM = 2; // index of 1

type State =
  { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; pdf: PdfDocument; page: number; zoom: number };

/**
 * The PDF preview (docs/documents-web.md): the document's download link read (GET
 * .../documents/{name}/download-link), the file opened by pdf.js (loaded now, a chunk of its own),
 * one page at a time with Previous / Next page and Zoom out / Zoom in (buttons, or the arrow keys,
 * + and - on the page), a loading state, and 'Failed to preview application document' on failure.
 */
export default function PdfPreview({
  applicationId,
  documentName,
  fileName,
  onClose,
}: {
  applicationId: string;
  documentName: string;
  fileName: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawing, setDrawing] = useState(false);

  useEffect(() => {
    let open: PdfDocument | undefined;
    let gone = false;
    const controller = new AbortController();
    void (async () => {
      try {
        const { presignedUrl } = await documentsApi.downloadLink(
          applicationId,
          documentName,
          controller.signal,
        );
        open = await openPdf(presignedUrl);
        if (gone) open.close();
        else setState({ kind: 'ready', pdf: open, page: 1, zoom: START_ZOOM });
      } catch {
        if (!gone) setState({ kind: 'error' });
      }
    })();
    return () => {
      gone = true;
      controller.abort();
      open?.close();
    };
  }, [applicationId, documentName]);

  const ready = state.kind === 'ready' ? state : undefined;
  useEffect(() => {
    if (!ready || !canvas.current) return;
    setDrawing(true);
    ready.pdf.render(ready.page, canvas.current, ZOOM_STEPS[ready.zoom]!).then(
      () => setDrawing(false),
      () => setState({ kind: 'error' }),
    );
  }, [ready]);

  const go = (delta: number) =>
    ready && setState({ ...ready, page: Math.min(ready.pdf.numPages, Math.max(1, ready.page + delta)) });
  const zoom = (delta: number) =>
    ready && setState({ ...ready, zoom: Math.min(ZOOM_STEPS.length - 1, Math.max(0, ready.zoom + delta)) });

  const onKeyDown = (e: KeyboardEvent) => {
    const action: Record<string, () => unknown> = {
      ArrowLeft: () => go(-1),
      PageUp: () => go(-1),
      ArrowRight: () => go(1),
      PageDown: () => go(1),
      '+': () => zoom(1),
      '=': () => zoom(1),
      '-': () => zoom(-1),
    };
    const run = action[e.key];
    if (run) {
      e.preventDefault();
      run();
    }
  };

  const pageText = ready
    ? t('documents.previewDialog.page', { page: ready.page, count: ready.pdf.numPages })
    : '';
  return (
    <Modal
      visible
      size="large"
      closeAriaLabel={t('documents.closeDialog')}
      onDismiss={onClose}
      header={t('documents.previewDialog.title', { fileName })}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>
            {t('documents.previewDialog.close')}
          </Button>
        </Box>
      }
    >
      {state.kind === 'loading' && (
        <StatusIndicator type="loading">{t('documents.previewDialog.loading')}</StatusIndicator>
      )}
      {state.kind === 'error' && <Alert type="error">{t('documents.previewDialog.failed')}</Alert>}
      {ready && (
        <SpaceBetween size="s">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Button
              iconName="angle-left"
              variant="icon"
              ariaLabel={t('documents.previewDialog.previous')}
              disabled={ready.page <= 1}
              onClick={() => go(-1)}
            />
            <Box>
              <span aria-live="polite">{pageText}</span>
            </Box>
            <Button
              iconName="angle-right"
              variant="icon"
              ariaLabel={t('documents.previewDialog.next')}
              disabled={ready.page >= ready.pdf.numPages}
              onClick={() => go(1)}
            />
            <Button
              iconName="zoom-out"
              variant="icon"
              ariaLabel={t('documents.previewDialog.zoomOut')}
              disabled={ready.zoom <= 0}
              onClick={() => zoom(-1)}
            />
            <Box>
              {t('documents.previewDialog.zoom', { percent: Math.round(ZOOM_STEPS[ready.zoom]! * 100) })}
            </Box>
            <Button
              iconName="zoom-in"
              variant="icon"
              ariaLabel={t('documents.previewDialog.zoomIn')}
              disabled={ready.zoom >= ZOOM_STEPS.length - 1}
              onClick={() => zoom(1)}
            />
            {drawing && (
              <StatusIndicator type="loading">{t('documents.previewDialog.drawing')}</StatusIndicator>
            )}
          </SpaceBetween>
          {/* The page scrolls when zoomed in, so it takes focus (axe scrollable-region-focusable) and
              the arrow, + and - keys while focused. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
          <div
            role="region"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            aria-label={t('documents.previewDialog.viewer', { fileName })}
            aria-describedby="pdf-preview-keys"
            onKeyDown={onKeyDown}
            style={{ overflow: 'auto', maxHeight: '70vh', border: '1px solid #e9ebed' }}
          >
            <canvas ref={canvas} aria-label={pageText} role="img" />
          </div>
          <Box variant="small" color="text-body-secondary">
            <span id="pdf-preview-keys">{t('documents.previewDialog.keys')}</span>
          </Box>
        </SpaceBetween>
      )}
    </Modal>
  );
}
