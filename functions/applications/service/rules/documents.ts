import { isOwnershipDocumentExpired } from '../../../../shared/domain/applications.js';
import { result, stepOfType } from './types.js';
import type { Rule, RuleDocument } from './types.js';

export const REQUIRED_DOCUMENT_MESSAGE = 'Upload at least one document to {container}';
export const OWNERSHIP_EXPIRED_MESSAGE =
  'Proof of ownership is older than 3 months. Upload a current record of title.';
export const OWNERSHIP_CONTAINER_ID = 'proof-of-ownership';

/**
 * Required documents: each of the form's `requiredDocumentContainers` without a Completed document
 * → Error 'Upload at least one document to {container}' on the DocumentUpload step.
 */
export const requiredDocuments: Rule = (input) => {
  const stepId = stepOfType(input, 'DocumentUpload')?.id;
  const completed = new Set(
    input.documents.filter((d) => d.uploadStatus === 'Completed').map((d) => d.documentContainerId),
  );
  return (input.reference.form.requiredDocumentContainers ?? [])
    .filter((id) => !completed.has(id))
    .map((id) => {
      const container = input.reference.documentContainers.find((c) => c.id === id);
      return result(input, {
        ruleId: `document-container-required:${id}`,
        ruleType: 'DocumentContainer',
        severity: 'Error',
        message: REQUIRED_DOCUMENT_MESSAGE,
        messageParams: { container: container?.displayName ?? id },
        stepId,
      });
    });
};

/** When the file was last modified: fileModifiedDate, else when the record was created. */
export function documentDate(d: RuleDocument): Date | undefined {
  const raw = d.fileModifiedDate ?? d.createdAt;
  if (raw === undefined) return undefined;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Proof of ownership not older than 3 months (portal-core §5): each proof-of-ownership document
 * (not failed) whose file was last modified more than 3 months ago → Error on the DocumentUpload step.
 */
export const ownershipDocumentExpiry: Rule = (input) => {
  const stepId = stepOfType(input, 'DocumentUpload')?.id;
  return input.documents
    .filter((d) => d.documentContainerId === OWNERSHIP_CONTAINER_ID && d.uploadStatus !== 'Error')
    .filter((d) => {
      const date = documentDate(d);
      return date !== undefined && isOwnershipDocumentExpired(date, input.now);
    })
    .map((d) =>
      result(input, {
        ruleId: `document-expired:${d.documentName}`,
        ruleType: 'DocumentExpiry',
        severity: 'Error',
        message: OWNERSHIP_EXPIRED_MESSAGE,
        messageParams: { document: d.fileName ?? d.documentName },
        stepId,
      }),
    );
};
