import { lazy, Suspense, type ComponentType } from 'react';
import { PageSpinner } from '../../components/PageSpinner';
import type { FormDocumentContainer } from './queries';

/** What the documents feature's upload step takes (features/documents/DocumentUploadStep.tsx). */
export interface DocumentUploadStepProps {
  applicationId: string;
  containers: (FormDocumentContainer & { required: boolean })[];
  readOnly: boolean;
}

type UploadModule = {
  default?: ComponentType<DocumentUploadStepProps>;
  DocumentUploadStep?: ComponentType<DocumentUploadStepProps>;
};

// Found at build time when the documents feature has it; until then the step shows a spinner.
const modules = import.meta.glob<UploadModule>('../documents/DocumentUploadStep.tsx');
const load = modules['../documents/DocumentUploadStep.tsx'];
const Upload = load
  ? lazy(async () => {
      const m = await load();
      const component = m.default ?? m.DocumentUploadStep;
      if (!component) throw new Error('DocumentUploadStep has no component export');
      return { default: component };
    })
  : undefined;

/** Containers of the form, each flagged required (a string entry names a container id). */
export function requiredContainers(list: readonly (FormDocumentContainer | string)[] | undefined) {
  return (list ?? []).map((c) =>
    typeof c === 'string' ? { id: c, required: true } : { ...c, required: true },
  );
}

export default function DocumentStep(props: DocumentUploadStepProps) {
  if (!Upload) return <PageSpinner />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Upload {...props} />
    </Suspense>
  );
}
