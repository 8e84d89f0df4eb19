// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApplicationDocumentDto } from '../../../shared/schemas/documents';
import { documentMessages } from '../../../shared/schemas/documents';
import en from '../../../web/src/i18n/en.json';
import type { StepContainer } from '../../../web/src/features/documents/documents';
import { api } from './documents-api-mock';
import {
  chooseFiles,
  documentsTestSetup,
  pdfFile as aPdfFile,
  renderStep as renderDocumentStep,
} from './documents-support';

vi.mock('../../../web/src/api/documents', async () =>
  (await import('./documents-api-mock')).documentsModule(),
);

const { default: DocumentUploadStep } =
  await import('../../../web/src/features/documents/DocumentUploadStep');

const setup = documentsTestSetup(api);

const containers: StepContainer[] = [
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
    id: 'other',
    name: 'Other',
    displayName: 'Other documents',
    description: 'Anything else',
    displayOrder: 2,
    containerType: 'Standard',
  },
];

const base = {
  fileType: 'application/pdf',
  fileSize: 1_258_291,
  fileVersion: 1,
  createdDate: '2025-03-04T10:30:00.000Z',
  isMergedFile: false,
  hasExtractedData: false,
  order: 0,
  isEditable: true,
  isDeletable: true,
};
const doc = (over: Partial<ApplicationDocumentDto> & { name: string }): ApplicationDocumentDto => ({
  ...base,
  fileName: over.name,
  uploadStatus: 'Completed',
  documentContainerId: 'plans',
  ...over,
});

const renderStep = (readOnly = false) =>
  renderDocumentStep(setup.i18n, DocumentUploadStep, { containers, readOnly });

const pdfFile = (name: string, size: number) => aPdfFile(name, size, Date.UTC(2025, 2, 4));

