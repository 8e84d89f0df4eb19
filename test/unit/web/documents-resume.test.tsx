// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ServiceError } from '../../../web/src/api/errors';
import {
  chooseFiles,
  createsPending,
  doc,
  documentsTestSetup,
  pdfFile,
  renderStep,
} from './documents-support';
import { api } from './documents-api-mock';

/**
 * The same file chosen again for a document whose upload in parts stopped (docs/documents.md
 * "Large files"): its stored parts are kept unless the server says the upload is gone.
 */
const uploadInParts = vi.fn();
vi.mock('../../../web/src/api/documents', async () =>
  (await import('./documents-api-mock')).documentsModule(),
);
vi.mock('../../../web/src/features/documents/multipartUpload', () => ({ uploadInParts }));

const { default: DocumentUploadStep } =
  await import('../../../web/src/features/documents/DocumentUploadStep');

const setup = documentsTestSetup({ ...api, uploadInParts });
const MiB = 1024 * 1024;
const MODIFIED = '2026-11-30T06:00:00.000Z';
const NAME = 'plans.pdf';
const stalled = doc({
  name: NAME,
  uploadStatus: 'Uploading',
  fileSize: 55 * MiB,
  fileModifiedDate: MODIFIED,
});
const sameFile = () => pdfFile(NAME, 55 * MiB, Date.parse(MODIFIED));
const open = { uploadId: 'u-1', partSize: 10 * MiB, partCount: 6, parts: [] };

beforeEach(() => {
  api.list.mockResolvedValue([stalled]);
  api.remove.mockResolvedValue(undefined);
  api.create.mockImplementation(createsPending);
  api.startMultipart.mockResolvedValue({ ...open, uploadId: 'u-2' });
  uploadInParts.mockResolvedValue(undefined);
});

const card = () => screen.getByRole('group', { name: NAME });

describe('resuming an upload in parts', () => {
  it('continues the open upload: nothing deleted or created, the parts sent on the same uploadId', async () => {
    api.currentMultipart.mockResolvedValue(open);
    renderStep(setup.i18n, DocumentUploadStep);
    await waitFor(() =>
      expect(within(card()).getByText(/^Failed to upload. Please try again./)).toBeTruthy(),
    );
    chooseFiles('Plans and drawings', [sameFile()]);
    await waitFor(() => expect(uploadInParts).toHaveBeenCalledTimes(1));
    expect(uploadInParts.mock.calls[0]![0]).toMatchObject({ documentName: NAME, upload: open });
    expect(api.remove).not.toHaveBeenCalled();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('starts afresh when the server says the upload is gone (404)', async () => {
    api.currentMultipart.mockRejectedValue(
      new ServiceError('ResourceNotFound', 'No upload in parts of this document', 404),
    );
    renderStep(setup.i18n, DocumentUploadStep);
    await waitFor(() =>
      expect(within(card()).getByText(/^Failed to upload. Please try again./)).toBeTruthy(),
    );
    chooseFiles('Plans and drawings', [sameFile()]);
    await waitFor(() => expect(uploadInParts).toHaveBeenCalledTimes(1));
    expect(api.remove).toHaveBeenCalledWith('1000001', NAME);
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(uploadInParts.mock.calls[0]![0]).toMatchObject({ upload: { uploadId: 'u-2' } });
  });

  it('a server or network failure on the way fails the item and keeps the stored parts (nothing deleted)', async () => {
    api.currentMultipart.mockRejectedValue(new ServiceError('ServerError', 'Error', 503));
    renderStep(setup.i18n, DocumentUploadStep);
    await waitFor(() =>
      expect(within(card()).getByText(/^Failed to upload. Please try again./)).toBeTruthy(),
    );
    chooseFiles('Plans and drawings', [sameFile()]);
    await waitFor(() => expect(within(card()).getByText('Upload failed')).toBeTruthy());
    expect(api.remove).not.toHaveBeenCalled();
    expect(api.create).not.toHaveBeenCalled();
    expect(uploadInParts).not.toHaveBeenCalled();
  });
});
