// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { i18n as I18n } from 'i18next';
import qualificationTypesJson from '../../../shared/reference/qualification-types.json';
import type { QualificationType } from '../../../shared/schemas/reference';
import type { ContactDto, ContactPage } from '../../../shared/schemas/contacts';
import { initI18n } from '../../../web/src/i18n';
import { contactsApi } from '../../../web/src/api/contacts';
import { participantsApi } from '../../../web/src/api/participants';
import { ServiceError } from '../../../web/src/api/errors';
import ContactsPage from '../../../web/src/features/contacts/ContactsPage';
import LibrariesPage from '../../../web/src/features/contacts/LibrariesPage';
import { renderPage } from './applications-support';

vi.mock('../../../web/src/api/contacts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/contacts')>();
  return {
    ...actual,
    contactsApi: Object.fromEntries(Object.keys(actual.contactsApi).map((k) => [k, vi.fn()])),
  };
});
vi.mock('../../../web/src/api/participants', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/participants')>();
  return { ...actual, participantsApi: { ...actual.participantsApi, qualificationTypes: vi.fn() } };
});
const api = vi.mocked(contactsApi);

const manaia: ContactDto = {
  id: 'c1',
  firstName: 'Manaia',
  lastName: 'Robinson',
  organisation: 'Robinson Builders',
  email: 'manaia@example.nz',
  phoneCountryCode: '+64',
  phone: '021 234 5678',
  lastUsed: '2026-11-20T01:00:00.000Z',
  qualifications: [
    {
      qualificationName: 'LBP',
      licensingClasses: ['Carpentry'],
      qualificationNumber: 'BP999999',
      warnings: [{ label: 'BP999999', warning: 'Could not verify BP999999 in LBP Register' }],
    },
  ],
};
const ana: ContactDto = { id: 'c2', firstName: 'Ana', lastName: 'Lee', qualifications: [] };
const pageOf = (items: ContactDto[], total = items.length, page = 1): ContactPage => ({
  items,
  page,
  pageSize: 10,
  total,
});

let i18n: I18n;
beforeAll(async () => {
  // Timers faked (time still advances) so the 1000 ms search debounce can be stepped through.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  i18n = await initI18n();
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.search.mockResolvedValue(pageOf([manaia, ana]));
  vi.mocked(participantsApi.qualificationTypes).mockResolvedValue(
    qualificationTypesJson as QualificationType[],
  );
});
afterEach(() => {
  act(() => {
    vi.runOnlyPendingTimers();
  });
  cleanup();
  vi.clearAllTimers();
});
afterAll(() => {
  vi.useRealTimers();
});

const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));
const type = async (el: HTMLElement, value: string) =>
  act(async () => void fireEvent.change(el, { target: { value } }));
const leave = async (el: HTMLElement) => act(async () => void fireEvent.blur(el));
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;
const searches = () => api.search.mock.calls.map(([q]) => q);

async function open() {
  renderPage(i18n, <ContactsPage />, { path: '/contacts' });
  return screen.findByRole('table', { name: 'Contacts' });
}

