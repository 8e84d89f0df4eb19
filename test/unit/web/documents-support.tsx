import { afterEach, beforeAll, beforeEach, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { initI18n } from '../../../web/src/i18n';
import type { ApplicationDocumentDto } from '../../../shared/schemas/documents';
import { ToastProvider } from '../../../web/src/components/toasts';
import type { DocumentUploadStepProps } from '../../../web/src/features/documents/DocumentUploadStep';
import type { StepContainer } from '../../../web/src/features/documents/documents';

/**
 * Shared setup and fixtures of the documents unit tests (test/unit/web/documents-*.test.tsx). The
 * API is faked by ./documents-api-mock.ts; its `vi.mock` line stays in each file (vi.mock is hoisted
 * per file).
 */

/**
 * The lifecycle every documents test file shares: i18n loaded once (`setup.i18n`), the given mocks
 * reset before each test, the DOM cleaned up and real timers restored after each.
 */
export function documentsTestSetup(mocks: Record<string, Mock> = {}) {
  const setup = {} as { i18n: I18n };
  beforeAll(async () => {
    setup.i18n = await initI18n();
  });
  beforeEach(() => {
    for (const fn of Object.values(mocks)) fn.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  return setup;
}

/**
 * Renders `ui` inside the providers the documents components need: i18n, a fresh query client
 * without retries (returned), the toasts. `rerender` keeps them.
 */
export function renderWithProviders(i18n: I18n, ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { ...render(ui, { wrapper }), client };
}
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
  return renderWithProviders(i18n, <Step applicationId="1000001" containers={containers} {...props} />);
}

/** api.create as the server answers it: the document Pending, with a presigned URL named after it. */
export const createsPending = (_id: string, body: { name: string }) =>
  Promise.resolve({
    document: doc({ name: body.name, uploadStatus: 'Pending' }),
    presignedUrl: `put:${body.name}`,
  });

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
