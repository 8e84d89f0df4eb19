import { fireEvent, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import type { ApplicationDocumentDto } from '../../../shared/schemas/documents';
import { ToastProvider } from '../../../web/src/components/toasts';
import type { DocumentUploadStepProps } from '../../../web/src/features/documents/DocumentUploadStep';
import type { StepContainer } from '../../../web/src/features/documents/documents';

/** Shared fixtures of the document step's tests (the API is mocked in each file). */
export const containers: StepContainer[] = [
  {
    id: 'plans',
    name: 'Plans',
    displayName: 'Plans and drawings',
    description: 'Site, floor and elevation plans',
    displayOrder: 1,
    containerType: 'Standard',
    required: true,
  },
  {
    id: 'proof-of-ownership',
    name: 'ProofOfOwnership',
    displayName: 'Proof of ownership',
    description: 'A current record of title',
    displayOrder: 2,
    containerType: 'Standard',
  },
];

export const doc = (over: Partial<ApplicationDocumentDto> & { name: string }): ApplicationDocumentDto => ({
  fileName: over.name,
  fileType: 'application/pdf',
  fileSize: 8000,
  fileVersion: 1,
  createdDate: '2025-03-04T10:30:00.000Z',
  fileModifiedDate: '2025-03-04T10:30:00.000Z',
  isMergedFile: false,
  hasExtractedData: false,
  order: 0,
  isEditable: true,
  isDeletable: true,
  uploadStatus: 'Completed',
  documentContainerId: 'plans',
  ...over,
});

export const pdfFile = (name: string, size = 8000, lastModified = Date.now()) => {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf', lastModified });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

export function chooseFiles(containerName: string, files: File[]) {
  const input = document.querySelector(`input[type="file"][aria-label="Choose files for ${containerName}"]`);
  if (!input) throw new Error(`no file input for ${containerName}`);
  fireEvent.change(input, { target: { files } });
}

export function renderStep(
  i18n: I18n,
  Step: ComponentType<DocumentUploadStepProps>,
  props: Partial<DocumentUploadStepProps> = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <Step applicationId="1000001" containers={containers} {...props} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, client };
}

/** A promise and its resolve/reject, to hold an API call open. */
export function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
