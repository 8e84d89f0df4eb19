import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Spinner from '@cloudscape-design/components/spinner';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ApplicationDocumentDto } from '../../../../shared/schemas/documents';
import { isExtracting } from '../../../../shared/domain/documents';

/** How long the extraction's success notice stays (the spec does not give the duration). */
export const EXTRACTION_NOTICE_MS = 10_000;

/**
 * The processing banner of a container (docs/documents-web.md): 'Analysing Document' while the title
 * extraction runs for its documents; when it ends with extracted data, the notice that information
 * was extracted and should be reviewed, for EXTRACTION_NOTICE_MS, then cleared and `onExtracted`
 * called (the participants and the application are read again). A document the extraction could not
 * read (a scan without text) says so.
 */
export default function ExtractionBanner({
  documents,
  onExtracted,
  now = () => new Date(),
}: {
  documents: readonly ApplicationDocumentDto[];
  onExtracted(): void;
  now?: () => Date;
}) {
  const { t } = useTranslation();
  const running = documents.filter((d) => isExtracting(d, now())).map((d) => d.name);
  // Documents this banner has seen running or without extracted data: one of them showing data
  // (and no longer running) is an extraction that ended here, even one that started and ended
  // between two polls.
  const pending = useRef<Set<string>>(new Set());
  const [notice, setNotice] = useState(false);
  const extractedKey = documents
    .filter((d) => d.hasExtractedData)
    .map((d) => d.name)
    .join('\n');
  const runningKey = running.join('\n');

  useEffect(() => {
    const ended = documents.filter(
      (d) => d.hasExtractedData && !running.includes(d.name) && pending.current.has(d.name),
    );
    for (const d of documents)
      if (running.includes(d.name) || !d.hasExtractedData) pending.current.add(d.name);
      else pending.current.delete(d.name);
    if (ended.length === 0) return;
    setNotice(true);
    const timer = setTimeout(() => {
      setNotice(false);
      onExtracted();
    }, EXTRACTION_NOTICE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the running or extracted set changes
  }, [runningKey, extractedKey]);

  const unreadable = documents.filter((d) => d.extractionNote === 'NoText');
  if (running.length === 0 && !notice && unreadable.length === 0) return null;
  return (
    <SpaceBetween size="xs">
      {running.length > 0 && (
        <Alert type="info" statusIconAriaLabel={t('documents.extraction.info')}>
          <SpaceBetween direction="horizontal" size="xs">
            <Spinner />
            <span role="status">{t('documents.extraction.analysing')}</span>
          </SpaceBetween>
        </Alert>
      )}
      {notice && running.length === 0 && (
        <Alert type="success" statusIconAriaLabel={t('documents.extraction.success')}>
          <span role="status">{t('documents.extraction.extracted')}</span>
        </Alert>
      )}
      {unreadable.map((d) => (
        <Alert key={d.name} type="info" statusIconAriaLabel={t('documents.extraction.info')}>
          {t('documents.extraction.noText', { fileName: d.fileName })}
        </Alert>
      ))}
    </SpaceBetween>
  );
}