describe('DocumentUploadStep', () => {
  it('shows each container with its cards: name, extension, size and status text', async () => {
    api.list.mockResolvedValue([
      doc({ name: 'site plan.pdf', fileModifiedDate: '2025-03-04T10:30:00.000Z' }),
      doc({ name: 'elevations.pdf', uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED', order: 1 }),
      doc({ name: 'floor.pdf', uploadStatus: 'Uploaded', order: 2 }),
      doc({
        name: 'old.pdf',
        uploadStatus: 'Error',
        errorCode: 'UPLOAD_LINK_EXPIRED',
        documentContainerId: 'other',
      }),
    ]);
    renderStep();
    const plans = await screen.findByRole('list', { name: 'Plans and drawings' });
    expect(screen.getByRole('heading', { name: /Plans and drawings/ })).toBeTruthy();
    expect(screen.getAllByText(en.documents.dropzone)).toHaveLength(2);
    expect(screen.getByText('Required')).toBeTruthy();

    const site = within(plans).getByRole('group', { name: 'site plan.pdf' });
    expect(within(site).getByText('site plan')).toBeTruthy();
    expect(within(site).getByText('PDF · 1.2 MB')).toBeTruthy();
    expect(within(site).getByText('04 Mar 2025')).toBeTruthy();
    expect(
      within(within(plans).getByRole('group', { name: 'elevations.pdf' })).getByText(
        'File is infected. You must replace the file.',
      ),
    ).toBeTruthy();
    expect(
      within(within(plans).getByRole('group', { name: 'floor.pdf' })).getByText('Scanning for viruses...'),
    ).toBeTruthy();
    const other = screen.getByRole('list', { name: 'Other documents' });
    expect(
      within(other).getByText('Failed to upload. Please try again. (Code: UPLOAD_LINK_EXPIRED)'),
    ).toBeTruthy();
  });

  it('refuses a too-large file in the browser with the exact message, and creates nothing', async () => {
    api.list.mockResolvedValue([]);
    renderStep();
    await screen.findAllByText(en.documents.empty);
    chooseFiles('Plans and drawings', [pdfFile('huge.pdf', 262_144_001), pdfFile('tiny.pdf', 100)]);
    const alert = await screen.findByText('Unable to upload file due to file constraints');
    expect(alert).toBeTruthy();
    const expected = 'File "huge.pdf" is too large, we only accept file size less than 250 MB.';
    expect(screen.getByText(expected)).toBeTruthy();
    expect(expected).toBe(documentMessages.tooLarge('huge.pdf'));
    // A too-small file says the minimum size.
    const tooSmall =
      'File "tiny.pdf" is not acceptable, we only accept file size of at least 6,000 bytes. Export the PDF again at a higher quality or scan it again, then upload the new file.';
    expect(screen.getByText(tooSmall)).toBeTruthy();
    expect(tooSmall).toBe(documentMessages.tooSmall('tiny.pdf'));
    expect(api.create).not.toHaveBeenCalled();
  });

  it('uploads a file: creates the record, PUTs it to the presigned URL, then shows the scan', async () => {
    api.list.mockResolvedValue([]);
    let finishPut: () => void = () => undefined;
    api.create.mockImplementation((_id: string, body: { name: string }) =>
      Promise.resolve({
        document: doc({ name: body.name, uploadStatus: 'Pending' }),
        presignedUrl: 'http://s3.local/put',
      }),
    );
    api.putFile.mockImplementation(
      (_url: string, _file: File, opts: { onProgress?: (f: number) => void }) =>
        new Promise<void>((resolve) => {
          opts.onProgress?.(0.5);
          finishPut = resolve;
        }),
    );
    renderStep();
    await screen.findAllByText(en.documents.empty);
    chooseFiles('Plans and drawings', [pdfFile('site.pdf', 8000)]);

    await waitFor(() => expect(api.putFile).toHaveBeenCalled());
    expect(api.create).toHaveBeenCalledWith(
      '1000001',
      {
        name: 'site.pdf',
        fileName: 'site.pdf',
        mimeType: 'application/pdf',
        size: 8000,
        containerId: 'plans',
        fileModifiedDate: '2025-03-04T00:00:00.000Z',
      },
      expect.anything(),
    );
    expect(api.putFile.mock.calls[0]![0]).toBe('http://s3.local/put');
    expect(api.putFile.mock.calls[0]![2]).toMatchObject({ contentType: 'application/pdf' });
    expect(await screen.findByText('Uploading...')).toBeTruthy();

    api.list.mockResolvedValue([doc({ name: 'site.pdf', uploadStatus: 'Pending' })]);
    finishPut();
    expect(await screen.findByText('Scanning for viruses...')).toBeTruthy();
  });

  it('removes a settled document after the confirmation dialog', async () => {
    api.list.mockResolvedValue([doc({ name: 'site plan.pdf' })]);
    api.remove.mockResolvedValue(undefined);
    renderStep();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for site plan.pdf' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove document from application')).toBeTruthy();
    expect(within(dialog).getByText('Remove document site plan.pdf from Plans and drawings?')).toBeTruthy();
    expect(within(dialog).getByText("This operation can't be undone.")).toBeTruthy();
    api.list.mockResolvedValue([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('1000001', 'site plan.pdf'));
    // Both containers empty once the list is read again (the other one was empty from the start).
    await waitFor(() => expect(screen.getAllByText(en.documents.empty)).toHaveLength(2));
  });

  it('read-only: no drop zone and no Remove, Download only', async () => {
    api.list.mockResolvedValue([doc({ name: 'site plan.pdf' })]);
    renderStep(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for site plan.pdf' }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Remove' })).toBeNull();
    expect(screen.queryByText(en.documents.dropzone)).toBeNull();
  });

  it('Remove shows only where the server says isDeletable (a document of another participant: Download only)', async () => {
    api.list.mockResolvedValue([
      doc({ name: 'mine.pdf' }),
      doc({ name: 'theirs.pdf', isDeletable: false, isEditable: false, order: 1 }),
    ]);
    renderStep();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for theirs.pdf' }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Remove' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for mine.pdf' }));
    expect(await screen.findByRole('menuitem', { name: 'Remove' })).toBeTruthy();
  });
});
