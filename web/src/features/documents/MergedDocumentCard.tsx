import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ApplicationDocumentDto } from '../../../../shared/schemas/documents';
import DocumentCard from './DocumentCard';

/**
 * The merged container card (docs/documents-web.md "A merged container card offers Remove and
 * expand/collapse"): the container's merged file (isMergedFile) as a document card, with Download
 * and Remove in its menu, and a toggle that shows or hides the documents it was merged from
 * (`children`), collapsed at first.
 */
export default function MergedDocumentCard({
  doc,
  partCount,
  readOnly,
  onDownload,
  onRemove,
  children,
}: {
  doc: ApplicationDocumentDto;
  partCount: number;
  readOnly: boolean;
  onDownload: () => void;
  onRemove: () => void;
  /** The documents merged into it, shown when expanded. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const partsId = useId();
  return (
    <SpaceBetween size="xs">
      <DocumentCard
        fileName={doc.fileName}
        fileSize={doc.fileSize}
        doc={doc}
        local={undefined}
        readOnly={readOnly}
        onDownload={onDownload}
        onRemove={onRemove}
      />
      {partCount > 0 && (
        <Button
          variant="inline-link"
          iconName={expanded ? 'caret-down-filled' : 'caret-right-filled'}
          ariaExpanded={expanded}
          ariaControls={partsId}
          onClick={() => setExpanded((e) => !e)}
        >
          {t(expanded ? 'documents.merged.collapse' : 'documents.merged.expand', { count: partCount })}
        </Button>
      )}
      <div id={partsId} hidden={!expanded}>
        {expanded && children}
      </div>
    </SpaceBetween>
  );
}
