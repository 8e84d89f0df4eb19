// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { initI18n } from '../../../web/src/i18n';
import UserProfilePage from '../../../web/src/features/user/UserProfilePage';
import { CurrentUserContext } from '../../../web/src/features/shell/useCurrentUser';
import { ToastProvider } from '../../../web/src/components/toasts';
import { fetchAddressDetails, suggestAddresses } from '../../../web/src/api/lookups';
import { patchCurrentUser, type CurrentUser } from '../../../web/src/api/user';
import {
  profileFormState,
  profileValuesOf,
  withAddressMode,
} from '../../../web/src/features/user/profileForm';
import { ADDRESS_SEARCH_DEBOUNCE_MS, type AddressLookupResult } from '../../../shared/schemas/lookups';
import { user } from './user-support';

vi.mock('../../../web/src/api/lookups', () => ({
  suggestAddresses: vi.fn(),
  fetchAddressDetails: vi.fn(),
}));
vi.mock('../../../web/src/api/user', () => ({
  patchCurrentUser: vi.fn(),
  changePassword: vi.fn(),
}));
const suggest = vi.mocked(suggestAddresses);
const details = vi.mocked(fetchAddressDetails);
const patch = vi.mocked(patchCurrentUser);

const PICKED = {
  address1: '1 Queen Street',
  address2: 'Auckland Central',
  city: 'Auckland',
  country: 'NZ',
  zipCode: '1010',
  fullAddress: '1 Queen Street, Auckland Central, Auckland 1010',
  isManualAddress: false,
  latitude: -36.84,
  longitude: 174.76,
};
const DETAILS: AddressLookupResult = {
  dpid: '101',
  address1: '1 Queen Street',
  address2: 'Auckland Central',
  city: 'Auckland',
  postcode: '1010',
  country: 'NZ',
  isManualAddress: false,
  fullAddress: PICKED.fullAddress,
  latitude: -36.84,
  longitude: 174.76,
};

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
beforeEach(() => {
  vi.useFakeTimers();
  suggest.mockReset();
  details.mockReset();
  patch.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderPage(current: CurrentUser) {
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <CurrentUserContext.Provider value={current}>
            <UserProfilePage />
          </CurrentUserContext.Provider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return createWrapper(container);
}

describe('profile address: picker with the manual toggle', () => {
  it('a user without an address starts on the search; the picker saves the looked-up address', async () => {
    suggest.mockResolvedValue([{ dpid: '101', fullAddress: PICKED.fullAddress }]);
    details.mockResolvedValue(DETAILS);
    patch.mockImplementation(async (body) => ({ ...user, ...body }) as CurrentUser);
    const page = renderPage(user);
    expect(screen.queryByLabelText('Address line 1', { exact: true })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enter address manually' })).toBeTruthy();
    const picker = page.findAutosuggest()!;
    expect(screen.getByLabelText('Find your address')).toBeTruthy();
    await act(() => {
      picker.focus();
      picker.setInputValue('1 Queen');
    });
    await act(() => vi.advanceTimersByTimeAsync(ADDRESS_SEARCH_DEBOUNCE_MS));
    await act(() => picker.selectSuggestionByValue(PICKED.fullAddress));
    await act(() => vi.advanceTimersByTimeAsync(0));

    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(false);
    await act(async () => save.click());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(patch.mock.calls[0]?.[0]).toEqual({
      firstName: 'Aroha',
      lastName: 'Ngata',
      phoneCountryCode: '+64',
      // Stored the one way: spaces taken out.
      contactNumber: '0211234567',
      address: PICKED,
    });
  });

  it('a looked-up address opens in the picker; manual entry starts from its parts', () => {
    const values = profileValuesOf({ ...user, address: PICKED });
    expect(values.lookupAddress).toEqual(PICKED);
    expect(profileFormState(values, values).changed).toBe(false);
    const manual = withAddressMode(values, true);
    expect(manual.lookupAddress).toBeUndefined();
    expect(profileFormState(manual, values).body.address).toMatchObject({
      address1: '1 Queen Street',
      fullAddress: '1 Queen Street, Auckland Central, Auckland 1010',
      isManualAddress: true,
    });
    // A New Zealand postcode is 4 digits.
    expect(profileFormState({ ...manual, zipCode: '101' }, values).errors.zipCode).toBe(
      'Enter the 4-digit postcode',
    );
    // Back to the picker without a pick: no address is sent.
    expect(profileFormState(withAddressMode(manual, false), values).body.address).toBeUndefined();

    renderPage({ ...user, address: PICKED });
    expect(screen.getByLabelText('Find your address')).toHaveProperty('value', PICKED.fullAddress);
    expect(screen.getByRole('button', { name: 'Enter address manually' })).toBeTruthy();
  });
});

describe('profile contact number', () => {
  it('a refused number says what is expected', async () => {
    renderPage(user);
    const field = screen.getByLabelText('Contact number');
    await act(() => {
      fireEvent.change(field, { target: { value: '12345' } });
      fireEvent.blur(field);
    });
    expect(
      screen.getByText(
        'Contact number is not valid. Enter a New Zealand number, such as 021 123 4567 or 09 123 4567 (spaces, dashes and +64 are fine).',
      ),
    ).toBeTruthy();
  });
});