describe('/contacts: the contact library', () => {
  it('lists the contacts with name, organisation, email, phone, licences (with warnings) and last used', async () => {
    const table = await open();
    const row = (await within(table).findByText('Manaia Robinson')).closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('Robinson Builders')).toBeTruthy();
    expect(cells.getByText('manaia@example.nz')).toBeTruthy();
    expect(cells.getByText('+64 021 234 5678')).toBeTruthy();
    expect(await cells.findByText('Licensed Building Practitioner (LBP) BP999999')).toBeTruthy();
    expect(cells.getByText('Could not verify BP999999 in LBP Register')).toBeTruthy();
    expect(cells.getByText('20 Nov 2026')).toBeTruthy();
    expect(within(within(table).getByText('Ana Lee').closest('tr')!).getByText('Not used yet')).toBeTruthy();
    expect(screen.getByText('(2)')).toBeTruthy();
    expect(searches()[0]).toEqual({ searchText: '', page: 1 });
  });

  it('shows the empty state when the library has no contacts', async () => {
    api.search.mockResolvedValue(pageOf([]));
    await open();
    expect(await screen.findByText('No contacts')).toBeTruthy();
  });

  it("says 'Failed to fetch contacts' when the list cannot be read", async () => {
    api.search.mockRejectedValue(new ServiceError('ServerError', 'Error', 500));
    await open();
    // In the table and as a toast.
    await waitFor(() => expect(screen.getAllByText('Failed to fetch contacts')).toHaveLength(2));
  });

  it('searches 1000 ms after typing stops, from 2 characters, and pages by ten', async () => {
    api.search.mockResolvedValue(pageOf([manaia, ana], 25));
    await open();
    await screen.findByText('(25)');
    const pages = createWrapper(document.body).findPagination()!;
    expect(pages.findPageNumbers()).toHaveLength(3);
    await act(async () => pages.findPageNumberByIndex(2)!.click());
    await waitFor(() => expect(searches()).toContainEqual({ searchText: '', page: 2 }));

    const search = screen.getByRole('searchbox', { name: 'Search contacts' });
    await type(search, 'm');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(searches().every((q) => q.searchText === '')).toBe(true);
    expect(screen.getAllByText('Type at least 2 characters to search').length).toBeGreaterThan(0);
    await type(search, 'man');
    // Not before the debounce (the faked clock also follows real time, hence the margin).
    await act(async () => vi.advanceTimersByTime(800));
    expect(searches().some((q) => q.searchText === 'man')).toBe(false);
    await act(async () => vi.advanceTimersByTime(200));
    // A new search starts on page 1.
    await waitFor(() => expect(searches()).toContainEqual({ searchText: 'man', page: 1 }));
    api.search.mockResolvedValue(pageOf([]));
    await type(search, 'nobody');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(await screen.findByText('No contact matches “nobody”.')).toBeTruthy();
  });

  it('adds a contact with an LBP licence; the form checks fields as they are left', async () => {
    api.create.mockResolvedValue({ ...ana, id: 'c3', firstName: 'Tama', lastName: 'Rewi' });
    await open();
    await click(button('Add a contact'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a contact' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(isDisabled(save)).toBe(true);
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await type(field('First name'), 'Tama');
    await type(field('Last name'), 'Rewi');
    await type(field('Email'), 'not-an-email');
    await leave(field('Email'));
    expect(within(dialog).getByText('Invalid email format')).toBeTruthy();
    expect(isDisabled(save)).toBe(true);
    await type(field('Email'), 'Tama@Example.nz');
    await leave(field('Email'));
    expect(isDisabled(save)).toBe(false);

    await click(await within(dialog).findByRole('button', { name: 'Add a licence' }));
    const w = createWrapper(dialog);
    // The licence type (the first select is the phone's country code).
    const licenceType = () => w.findAllSelects()[1]!;
    await act(async () => licenceType().openDropdown());
    await act(async () => licenceType().selectOptionByValue('LBP'));
    await act(async () => w.findMultiselect()!.openDropdown());
    await act(async () => w.findMultiselect()!.selectOptionByValue('Carpentry'));
    await type(field('Number'), 'BP100064');
    await click(within(dialog).getByRole('button', { name: 'Apply license' }));
    expect(within(dialog).getByText('BP100064')).toBeTruthy();

    await click(save);
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith({
        firstName: 'Tama',
        lastName: 'Rewi',
        email: 'tama@example.nz',
        qualifications: [
          expect.objectContaining({
            qualificationName: 'LBP',
            licensingClasses: ['Carpentry'],
            qualificationNumber: 'BP100064',
          }),
        ],
      }),
    );
    expect(await screen.findByText('Tama Rewi has been added to the contact library')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add a contact' })).toBeNull();
    // The list is read again.
    await waitFor(() => expect(api.search.mock.calls.length).toBeGreaterThan(1));
  });

  it('shows a server 400 on its field and keeps the dialog open', async () => {
    const message = 'Email used on existing contact: email must be unique';
    api.create.mockRejectedValue(
      new ServiceError('ClientError', message, 400, [{ field: 'body.email', reason: message }]),
    );
    await open();
    await click(button('Add a contact'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a contact' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await type(field('First name'), 'Tama');
    await type(field('Last name'), 'Rewi');
    await type(field('Email'), 'manaia@example.nz');
    await click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add a contact' })).toBeTruthy();
  });

  it('edits a contact: its values filled in, Save once changed, the whole contact sent', async () => {
    api.update.mockResolvedValue({ ...manaia, organisation: 'Robinson Homes' });
    await open();
    await click(await screen.findByRole('button', { name: 'Edit Manaia Robinson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit a contact' });
    const organisation = within(dialog).getByRole('textbox', { name: /Organisation/ });
    expect((organisation as HTMLInputElement).value).toBe('Robinson Builders');
    expect(await within(dialog).findByText('Could not verify BP999999 in LBP Register')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(isDisabled(save)).toBe(true);
    await type(organisation, 'Robinson Homes');
    await click(save);
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith(
        'c1',
        expect.objectContaining({
          firstName: 'Manaia',
          organisation: 'Robinson Homes',
          phone: '021 234 5678',
          phoneCountryCode: '+64',
          qualifications: [expect.objectContaining({ qualificationNumber: 'BP999999' })],
        }),
      ),
    );
    expect(await screen.findByText('Manaia Robinson has been updated')).toBeTruthy();
  });

  it('an emptied field is sent as null, so the PATCH clears it rather than keeping it (docs/participants.md)', async () => {
    api.update.mockResolvedValue({ ...manaia, organisation: undefined });
    await open();
    await click(await screen.findByRole('button', { name: 'Edit Manaia Robinson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit a contact' });
    await type(within(dialog).getByRole('textbox', { name: /Organisation/ }), '');
    await click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith(
        'c1',
        expect.objectContaining({ firstName: 'Manaia', organisation: null, address: null }),
      ),
    );
  });

  it('deletes a contact after the confirmation', async () => {
    api.remove.mockResolvedValue(undefined);
    await open();
    await click(await screen.findByRole('button', { name: 'Delete Ana Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete contact' });
    expect(
      within(dialog).getByText("Delete Ana Lee from the contact library? This can't be undone."),
    ).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('c2'));
    expect(await screen.findByText('Ana Lee has been deleted from the contact library')).toBeTruthy();
  });

  it('deleting the only contact of the last page goes back a page', async () => {
    api.search.mockImplementation(async ({ page = 1 }) =>
      page === 2 ? pageOf([ana], 11, 2) : pageOf([manaia], 11, 1),
    );
    api.remove.mockResolvedValue(undefined);
    await open();
    await screen.findByText('(11)');
    await act(async () => createWrapper(document.body).findPagination()!.findPageNumberByIndex(2)!.click());
    await click(await screen.findByRole('button', { name: 'Delete Ana Lee' }));
    api.search.mockImplementation(async ({ page = 1 }) =>
      page === 2 ? pageOf([], 10, 2) : pageOf([manaia], 10, 1),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete contact' });
    await click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Manaia Robinson')).toBeTruthy();
    expect(createWrapper(document.body).findPagination()!.findCurrentPage().getElement().textContent).toBe(
      '1',
    );
  });

  it('a failed delete says so and keeps the contact', async () => {
    api.remove.mockRejectedValue(new ServiceError('ServerError', 'Error', 500));
    await open();
    await click(await screen.findByRole('button', { name: 'Delete Ana Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete contact' });
    await click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete contact. Please try again later')).toBeTruthy();
    expect(screen.getByText('Ana Lee')).toBeTruthy();
  });
});

describe('/libraries', () => {
  it('links the contact library and the application templates', async () => {
    renderPage(i18n, <LibrariesPage />, { path: '/libraries' });
    expect(screen.getByRole('heading', { level: 1, name: 'Libraries' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contacts' }).getAttribute('href')).toBe('/contacts');
    expect(screen.getByRole('link', { name: 'Application templates' }).getAttribute('href')).toBe(
      '/application-templates',
    );
  });
});
