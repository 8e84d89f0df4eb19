import { lazy, Suspense, type ComponentType } from 'react';
import { PageSpinner } from '../../components/PageSpinner';
import containersJson from '../../../../shared/reference/document-containers.json';
import type { DocumentContainer } from '../../../../shared/schemas/reference';

/** A container of the upload step: the reference container, flagged when the form requires it. */
export type StepContainer = DocumentContainer & { required?: boolean };

export interface DocumentStepProps {
  applicationId: string;
  containers: StepContainer[];
  readOnly: boolean;
  /** The application's authority converts JPEG and PNG to PDF. */
  imagesEnabled?: boolean;
}

// The documents feature's upload step (features/documents/DocumentUploadStep.tsx), found at build
// time and loaded with the step; a build without it shows a spinner.
const modules = import.meta.glob<{ default: ComponentType<DocumentStepProps> }>(
  '../documents/DocumentUploadStep.tsx',
);
const load = modules['../documents/DocumentUploadStep.tsx'];
const DocumentUploadStep = load ? lazy(load) : undefined;

const referenceContainers = containersJson as DocumentContainer[];

/**
 * The ids of the containers the application needs: its required documents (GET
 * /user/applications/{id} `requiredDocuments`, from the form's reference data on the server), and
 * the form's `requiredDocumentContainers` when the jurisdiction serves them (GET
 * /public/jurisdictions/{id} leaves them out of its forms).
 */
export function requiredContainerIds(
  formContainers: readonly string[] | undefined,
  requiredDocuments: readonly { documentContainerId: string }[] | undefined,
): string[] {
  return [
    ...new Set([...(requiredDocuments ?? []).map((d) => d.documentContainerId), ...(formContainers ?? [])]),
  ];
}

/**
 * The form's required document containers (forms.json `requiredDocumentContainers`, ids) as the
 * reference containers, each flagged required, in display order. Unknown ids are left out.
 */
export function requiredContainers(ids: readonly string[] | undefined): StepContainer[] {
  const wanted = new Set(ids ?? []);
  return referenceContainers
    .filter((c) => wanted.has(c.id))
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((c) => ({ ...c, required: true }));
}

export default function DocumentStep(props: DocumentStepProps) {
  if (!DocumentUploadStep) return <PageSpinner />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <DocumentUploadStep {...props} />
    </Suspense>
  );
}
