// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { i18n as I18n } from 'i18next';
import participantTypesJson from '../../../shared/reference/participant-types.json';
import qualificationTypesJson from '../../../shared/reference/qualification-types.json';
import { initI18n } from '../../../web/src/i18n';
import { participantsApi } from '../../../web/src/api/participants';
import { applicationsApi } from '../../../web/src/api/applications';
import { contactsApi } from '../../../web/src/api/contacts';
import { searchPractitioners } from '../../../web/src/api/lookups';
import { ServiceError } from '../../../web/src/api/errors';
import { ParticipantsSection } from '../../../web/src/features/participants/ParticipantsSection';
import type { AccessLevel } from '../../../shared/schemas/common';
import type { ContactDto } from '../../../shared/schemas/contacts';
import type { GetApplicationResponse } from '../../../shared/schemas/applications';
import type { ParticipantType, QualificationType } from '../../../shared/schemas/reference';
import { renderPage } from './applications-support';
import { chooseCardAction, person } from './participants-support';

vi.mock('../../../web/src/api/participants', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/participants')>();
  return {
    ...actual,
    participantsApi: Object.fromEntries(Object.keys(actual.participantsApi).map((k) => [k, vi.fn()])),
  };
});
vi.mock('../../../web/src/api/contacts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/contacts')>();
  return { ...actual, contactsApi: { ...actual.contactsApi, search: vi.fn(), create: vi.fn() } };
});
vi.mock('../../../web/src/api/applications', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/applications')>();
  return { ...actual, applicationsApi: { ...actual.applicationsApi, get: vi.fn() } };
});
vi.mock('../../../web/src/api/lookups', () => ({ searchPractitioners: vi.fn() }));
const api = vi.mocked(participantsApi);
const contacts = vi.mocked(contactsApi);
const lbp = vi.mocked(searchPractitioners);
const getApplication = vi.mocked(applicationsApi.get);

const me = person({
  id: 'p-me',
  loginUserId: 'u-me',
  firstName: 'Aroha',
  lastName: 'Ngata',
  email: 'aroha@example.nz',
  participantTypes: ['RegisteredOwner', 'Owner', 'InvoicePayer'],
  accessLevel: 'Manage',
  invitation: 'Accepted',
});
const designer = person({
  id: 'p-d',
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.nz',
  participantTypes: ['Designer'],
  accessLevel: 'ReadOnly',
  invitation: 'Unregistered',
});
const HEMI: ContactDto = {
  id: 'c-1',
  firstName: 'Hemi',
  lastName: 'Walker',
  email: 'hemi@walker.nz',
  organisation: 'Walker Builders',
  phoneCountryCode: '+64',
  phone: '021 555 0101',
  address: {
    address1: '5 Cuba Street',
    city: 'Wellington',
    country: 'NZ',
    zipCode: '6011',
    isManualAddress: true,
  },
  qualifications: [
    {
      qualificationName: 'LBP',
      qualificationNumber: 'BP100064',
      licensingClasses: ['Carpentry'],
      warnings: [],
    },
  ],
};

const withAccess = (accessLevel: AccessLevel) =>
  ({ application: { id: 'A1', accessLevel } }) as unknown as GetApplicationResponse;

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  contacts.search.mockReset();
  contacts.create.mockReset();
  lbp.mockReset();
  getApplication.mockReset();
  getApplication.mockResolvedValue(withAccess('Manage'));
  api.list.mockResolvedValue([me, designer]);
  api.types.mockResolvedValue(participantTypesJson as ParticipantType[]);
  api.qualificationTypes.mockResolvedValue(qualificationTypesJson as QualificationType[]);
  api.create.mockImplementation(async (_id, body) =>
    person({ id: 'p-new', firstName: body.firstName, email: body.email, invitation: 'Queued' }),
  );
});
afterEach(cleanup);

const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));
const type = async (el: HTMLElement, value: string) =>
  act(async () => void fireEvent.change(el, { target: { value } }));
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

async function openAdd() {
  renderPage(i18n, <ParticipantsSection applicationId="A1" canEdit isDraft />);
  await click(await screen.findByRole('button', { name: 'Add a participant' }));
  return screen.findByRole('dialog', { name: 'Add a participant' });
}

