// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ServiceError } from '../../../web/src/api/errors';
import {
  chooseFiles,
  createsPending,
  deferred,
  doc,
  documentsTestSetup,
  pdfFile,
  renderStep,
} from './documents-support';
import { api } from './documents-api-mock';

vi.mock('../../../web/src/api/documents', async () =>
  (await import('./documents-api-mock')).documentsModule(),
);

const { default: DocumentUploadStep } =
  await import('../../../web/src/features/documents/DocumentUploadStep');

const setup = documentsTestSetup(api);
beforeEach(() => {
  api.remove.mockResolvedValue(undefined);
  api.create.mockImplementation(createsPending);
});

const card = (name: string) => screen.getByRole('group', { name });
const step = () => renderStep(setup.i18n, DocumentUploadStep);

describe('the upload queue (docs/documents.md)', () => {
  it('uploads one file at a time: Queued, then Uploading... with progress, then Scanning for viruses..., then the date', async () => {
    api.list.mockResolvedValue([]);
    const puts: Record<string, ReturnType<typeof deferred<undefined>>> = {};
    api.putFile.mockImplementation((url: string, _f: File, opts: { onProgress?: (f: number) => void }) => {
      opts.onProgress?.(0.4);
      puts[url] = deferred<undefined>();
      return puts[url].promise;
    });
    step();
    await screen.findAllByText('No documents uploaded yet.');
    chooseFiles('Plans and drawings', [pdfFile('a.pdf'), pdfFile('b.pdf'), pdfFile('c.pdf')]);

    await waitFor(() => expect(api.putFile).toHaveBeenCalledTimes(1));
    expect(within(card('a.pdf')).getByText('Uploading...')).toBeTruthy();
    const progress = within(card('a.pdf')).getByRole('progressbar', { name: 'Upload progress of a.pdf' });
    expect((progress as HTMLProgressElement).value).toBe(40);
    expect(within(card('a.pdf')).getByText('40%')).toBeTruthy();
    expect(within(card('b.pdf')).getByText('Queued')).toBeTruthy();
    expect(within(card('c.pdf')).getByText('Queued')).toBeTruthy();
    expect(api.create).toHaveBeenCalledTimes(1);

    api.list.mockResolvedValue([doc({ name: 'a.pdf', uploadStatus: 'Uploaded' })]);
    await act(async () => puts['put:a.pdf']!.resolve(undefined));
    await waitFor(() => expect(api.putFile).toHaveBeenCalledTimes(2));
    expect(within(card('a.pdf')).getByText('Scanning for viruses...')).toBeTruthy();
    expect(within(card('b.pdf')).getByText('Uploading...')).toBeTruthy();
    expect(within(card('c.pdf')).getByText('Queued')).toBeTruthy();

    api.list.mockResolvedValue([
      doc({ name: 'a.pdf', fileModifiedDate: '2025-03-04T10:30:00.000Z' }),
      doc({ name: 'b.pdf', uploadStatus: 'Uploaded', order: 1 }),
    ]);
    await act(async () => puts['put:b.pdf']!.resolve(undefined));
    await waitFor(() => expect(within(card('a.pdf')).getByText('04 Mar 2025')).toBeTruthy());
    expect(within(card('c.pdf')).getByText('Uploading...')).toBeTruthy();
  });

  it('a failure shows its message on the card and the toast; a refused record shows the server message', async () => {
    const LOCKED =
      'Application is currently locked from further changes: the council is checking it. You can add documents again if the council asks for more information.';
    api.list.mockResolvedValue([]);
    api.putFile.mockRejectedValue(new Error('network'));
    api.create.mockImplementation((_id: string, body: { name: string }) =>
      body.name === 'refused.pdf'
        ? Promise.reject(new ServiceError('ClientError', 'Max file numbers is 50 per container', 400))
        : body.name === 'locked.pdf'
          ? Promise.reject(new ServiceError('ClientError', LOCKED, 403))
          : Promise.resolve({
              document: doc({ name: body.name, uploadStatus: 'Pending' }),
              presignedUrl: 'put',
            }),
    );
    step();
    await screen.findAllByText('No documents uploaded yet.');
    chooseFiles('Plans and drawings', [pdfFile('lost.pdf'), pdfFile('refused.pdf'), pdfFile('locked.pdf')]);
    await waitFor(() => expect(within(card('lost.pdf')).getByText('Upload failed')).toBeTruthy());
    expect(await screen.findAllByText('Upload file failed')).not.toHaveLength(0);
    await waitFor(() =>
      expect(within(card('refused.pdf')).getByText('Max file numbers is 50 per container')).toBeTruthy(),
    );
    // A 403 says why (docs/documents.md), not only "Upload failed".
    await waitFor(() => expect(within(card('locked.pdf')).getByText(LOCKED)).toBeTruthy());
  });

  it('shows a listed error with its code message, and a Pending document not in the queue as failed', async () => {
    api.list.mockResolvedValue([
      doc({ name: 'locked.pdf', uploadStatus: 'Error', errorCode: 'INVALID_PDF_PASSWORD_PROTECTED' }),
      doc({ name: 'stalled.pdf', uploadStatus: 'Pending', order: 1 }),
    ]);
    step();
    await screen.findByRole('group', { name: 'locked.pdf' });
    expect(within(card('locked.pdf')).getByText('Password-protected files are not allowed.')).toBeTruthy();
    expect(
      within(card('stalled.pdf')).getByText('Failed to upload. Please try again. (Code: FAIL_TO_UPLOAD)'),
    ).toBeTruthy();
  });

  it('cancels a queued item and an active upload at once: the record is deleted, no dialog', async () => {
    api.list.mockResolvedValue([]);
    let signal: AbortSignal | undefined;
    api.putFile.mockImplementation(
      (_u: string, _f: File, opts: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          signal = opts.signal;
          opts.signal.addEventListener('abort', () => reject(new DOMException('x', 'AbortError')));
        }),
    );
    step();
    await screen.findAllByText('No documents uploaded yet.');
    chooseFiles('Plans and drawings', [pdfFile('a.pdf'), pdfFile('b.pdf')]);
    await waitFor(() => expect(api.putFile).toHaveBeenCalledTimes(1));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of b.pdf' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'b.pdf' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of a.pdf' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('1000001', 'a.pdf'));
    expect(signal?.aborted).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.create).toHaveBeenCalledTimes(1);
  });

  it('removes an unsettled listed document at once, without the dialog', async () => {
    api.list.mockResolvedValue([doc({ name: 'scanning.pdf', uploadStatus: 'Uploaded' })]);
    step();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for scanning.pdf' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('1000001', 'scanning.pdf'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Remove failed' removes the container's failed and stalled documents, and only those", async () => {
    api.list.mockResolvedValue([
      doc({ name: 'good.pdf' }),
      doc({ name: 'infected.pdf', uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED', order: 1 }),
      doc({ name: 'stalled.pdf', uploadStatus: 'Pending', order: 2 }),
    ]);
    step();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove failed documents in Plans and drawings' }),
    );
    await waitFor(() => expect(api.remove).toHaveBeenCalledTimes(2));
    expect(api.remove.mock.calls.map((c) => c[1]).sort()).toEqual(['infected.pdf', 'stalled.pdf']);
    expect(screen.queryByRole('dialog')).toBeNull();
    // No failed document in the other container: no button there.
    expect(
      screen.queryByRole('button', { name: 'Remove failed documents in Proof of ownership' }),
    ).toBeNull();
  });
});

