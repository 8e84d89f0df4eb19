// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { initI18n } from '../../../web/src/i18n';
import { PersonSearch } from '../../../web/src/features/participants/PersonSearch';
import { contactsApi } from '../../../web/src/api/contacts';
import { searchPractitioners } from '../../../web/src/api/lookups';
import { ServiceError } from '../../../web/src/api/errors';
import type { ContactDto } from '../../../shared/schemas/contacts';
import {
  ADDRESS_SEARCH_DEBOUNCE_MS,
  lookupMessages,
  type Practitioner,
} from '../../../shared/schemas/lookups';

vi.mock('../../../web/src/api/contacts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/contacts')>();
  return { ...actual, contactsApi: { ...actual.contactsApi, search: vi.fn() } };
});
vi.mock('../../../web/src/api/lookups', () => ({ searchPractitioners: vi.fn() }));
const searchContacts = vi.mocked(contactsApi.search);
const searchLbp = vi.mocked(searchPractitioners);

const HEMI: ContactDto = {
  id: 'c-1',
  firstName: 'Hemi',
  lastName: 'Walker',
  email: 'hemi@walker.nz',
  organisation: 'Walker Builders',
  qualifications: [],
};
const ANA: ContactDto = { id: 'c-2', firstName: 'Ana', lastName: 'Walsh', qualifications: [] };
const page = (items: ContactDto[]) => ({ items, page: 1, pageSize: 10, total: items.length });
const AROHA: Practitioner = {
  lbpNumber: 'BP100650',
  firstName: 'Aroha',
  lastName: 'Smith',
  fullName: 'Aroha Smith',
  city: 'Dunedin',
  licenceClasses: [
    { licenceClass: 'External Plastering', status: 'Inactive', reason: 'Created in Error' },
    { licenceClass: 'Site 2', status: 'Active' },
  ],
};

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
beforeEach(() => {
  vi.useFakeTimers();
  searchContacts.mockReset();
  searchLbp.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function setup() {
  const onContact = vi.fn();
  const onPractitioner = vi.fn();
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <PersonSearch onContact={onContact} onPractitioner={onPractitioner} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const w = createWrapper(container);
  await act(() => w.findExpandableSection()!.findExpandButton().click());
  const box = w.findAutosuggest()!;
  const type = (text: string) =>
    act(() => {
      box.focus();
      box.setInputValue(text);
    });
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const options = () =>
    box
      .findDropdown()
      .findOptions()
      .map((o) => o.getElement().textContent);
  const choose = (label: string) =>
    act(() =>
      w
        .findRadioGroup()!
        .findButtons()
        .find((b) => b.findLabel().getElement().textContent === label)!
        .findNativeInput()
        .click(),
    );
  return { box, type, wait, options, choose, onContact, onPractitioner };
}

describe("the participant dialog's person search", () => {
  it("is titled 'Search for a person (optional)' and offers the Contact Library and the LBP Register", async () => {
    await setup();
    expect(screen.getByText('Search for a person (optional)')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Contact Library' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'LBP Register' })).toBeTruthy();
  });

  it('does not search below 2 characters', async () => {
    const { type, wait } = await setup();
    await type('H');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS * 2);
    expect(screen.getByText('Type at least 2 characters to search')).toBeTruthy();
    await type(' H ');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS * 2);
    expect(searchContacts).not.toHaveBeenCalled();
  });

  it('fast typing makes one library search, 1000 ms after the last key; results show name, email and organisation', async () => {
    searchContacts.mockResolvedValue(page([HEMI, ANA]));
    const { type, wait, options } = await setup();
    for (const text of ['Wa', 'Wal', 'Walk']) {
      await type(text);
      await wait(400);
    }
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS - 401);
    expect(searchContacts).not.toHaveBeenCalled();
    await wait(1);
    expect(searchContacts).toHaveBeenCalledTimes(1);
    expect(searchContacts.mock.calls[0]?.[0]).toEqual({ searchText: 'Walk' });
    expect(options()).toEqual([
      expect.stringMatching(/Hemi Walker.*hemi@walker\.nz · Walker Builders/),
      expect.stringMatching(/Ana Walsh/),
    ]);
  });

  it('the register shows the LBP number, city and classes; picking hands the practitioner over', async () => {
    searchLbp.mockResolvedValue([AROHA]);
    const { box, type, wait, options, choose, onPractitioner } = await setup();
    await choose('LBP Register');
    await type('Aroha');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    expect(searchLbp).toHaveBeenCalledWith('Aroha');
    expect(searchContacts).not.toHaveBeenCalled();
    const [row] = options();
    expect(row).toContain('Aroha Smith');
    expect(row).toContain('LBP BP100650 · Dunedin');
    expect(row).toContain('Site 2');
    expect(row).toContain('External Plastering (inactive)');
    await act(() => box.selectSuggestion(1));
    expect(onPractitioner).toHaveBeenCalledWith(AROHA);
    expect(box.findNativeInput().getElement().value).toBe('');
    // Picking starts no other search.
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS * 2);
    expect(searchLbp).toHaveBeenCalledTimes(1);
  });

  it('picking a library contact hands the contact over', async () => {
    searchContacts.mockResolvedValue(page([HEMI, ANA]));
    const { box, type, wait, onContact } = await setup();
    await type('Wa');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    await act(() => box.selectSuggestion(2));
    expect(onContact).toHaveBeenCalledWith(ANA);
  });

  it('a failed search is logged with the spec message and the list stays as it was', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    searchContacts.mockResolvedValueOnce(page([HEMI]));
    const { type, wait, options, choose } = await setup();
    await type('Hemi');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    expect(options()).toHaveLength(1);
    const failure = new ServiceError('ServerError', 'Error');
    searchContacts.mockRejectedValueOnce(failure);
    await type('Hemi W');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    expect(log).toHaveBeenCalledWith('Failed to fetch contacts', failure);
    expect(options()).toEqual([expect.stringMatching(/Hemi Walker/)]);

    searchLbp.mockRejectedValueOnce(new ServiceError('ServerError', lookupMessages.lbp));
    await choose('LBP Register');
    await type('Aroha');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    expect(log).toHaveBeenLastCalledWith('Failed to get registered lbps', expect.any(ServiceError));
    expect(screen.queryByText(/Error/)).toBeNull();
  });
});
