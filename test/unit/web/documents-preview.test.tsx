// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ServiceError } from '../../../web/src/api/errors';
import { deferred, doc, documentsTestSetup, renderStep } from './documents-support';
import { api } from './documents-api-mock';

vi.mock('../../../web/src/api/documents', async () =>
  (await import('./documents-api-mock')).documentsModule(),
);
// pdf.js itself is the browser's (e2e): here its loader is a fake.
const openPdf = vi.fn();
vi.mock('../../../web/src/features/documents/pdf', () => ({ openPdf }));

const { default: DocumentUploadStep } =
  await import('../../../web/src/features/documents/DocumentUploadStep');

const setup = documentsTestSetup(api);
beforeEach(() => {
  openPdf.mockReset();
  api.list.mockResolvedValue([doc({ name: 'plan.pdf' }), doc({ name: 'photo.png', fileType: 'image/png' })]);
  api.downloadLink.mockResolvedValue({ presignedUrl: 'http://files/plan.pdf?sig', fileName: 'plan.pdf' });
});

async function preview(fileName: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${fileName}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Preview' }));
  return screen.findByRole('dialog');
}

describe('PDF preview (docs/documents.md)', () => {
  it('reads the download link, shows a loading state, then page 1 of N; pages and zoom by button and key', async () => {
    const opened = deferred<unknown>();
    openPdf.mockReturnValue(opened.promise);
    const render = vi.fn(async () => undefined);
    renderStep(setup.i18n, DocumentUploadStep);
    const dialog = await preview('plan.pdf');
    expect(within(dialog).getByText('Preview of plan.pdf')).toBeTruthy();
    expect(within(dialog).getByText('Loading preview')).toBeTruthy();
    await waitFor(() => expect(openPdf).toHaveBeenCalledWith('http://files/plan.pdf?sig'));
    expect(api.downloadLink).toHaveBeenCalledWith('1000001', 'plan.pdf', expect.anything());
    await act(async () => opened.resolve({ numPages: 3, render, close: vi.fn() }));

    expect(await within(dialog).findByText('Page 1 of 3')).toBeTruthy();
    expect(render).toHaveBeenLastCalledWith(1, expect.any(HTMLCanvasElement), 1);
    const previous = within(dialog).getByRole('button', { name: 'Previous page' });
    expect(previous.hasAttribute('disabled') || previous.getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(await within(dialog).findByText('Page 2 of 3')).toBeTruthy();
    expect(render).toHaveBeenLastCalledWith(2, expect.any(HTMLCanvasElement), 1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(await within(dialog).findByText('125%')).toBeTruthy();
    expect(render).toHaveBeenLastCalledWith(2, expect.any(HTMLCanvasElement), 1.25);

    const pages = within(dialog).getByRole('region', { name: 'Pages of plan.pdf' });
    fireEvent.keyDown(pages, { key: 'ArrowRight' });
    expect(await within(dialog).findByText('Page 3 of 3')).toBeTruthy();
    fireEvent.keyDown(pages, { key: '-' });
    expect(await within(dialog).findByText('100%')).toBeTruthy();
    fireEvent.keyDown(pages, { key: 'ArrowLeft' });
    expect(await within(dialog).findByText('Page 2 of 3')).toBeTruthy();

    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'Failed to preview application document' when the file cannot be opened", async () => {
    openPdf.mockRejectedValue(new Error('Invalid PDF structure'));
    renderStep(setup.i18n, DocumentUploadStep);
    const dialog = await preview('plan.pdf');
    expect(await within(dialog).findByText('Failed to preview application document')).toBeTruthy();
    expect(within(dialog).queryByText('Invalid PDF structure')).toBeNull();
  });

  it('says the same when the download link cannot be read, and does not load pdf.js', async () => {
    api.downloadLink.mockRejectedValue(new ServiceError('ServerError', 'boom', 500));
    renderStep(setup.i18n, DocumentUploadStep);
    const dialog = await preview('plan.pdf');
    expect(await within(dialog).findByText('Failed to preview application document')).toBeTruthy();
    expect(openPdf).not.toHaveBeenCalled();
  });

  it('offers Preview only on PDFs', async () => {
    renderStep(setup.i18n, DocumentUploadStep);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for photo.png' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).not.toContain('Preview');
    expect(items).toContain('Download');
  });
});
