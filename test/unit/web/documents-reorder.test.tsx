// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ServiceError } from '../../../web/src/api/errors';
import { ReorderDocumentsRequest } from '../../../shared/schemas/documents';
import { deferred, doc, documentsTestSetup, renderStep } from './documents-support';
import { api } from './documents-api-mock';

vi.mock('../../../web/src/api/documents', async () =>
  (await import('./documents-api-mock')).documentsModule(),
);

const { default: DocumentUploadStep } =
  await import('../../../web/src/features/documents/DocumentUploadStep');

const setup = documentsTestSetup(api);

const listed = [
  doc({ name: 'a.pdf', order: 0 }),
  doc({ name: 'b.pdf', order: 1 }),
  doc({ name: 'c.pdf', order: 2 }),
];
const names = () =>
  within(screen.getByRole('list', { name: 'Plans and drawings' }))
    .getAllByRole('group')
    .map((g) => g.getAttribute('aria-label'));

async function moveDown(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Move down' }));
}

describe('reorder (docs/documents.md)', () => {
  it('moves a document at once and sends the container order to PATCH .../documents/order', async () => {
    api.list.mockResolvedValue(listed);
    const call = deferred();
    api.reorder.mockReturnValue(call.promise);
    renderStep(setup.i18n, DocumentUploadStep);
    await screen.findByRole('group', { name: 'a.pdf' });
    await moveDown('a.pdf');
    // Optimistic: the new order shows before the server answers.
    await waitFor(() => expect(names()).toEqual(['b.pdf', 'a.pdf', 'c.pdf']));
    expect(api.reorder).toHaveBeenCalledWith('1000001', 'plans', { documents: ['b.pdf', 'a.pdf', 'c.pdf'] });
    expect(ReorderDocumentsRequest.safeParse(api.reorder.mock.calls[0]![2]).success).toBe(true);
    api.list.mockResolvedValue([
      doc({ name: 'b.pdf', order: 0 }),
      doc({ name: 'a.pdf', order: 1 }),
      doc({ name: 'c.pdf', order: 2 }),
    ]);
    await act(async () => call.resolve());
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
    expect(names()).toEqual(['b.pdf', 'a.pdf', 'c.pdf']);
    expect(screen.queryByText('Fail to reorder documents')).toBeNull();
  });

  it("puts the order back when the server refuses, with 'Fail to reorder documents'", async () => {
    api.list.mockResolvedValue(listed);
    const call = deferred();
    api.reorder.mockReturnValue(call.promise);
    renderStep(setup.i18n, DocumentUploadStep);
    await screen.findByRole('group', { name: 'a.pdf' });
    await moveDown('b.pdf');
    await waitFor(() => expect(names()).toEqual(['a.pdf', 'c.pdf', 'b.pdf']));
    await act(async () => call.reject(new ServiceError('ServerError', 'boom', 500)));
    await waitFor(() => expect(names()).toEqual(['a.pdf', 'b.pdf', 'c.pdf']));
    expect(await screen.findByText('Fail to reorder documents')).toBeTruthy();
  });

  it('offers Move up on all but the first, Move down on all but the last, and neither read-only', async () => {
    api.list.mockResolvedValue(listed);
    renderStep(setup.i18n, DocumentUploadStep);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for a.pdf' }));
    expect(screen.queryByRole('menuitem', { name: 'Move up' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Move down' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for c.pdf' }));
    expect(screen.getByRole('menuitem', { name: 'Move up' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Move down' })).toBeNull();
    cleanup();
    renderStep(setup.i18n, DocumentUploadStep, { readOnly: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for b.pdf' }));
    expect(screen.queryByRole('menuitem', { name: /Move/ })).toBeNull();
  });
});
