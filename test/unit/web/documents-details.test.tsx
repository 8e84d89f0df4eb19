// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { ServiceError } from '../../../web/src/api/errors';
import type { ApplicationDto } from '../../../shared/schemas/applications';
import type { DocumentContainerDto } from '../../../shared/schemas/documents';
import { deferred, doc, documentsTestSetup, renderWithProviders } from './documents-support';
import { api } from './documents-api-mock';

vi.mock('../../../web/src/api/documents', async () =>
  (await import('./documents-api-mock')).documentsModule(),
);
// The one call the section makes past the documents module: its jurisdiction (the authority's flags).
vi.mock('../../../web/src/api/client', async () => {
  const { jurisdictionAnswer } = await import('./reference-support');
  return { apiRequest: vi.fn(async () => jurisdictionAnswer()) };
});

const { default: DocumentsSection } = await import('../../../web/src/features/documents/DocumentsSection');

const setup = documentsTestSetup(api);
beforeEach(() => {
  api.containers.mockResolvedValue(CONTAINERS);
  api.tags.mockResolvedValue([]);
  api.types.mockResolvedValue([]);
});

const container = (id: string, displayName: string, displayOrder: number, containerType = 'Standard') =>
  ({ id, name: id, displayName, displayOrder, containerType, containerMergeStatus: 'NotMerged' }) as const;
const CONTAINERS: DocumentContainerDto[] = [
  container('plans', 'Plans and drawings', 1),
  container('specs', 'Specifications', 2),
  container('rfi', 'RFI documents', 3, 'RFIDocument'),
];
const APP = {
  id: '1000001',
  applicationType: 'Standalone',
  jurisdictionId: 'nz',
  formId: 'bc',
  authorityId: 'auckland',
  status: 'Draft',
  accessLevel: 'Manage',
} as unknown as ApplicationDto;

const TAGS = [
  { id: 'architectural', name: 'Architectural', displayName: 'Architectural', displayOrder: 1, userId: '0' },
  { id: 'structural', name: 'Structural', displayName: 'Structural', displayOrder: 2, userId: '0' },
];

function renderSection(props: { readOnly?: boolean; app?: ApplicationDto } = {}) {
  return renderWithProviders(
    setup.i18n,
    <DocumentsSection app={props.app ?? APP} readOnly={props.readOnly ?? false} requiredIds={['plans']} />,
  );
}

const listed = [
  doc({ name: 'a.pdf', order: 0 }),
  doc({ name: 'b.pdf', order: 1 }),
  doc({ name: 'c.pdf', order: 2 }),
];
const names = () =>
  within(screen.getByRole('list', { name: 'Plans and drawings' }))
    .getAllByRole('group')
    .map((g) => g.getAttribute('aria-label'));

