// @vitest-environment jsdom
/**
 * A card keeps its identity across list refreshes (the 5000 ms poll while any document is
 * unsettled, or a re-read after a change): its open menu (Preview / Download / Remove) stays open
 * when a refreshed list redraws it, also when an upload of this page first shows up in the list.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { documentKeys } from '../../../web/src/api/documents';
import {
  chooseFiles,
  createsPending,
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
  api.create.mockImplementation(createsPending);
  api.putFile.mockResolvedValue(undefined);
});

const card = (name: string) => screen.getByRole('group', { name });
const openMenu = async (name: string) => {
  await act(async () =>
    fireEvent.click(within(card(name)).getByRole('button', { name: `Actions for ${name}` })),
  );
  expect(screen.getByRole('menuitem', { name: 'Remove' })).toBeTruthy();
};

describe('a card across list refreshes', () => {
  it('a listed card keeps its menu open when the refreshed list redraws it', async () => {
    api.list.mockResolvedValue([
      doc({ name: 'a.pdf' }),
      doc({ name: 'b.pdf', uploadStatus: 'Uploaded', order: 1 }),
    ]);
    const { client } = renderStep(setup.i18n, DocumentUploadStep);
    await screen.findByRole('group', { name: 'a.pdf' });
    await openMenu('a.pdf');

    api.list.mockResolvedValue([
      doc({ name: 'a.pdf' }),
      doc({ name: 'b.pdf', fileModifiedDate: '2025-05-06T10:30:00.000Z', order: 1 }),
    ]);
    await act(() => client.refetchQueries({ queryKey: documentKeys.list('1000001') }));
    await waitFor(() => expect(within(card('b.pdf')).getByText('06 May 2025')).toBeTruthy());
    expect(screen.getByRole('menuitem', { name: 'Preview' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toBeTruthy();
  });

  it("an upload's card keeps its menu open when its document first shows in the list", async () => {
    // The list read after the upload does not have the new record yet.
    api.list.mockResolvedValue([]);
    const { client } = renderStep(setup.i18n, DocumentUploadStep);
    await screen.findAllByText('No documents uploaded yet.');
    chooseFiles('Plans and drawings', [pdfFile('a.pdf')]);
    await waitFor(() => expect(within(card('a.pdf')).getByText('Scanning for viruses...')).toBeTruthy());
    await openMenu('a.pdf');

    api.list.mockResolvedValue([doc({ name: 'a.pdf', uploadStatus: 'Uploaded' })]);
    await act(() => client.refetchQueries({ queryKey: documentKeys.list('1000001') }));
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(3));
    expect(within(card('a.pdf')).getByText('Scanning for viruses...')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toBeTruthy();
  });
});