/** Opens the person search on Contact details, chooses the library, types and picks the n-th result. */
async function pick(dialog: HTMLElement, library: 'Contact Library' | 'LBP Register', text: string, n = 1) {
  const panel = createWrapper(dialog).findExpandableSection()!;
  await act(() => panel.findExpandButton().click());
  await click(within(dialog).getByRole('radio', { name: library }));
  const box = panel.findContent().findAutosuggest()!;
  await act(() => {
    box.focus();
    box.setInputValue(text);
  });
  await waitFor(() => expect(box.findDropdown().findOptions().length).toBeGreaterThanOrEqual(n), {
    timeout: 3000,
  });
  await act(() => box.selectSuggestion(n));
}

describe('the participant dialog with the person search', () => {
  it('picking a library contact fills the details and licences, and the participant remembers the contact', async () => {
    contacts.search.mockResolvedValue({ items: [HEMI], page: 1, pageSize: 10, total: 1 });
    const dialog = await openAdd();
    await click(button('Next: Contact details'));
    expect(within(dialog).getByRole('checkbox', { name: /Save to contact library/ })).toBeTruthy();
    await pick(dialog, 'Contact Library', 'Walker');
    expect(contacts.search).toHaveBeenCalledWith({ searchText: 'Walker' });
    expect(field('First name').value).toBe('Hemi');
    expect(field('Last name').value).toBe('Walker');
    expect(field('Organisation').value).toBe('Walker Builders');
    expect(field('Email').value).toBe('hemi@walker.nz');
    expect(field('Contact number').value).toBe('021 555 0101');
    // Already in the library: not offered again.
    expect(within(dialog).queryByRole('checkbox', { name: /Save to contact library/ })).toBeNull();
    await click(button('Next: License details'));
    expect(within(dialog).getByText('BP100064')).toBeTruthy();
    await click(button('Finish'));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(
        'A1',
        expect.objectContaining({
          firstName: 'Hemi',
          email: 'hemi@walker.nz',
          organisation: 'Walker Builders',
          phone: '021 555 0101',
          address: expect.objectContaining({ address1: '5 Cuba Street', zipCode: '6011' }),
          libraryContactId: 'c-1',
          qualifications: [
            expect.objectContaining({ qualificationName: 'LBP', qualificationNumber: 'BP100064' }),
          ],
        }),
      ),
    );
    expect(contacts.create).not.toHaveBeenCalled();
  });

  it('picking a practitioner fills the names and adds the LBP licence with the active classes', async () => {
    lbp.mockResolvedValue([
      {
        lbpNumber: 'BP100823',
        firstName: 'William',
        lastName: 'Wood',
        fullName: 'William Wood',
        city: 'Palmerston North',
        licenceClasses: [
          { licenceClass: 'Bricklaying and Blocklaying', status: 'Active' },
          { licenceClass: 'Site 2', status: 'Inactive', reason: 'Cancelled (Voluntary)' },
        ],
      },
    ]);
    const dialog = await openAdd();
    await click(button('Next: Contact details'));
    await pick(dialog, 'LBP Register', 'Wood');
    expect(lbp).toHaveBeenCalledWith('Wood');
    expect(field('First name').value).toBe('William');
    expect(field('Last name').value).toBe('Wood');
    await type(field('Email'), 'william@wood.nz');
    await click(button('Next: License details'));
    expect(within(dialog).getByText('BP100823')).toBeTruthy();
    expect(within(dialog).getByText('Bricklaying and Blocklaying')).toBeTruthy();
    await click(button('Finish'));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(
        'A1',
        expect.objectContaining({
          firstName: 'William',
          lastName: 'Wood',
          libraryContactId: undefined,
          qualifications: [
            {
              qualificationName: 'LBP',
              qualificationNumber: 'BP100823',
              licensingClasses: ['BricklayingandBlocklaying'],
              otherQualificationType: undefined,
            },
          ],
        }),
      ),
    );
  });

  it("'Save to contact library' adds the contact after the participant; the library's refusal is a warning", async () => {
    const message = 'Email used on existing contact: email must be unique';
    contacts.create.mockRejectedValue(
      new ServiceError('ClientError', message, 400, [{ field: 'body.email', reason: message }]),
    );
    const dialog = await openAdd();
    await click(button('Next: Contact details'));
    await type(field('First name'), 'Tama');
    await type(field('Last name'), 'Rewi');
    await type(field('Email'), 'tama@example.nz');
    await click(within(dialog).getByRole('checkbox', { name: /Save to contact library/ }));
    await click(button('Next: License details'));
    await click(button('Finish'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(contacts.create).toHaveBeenCalledWith(
      expect.objectContaining({
        firstName: 'Tama',
        lastName: 'Rewi',
        email: 'tama@example.nz',
        qualifications: [],
      }),
    );
    expect(api.create.mock.invocationCallOrder[0]!).toBeLessThan(
      contacts.create.mock.invocationCallOrder[0]!,
    );
    // The participant is saved all the same.
    expect(screen.getByText('Invitation has been sent to tama@example.nz')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add a participant' })).toBeNull();
  });

  it('without the box ticked nothing goes to the library, and editing does not offer it', async () => {
    await openAdd();
    await click(button('Next: Contact details'));
    await type(field('First name'), 'Tama');
    await type(field('Last name'), 'Rewi');
    await type(field('Email'), 'tama@example.nz');
    await click(button('Next: License details'));
    await click(button('Finish'));
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    expect(contacts.create).not.toHaveBeenCalled();
    cleanup();

    renderPage(i18n, <ParticipantsSection applicationId="A1" canEdit isDraft />);
    const card = await screen.findByRole('article', { name: 'Ana Lee' });
    await chooseCardAction(card, 'edit');
    const edit = await screen.findByRole('dialog', { name: 'Edit a person on the application' });
    await click(button('Next: Contact details'));
    expect(within(edit).getByText('Search for a person (optional)')).toBeTruthy();
    expect(within(edit).queryByRole('checkbox', { name: /Save to contact library/ })).toBeNull();
  });

  it("caps the access options and roles at the caller's own access, with the reason", async () => {
    getApplication.mockResolvedValue(withAccess('Edit'));
    await openAdd();
    await waitFor(() => expect(isDisabled(screen.getByRole('radio', { name: /^Manage/ }))).toBe(true));
    expect(screen.getAllByText('You cannot give more access than you have')).toHaveLength(1);
    expect(isDisabled(screen.getByRole('radio', { name: /^Edit/ }))).toBe(false);
    // The Agent role needs Manage.
    expect(isDisabled(screen.getByRole('checkbox', { name: /^Agent/ }))).toBe(true);
    expect(screen.getByText('This role needs more access than you have')).toBeTruthy();
    expect(isDisabled(screen.getByRole('checkbox', { name: /^Designer/ }))).toBe(false);
  });

  it('an Edit caller editing someone with Manage: no lower level, the email kept, and no Remove on their card (docs/participants.md)', async () => {
    getApplication.mockResolvedValue(withAccess('Edit'));
    const manager = person({
      id: 'p-m',
      firstName: 'Rua',
      lastName: 'Kahu',
      email: 'rua@example.nz',
      accessLevel: 'Manage',
      invitation: 'Unregistered',
    });
    api.list.mockResolvedValue([me, designer, manager]);
    renderPage(i18n, <ParticipantsSection applicationId="A1" canEdit accessLevel="Edit" isDraft />);
    const menu = async (name: string) => {
      const card = await screen.findByRole('article', { name });
      await act(async () => fireEvent.click(within(card).getByRole('button', { name: /^Actions for / })));
      const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
      await act(async () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }));
      return items;
    };
    expect(await menu('Rua Kahu')).not.toContain('Remove');
    expect(await menu('Ana Lee')).toContain('Remove');

    await chooseCardAction(await screen.findByRole('article', { name: 'Rua Kahu' }), 'edit');
    await screen.findByRole('dialog', { name: 'Edit a person on the application' });
    await waitFor(() => expect(isDisabled(screen.getByRole('radio', { name: /^Edit/ }))).toBe(true));
    for (const level of [/^Read only/, /^No access/])
      expect(isDisabled(screen.getByRole('radio', { name: level }))).toBe(true);
    expect(isDisabled(screen.getByRole('radio', { name: /^Manage/ }))).toBe(false);
    expect(
      screen.getAllByText('This participant has more access than you: you cannot lower it'),
    ).toHaveLength(3);
    await click(button('Next: Contact details'));
    expect((field('Email') as HTMLInputElement).readOnly).toBe(true);
  });

  it('a Manage caller has every option', async () => {
    await openAdd();
    await waitFor(() => expect(getApplication).toHaveBeenCalled());
    expect(isDisabled(screen.getByRole('radio', { name: /^Manage/ }))).toBe(false);
    expect(isDisabled(screen.getByRole('checkbox', { name: /^Agent/ }))).toBe(false);
    expect(screen.queryByText('You cannot give more access than you have')).toBeNull();
  });
});