async function menuOf(fileName: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${fileName}` }));
  return screen.findAllByRole('menuitem').then((items) => items.map((i) => i.textContent));
}

describe('the Documents section of /application-details (docs/documents.md)', () => {
  it("shows every container of the application (not the RFIs') with its drop zone and cards", async () => {
    const list = deferred<typeof listed>();
    api.list.mockReturnValue(list.promise);
    renderSection();
    expect(await screen.findByText('Loading documents')).toBeTruthy();
    await act(async () => list.resolve([...listed, doc({ name: 's.pdf', documentContainerId: 'specs' })]));
    expect(await screen.findByRole('heading', { name: /Plans and drawings/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Specifications/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /RFI documents/ })).toBeNull();
    expect(screen.getAllByText('Drop your file(s) here or click to browse')).toHaveLength(2);
    expect(names()).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(await menuOf('a.pdf')).toEqual(['Preview', 'Download', 'Tags', 'Move down', 'Remove']);
  });

  it('read-only: cards with Preview and Download only; no drop zone, drag handle or Remove all', async () => {
    api.list.mockResolvedValue(listed);
    renderSection({ readOnly: true });
    await screen.findByRole('group', { name: 'a.pdf' });
    expect(screen.queryByText('Drop your file(s) here or click to browse')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove all/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /to reorder/ })).toBeNull();
    expect(await menuOf('b.pdf')).toEqual(['Preview', 'Download']);
  });

  it('a completed consent offers no drop zone or Required badge, and says why (shared uploadOffer)', async () => {
    api.list.mockResolvedValue(listed);
    // The proofs of payment (open at every status for an invoice's page) open nothing here.
    api.containers.mockResolvedValue([...CONTAINERS, container('payment-proofs', 'Proofs of payment', 9)]);
    renderSection({ app: { ...APP, status: 'Completed', consentNumber: 'WCC-BC-1' } as ApplicationDto });
    await screen.findByRole('group', { name: 'a.pdf' });
    expect(screen.getByText('This application takes no more documents')).toBeTruthy();
    expect(
      screen.getByText(
        'Application is currently locked from further changes: the code compliance certificate has been issued, so the consent is finished.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Drop your file(s) here or click to browse')).toBeNull();
    expect(screen.queryByText(/You can upload only what the council asked for/)).toBeNull();
    expect(screen.queryByText('Required')).toBeNull();
    expect(await menuOf('b.pdf')).toEqual(['Preview', 'Download']);
  });

  it('docs/documents.md: the council’s groups with its review and reason; a rejected upload opens its container for a replacement', async () => {
    api.list.mockResolvedValue(listed);
    api.groups.mockResolvedValue([
      {
        id: 'g1',
        guid: 'g1',
        applicationId: '1000001',
        name: 'Revised plans',
        status: 'Received',
        type: 'DocumentContainer',
        displayOrder: 1,
        documentContainerId: 'plans',
        requiredDocumentUploads: [
          {
            applicationDocumentId: 'a.pdf',
            name: 'a.pdf',
            documentStatus: 'Received',
            receivedDate: '2026-11-20T00:00:00Z',
            councilStatus: 'Rejected',
            reason: 'The bracing plan is missing',
            processingDate: '2026-11-25',
            fileName: 'a.pdf',
            fileSize: 7000,
            mimeType: 'application/pdf',
          },
        ],
      },
    ] as never);
    renderSection({
      app: { ...APP, status: 'InProgress', useRequiredDocumentGroups: true } as ApplicationDto,
    });
    const group = await screen.findByRole('region', { name: 'Revised plans' });
    expect(within(group).getByText('The council rejected a.pdf')).toBeTruthy();
    expect(
      within(group).getByText('Why: The bracing plan is missing. Upload a replacement into this group.'),
    ).toBeTruthy();
    expect(within(group).getByText('Rejected')).toBeTruthy();
    expect(within(group).getByText('Reviewed on 25 Nov 2026')).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Upload a replacement' })).toBeTruthy();
    expect(screen.getByText('You can upload only what the council asked for')).toBeTruthy();
    // The group's container takes files; the others stay locked.
    expect(await screen.findByLabelText('Choose files for Plans and drawings')).toBeTruthy();
    expect(screen.queryByLabelText('Choose files for Specifications')).toBeNull();
  });

  it("'Remove all' asks first (Remove / Cancel, can't be undone), then deletes the container's documents", async () => {
    api.list.mockResolvedValue(listed);
    api.removeAll.mockResolvedValue(undefined);
    renderSection();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove all documents in Plans and drawings' }),
    );
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove all documents in a container')).toBeTruthy();
    expect(within(dialog).getByText('Remove all documents from Plans and drawings?')).toBeTruthy();
    expect(within(dialog).getByText("This operation can't be undone.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.removeAll).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove all documents in Plans and drawings' }));
    dialog = await screen.findByRole('dialog');
    api.list.mockResolvedValue([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.removeAll).toHaveBeenCalledWith('1000001', 'plans');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'a.pdf' })).toBeNull());
    // Nothing left to remove: no button.
    expect(screen.queryByRole('button', { name: 'Remove all documents in Plans and drawings' })).toBeNull();
  });

  it("Withdraw (docs/documents.md; PATCH status WITHDRAWN) asks first in the critical alert dialog ('Alert: …', Cancel / Continue)", async () => {
    const suspended = { ...APP, status: 'VRFISuspended' } as ApplicationDto;
    api.list.mockResolvedValue([
      doc({ name: 'a.pdf' }),
      doc({ name: 'theirs.pdf', isEditable: false, isDeletable: false }),
      doc({ name: 'old.pdf', status: 'Withdrawn' }),
    ]);
    api.withdraw.mockResolvedValue(doc({ name: 'a.pdf', status: 'Withdrawn' }));
    renderSection({ app: suspended });
    // Offered only where the server would accept it: the caller's finished, not-yet-withdrawn document.
    expect(await menuOf('theirs.pdf')).not.toContain('Withdraw');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(await menuOf('old.pdf')).not.toContain('Withdraw');
    expect(within(screen.getByRole('group', { name: 'old.pdf' })).getByText('Withdrawn')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(await menuOf('a.pdf')).toContain('Withdraw');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Withdraw' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Alert: Withdraw a.pdf')).toBeTruthy();
    expect(within(dialog).getByText(/The council will no longer consider a\.pdf/)).toBeTruthy();
    expect(
      within(dialog).getByText('If the council still needs this document, upload a new file.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.withdraw).not.toHaveBeenCalled();

    await menuOf('a.pdf');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Withdraw' }));
    dialog = await screen.findByRole('dialog');
    api.list.mockResolvedValue([doc({ name: 'a.pdf', status: 'Withdrawn' })]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.withdraw).toHaveBeenCalledWith('1000001', 'a.pdf');
    expect(await screen.findByText('a.pdf is withdrawn.')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'a.pdf' })).getByText('Withdrawn')).toBeTruthy(),
    );
  });

  it('a draft offers Remove, not Withdraw', async () => {
    api.list.mockResolvedValue([doc({ name: 'a.pdf' })]);
    renderSection();
    const items = await menuOf('a.pdf');
    expect(items).toContain('Remove');
    expect(items).not.toContain('Withdraw');
  });

  it('offers no Remove all where a document is not the caller’s to remove', async () => {
    api.list.mockResolvedValue([doc({ name: 'a.pdf' }), doc({ name: 'theirs.pdf', isDeletable: false })]);
    renderSection();
    await screen.findByRole('group', { name: 'theirs.pdf' });
    expect(screen.queryByRole('button', { name: 'Remove all documents in Plans and drawings' })).toBeNull();
  });
});

describe('drag-and-drop sorting (docs/documents.md)', () => {
  // jsdom lays nothing out: each card is 80 px high, 100 px apart, so the keyboard drag can move.
  const realRect = Element.prototype.getBoundingClientRect;
  beforeEach(() => {
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const li = this.closest('li[data-document]');
      const i = li ? Array.from(li.parentElement!.children).indexOf(li) : 0;
      const top = li ? i * 100 : 0;
      const height = li ? 80 : 0;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        width: 500,
        height,
        bottom: top + height,
        right: 500,
        toJSON() {},
      };
    };
  });
  afterEach(() => void (Element.prototype.getBoundingClientRect = realRect));

  // The keyboard sensor listens on the document from the next task after it picks a card up.
  const tick = () => act(() => new Promise((r) => setTimeout(r, 20)));
  async function dragDown(fileName: string) {
    const handle = await screen.findByRole('button', { name: `Drag ${fileName} to reorder` });
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await tick();
    fireEvent.keyDown(document, { key: 'ArrowDown', code: 'ArrowDown' });
    await tick();
    fireEvent.keyDown(document, { key: ' ', code: 'Space' });
    await tick();
  }

  it('a drop sends the container order to PATCH .../documents/order and shows it at once', async () => {
    api.list.mockResolvedValue(listed);
    const call = deferred();
    api.reorder.mockReturnValue(call.promise);
    renderSection();
    await dragDown('a.pdf');
    await waitFor(() => expect(api.reorder).toHaveBeenCalled());
    expect(api.reorder).toHaveBeenCalledWith('1000001', 'plans', { documents: ['b.pdf', 'a.pdf', 'c.pdf'] });
    await waitFor(() => expect(names()).toEqual(['b.pdf', 'a.pdf', 'c.pdf']));
  });

  it("puts the order back when the server refuses, with 'Fail to reorder documents'", async () => {
    api.list.mockResolvedValue(listed);
    api.reorder.mockRejectedValue(new ServiceError('ServerError', 'boom', 500));
    renderSection();
    await dragDown('a.pdf');
    await waitFor(() => expect(api.reorder).toHaveBeenCalled());
    expect(await screen.findByText('Fail to reorder documents')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['a.pdf', 'b.pdf', 'c.pdf']));
  });
});

describe('tags and types (docs/documents.md Document tag, Document type)', () => {
  it('shows the tags on the card and replaces them from the Tags dialog (PUT .../tags)', async () => {
    api.list.mockResolvedValue([doc({ name: 'a.pdf' })]);
    api.tags.mockResolvedValue([TAGS[0]]);
    api.allTags.mockResolvedValue(TAGS);
    api.setTags.mockResolvedValue([]);
    renderSection();
    const onCard = await screen.findByRole('list', { name: 'Tags of a.pdf' });
    expect(within(onCard).getByText('Architectural')).toBeTruthy();
    await menuOf('a.pdf');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Tags' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(createWrapper(dialog).findMultiselect()).toBeTruthy());
    const multiselect = createWrapper(dialog).findMultiselect()!;
    await waitFor(() =>
      expect(multiselect.findTokens().map((t) => t.getElement().textContent)).toEqual(['Architectural']),
    );
    expect(within(dialog).queryByText('Document type')).toBeNull();
    // Each chosen tag's token has a named remove button (axe button-name).
    expect(within(dialog).getByRole('button', { name: 'Remove tag Architectural' })).toBeTruthy();
    multiselect.openDropdown();
    multiselect.selectOptionByValue('structural');
    api.tags.mockResolvedValue(TAGS);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.setTags).toHaveBeenCalledWith('1000001', 'a.pdf', ['architectural', 'structural']);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Tags of a.pdf' })).getByText('Structural'),
      ).toBeTruthy(),
    );
  });

  it("a child application's document also takes its type, Amendment or Supporting (PUT .../types)", async () => {
    api.list.mockResolvedValue([doc({ name: 'a.pdf' })]);
    api.allTags.mockResolvedValue(TAGS);
    api.types.mockResolvedValue([
      { id: 'amend', name: 'Amendment', displayName: 'Amendment', displayOrder: 1 },
    ]);
    api.formTypes.mockResolvedValue([
      { id: 'amend', name: 'Amendment', displayName: 'Amendment', displayOrder: 1, description: 'A change' },
      { id: 'support', name: 'Supporting', displayName: 'Supporting', displayOrder: 2, description: 'More' },
    ]);
    api.setTags.mockResolvedValue([]);
    api.setTypes.mockResolvedValue([]);
    renderSection({ app: { ...APP, applicationType: 'Amendment' } });
    expect(
      within(await screen.findByRole('list', { name: 'Tags of a.pdf' })).getByText('Amendment'),
    ).toBeTruthy();
    await menuOf('a.pdf');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Tags and type' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tags and type of a.pdf')).toBeTruthy();
    await waitFor(() => expect(createWrapper(dialog).findSelect()).toBeTruthy());
    expect(within(dialog).getAllByText('Document type').length).toBeGreaterThan(0);
    expect(api.formTypes).toHaveBeenCalledWith('nz', 'bc', expect.anything());
    const select = createWrapper(dialog).findSelect()!;
    select.openDropdown();
    select.selectOptionByValue('support');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.setTypes).toHaveBeenCalledWith('1000001', 'a.pdf', ['support']));
  });

  it("says 'Failed to fetch document tags or types' when they cannot be read", async () => {
    api.list.mockResolvedValue([doc({ name: 'a.pdf' })]);
    api.allTags.mockRejectedValue(new ServiceError('ServerError', 'boom', 500));
    renderSection();
    await menuOf('a.pdf');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Tags' }));
    expect(await screen.findByText('Failed to fetch document tags or types')).toBeTruthy();
  });
});