describe('an upload of this page that fails its scan', () => {
  it("shows the code's message, and 'Remove failed' clears its card", async () => {
    api.list.mockResolvedValue([]);
    api.putFile.mockResolvedValue(undefined);
    step();
    await screen.findAllByText('No documents uploaded yet.');
    api.list.mockResolvedValue([
      doc({ name: 'infected.pdf', uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED' }),
    ]);
    chooseFiles('Plans and drawings', [pdfFile('infected.pdf')]);
    await waitFor(() =>
      expect(
        within(card('infected.pdf')).getByText('File is infected. You must replace the file.'),
      ).toBeTruthy(),
    );
    api.list.mockResolvedValue([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove failed documents in Plans and drawings' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('1000001', 'infected.pdf'));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'infected.pdf' })).toBeNull());
  });
});

describe('duplicates and replacements (docs/documents.md)', () => {
  it("holds a duplicate name, and on 'Rename' adds it as name_1.ext; Cancel adds nothing", async () => {
    api.list.mockResolvedValue([doc({ name: 'site.pdf' }), doc({ name: 'site_1.pdf', order: 1 })]);
    api.putFile.mockResolvedValue(undefined);
    step();
    await screen.findByRole('group', { name: 'site.pdf' });

    chooseFiles('Plans and drawings', [pdfFile('site.pdf')]);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Rename files with the same name')).toBeTruthy();
    expect(within(dialog).getByText('site.pdf as site_2.pdf')).toBeTruthy();
    // Every button of the dialog has a name (axe: button-name), its close button too.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.create).not.toHaveBeenCalled();

    chooseFiles('Plans and drawings', [pdfFile('site.pdf')]);
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create.mock.calls[0]![1]).toMatchObject({ name: 'site_2.pdf', fileName: 'site_2.pdf' });
  });

  it('replaces an existing failed document of the same name: removed, then uploaded again, no dialog', async () => {
    api.list.mockResolvedValue([
      doc({ name: 'title.pdf', uploadStatus: 'Error', errorCode: 'FILE_IS_CORRUPT' }),
    ]);
    api.putFile.mockResolvedValue(undefined);
    step();
    await screen.findByRole('group', { name: 'title.pdf' });
    chooseFiles('Plans and drawings', [pdfFile('title.pdf')]);
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.remove).toHaveBeenCalledWith('1000001', 'title.pdf');
    expect(api.remove.mock.invocationCallOrder[0]).toBeLessThan(api.create.mock.invocationCallOrder[0]!);
    expect(api.create.mock.calls[0]![1]).toMatchObject({ name: 'title.pdf' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('expired files (docs/documents.md)', () => {
  const old = () => pdfFile('title.pdf', 8000, Date.now() - 120 * 24 * 3600 * 1000);

  it('holds a proof-of-ownership file last modified more than 3 months ago; Remove adds nothing', async () => {
    api.list.mockResolvedValue([]);
    step();
    await screen.findAllByText('No documents uploaded yet.');
    chooseFiles('Proof of ownership', [old()]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Files older than 3 months')).toBeTruthy();
    expect(within(dialog).getByText(/^title\.pdf, last modified \d{2} [A-Z][a-z]{2} \d{4}$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.create).not.toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: 'title.pdf' })).toBeNull();
  });

  it('Keep adds it to the queue', async () => {
    api.list.mockResolvedValue([]);
    api.putFile.mockResolvedValue(undefined);
    step();
    await screen.findAllByText('No documents uploaded yet.');
    chooseFiles('Proof of ownership', [old()]);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create.mock.calls[0]![1]).toMatchObject({
      name: 'title.pdf',
      containerId: 'proof-of-ownership',
    });
  });

  it('an old file in another container is uploaded without asking', async () => {
    api.list.mockResolvedValue([]);
    api.putFile.mockResolvedValue(undefined);
    step();
    await screen.findAllByText('No documents uploaded yet.');
    chooseFiles('Plans and drawings', [old()]);
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('polling (docs/documents.md)', () => {
  it('re-reads the documents every 5000 ms while any is unsettled, and stops once all are settled', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: false,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    api.list.mockResolvedValue([doc({ name: 'a.pdf', uploadStatus: 'Uploaded' })]);
    step();
    await vi.waitFor(() => expect(api.list).toHaveBeenCalledTimes(1));
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(api.list).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(api.list).toHaveBeenCalledTimes(2);

    api.list.mockResolvedValue([doc({ name: 'a.pdf' })]);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(api.list).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(api.list).toHaveBeenCalledTimes(3);
  });

  it('does not poll when every document is settled', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: false,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    api.list.mockResolvedValue([
      doc({ name: 'a.pdf' }),
      doc({ name: 'b.pdf', uploadStatus: 'Error', order: 1 }),
    ]);
    step();
    await vi.waitFor(() => expect(api.list).toHaveBeenCalledTimes(1));
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(api.list).toHaveBeenCalledTimes(1);
  });
});
