// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { initI18n } from '../../../web/src/i18n';
import AddressPicker from '../../../web/src/features/address/AddressPicker';
import { fetchAddressDetails, suggestAddresses } from '../../../web/src/api/lookups';
import { ServiceError } from '../../../web/src/api/errors';
import type { Address } from '../../../shared/schemas/common';
import {
  ADDRESS_SEARCH_DEBOUNCE_MS,
  lookupMessages,
  type AddressLookupResult,
} from '../../../shared/schemas/lookups';

vi.mock('../../../web/src/api/lookups', () => ({
  suggestAddresses: vi.fn(),
  fetchAddressDetails: vi.fn(),
}));
const suggest = vi.mocked(suggestAddresses);
const details = vi.mocked(fetchAddressDetails);

const QUEEN = { dpid: '101', fullAddress: '1 Queen Street, Auckland Central, Auckland 1010' };
const QUAY = { dpid: '102', fullAddress: '1 Quay Street, Auckland Central, Auckland 1010' };
const QUEEN_DETAILS: AddressLookupResult = {
  dpid: '101',
  address1: '1 Queen Street',
  address2: 'Auckland Central',
  address3: 'Auckland 1010',
  city: 'Auckland',
  postcode: '1010',
  country: 'NZ',
  isManualAddress: false,
  fullAddress: QUEEN.fullAddress,
  latitude: -36.8442,
  longitude: 174.7668,
};

let i18n: I18n;
beforeAll(async () => {
  // Cloudscape's test-utils call React's act directly.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
beforeEach(() => {
  vi.useFakeTimers();
  suggest.mockReset();
  details.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Harness({
  onChange,
  label,
  onEnterManually,
  onRetrieving,
}: {
  onChange: (a: Address | null) => void;
  label?: string;
  onEnterManually?: () => void;
  onRetrieving?: (r: boolean) => void;
}) {
  const [value, setValue] = useState<Address | null>(null);
  return (
    <AddressPicker
      label={label}
      onEnterManually={onEnterManually}
      onRetrieving={onRetrieving}
      value={value}
      onChange={(a) => {
        setValue(a);
        onChange(a);
      }}
    />
  );
}

function setup(label?: string, onEnterManually?: () => void) {
  const onChange = vi.fn<(a: Address | null) => void>();
  const onRetrieving = vi.fn<(r: boolean) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container, unmount } = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Harness
          onChange={onChange}
          label={label}
          onEnterManually={onEnterManually}
          onRetrieving={onRetrieving}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const picker = createWrapper(container).findAutosuggest()!;
  const type = (text: string) =>
    act(() => {
      picker.focus();
      picker.setInputValue(text);
    });
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const options = () =>
    picker
      .findDropdown()
      .findOptions()
      .map((o) => o.getElement().textContent);
  return { container, picker, onChange, onRetrieving, type, wait, options, unmount };
}

describe('AddressPicker', () => {
  it('is labelled Address by default, or with the label given', () => {
    setup();
    expect(screen.getByLabelText('Address')).toBeTruthy();
    cleanup();
    setup('Address of the building site');
    expect(screen.getByLabelText('Address of the building site')).toBeTruthy();
  });

  it('does not search below 2 characters, and says it needs two', async () => {
    const { type, wait } = setup();
    await type('1');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS * 2);
    expect(screen.getAllByText('Type at least 2 characters to search').length).toBeGreaterThan(0);
    await type(' ');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS * 2);
    expect(suggest).not.toHaveBeenCalled();
  });

  it('fast typing makes one call, 1000 ms after the last key', async () => {
    suggest.mockResolvedValue([QUEEN, QUAY]);
    const { type, wait, options } = setup();
    for (const text of ['1 ', '1 Q', '1 Qu']) {
      await type(text);
      await wait(300);
    }
    expect(suggest).not.toHaveBeenCalled();
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS - 301);
    expect(suggest).not.toHaveBeenCalled();
    await wait(1);
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest.mock.calls[0]?.[0]).toBe('1 Qu');
    await wait(0);
    expect(options()).toEqual([QUEEN.fullAddress, QUAY.fullAddress]);
    expect(screen.getByRole('status').textContent).toBe('2 addresses found');
  });

  it('picking a result fetches its details by dpid and yields the Address', async () => {
    suggest.mockResolvedValue([QUEEN, QUAY]);
    details.mockResolvedValue(QUEEN_DETAILS);
    const { picker, type, wait, onChange } = setup();
    await type('1 Qu');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    await act(() => picker.selectSuggestionByValue(QUEEN.fullAddress));
    await wait(0);
    expect(details).toHaveBeenCalledWith('101', expect.anything());
    expect(onChange).toHaveBeenLastCalledWith({
      address1: '1 Queen Street',
      address2: 'Auckland Central',
      city: 'Auckland',
      country: 'NZ',
      zipCode: '1010',
      fullAddress: QUEEN.fullAddress,
      isManualAddress: false,
      latitude: -36.8442,
      longitude: 174.7668,
    });
    expect(picker.findNativeInput().getElement().value).toBe(QUEEN.fullAddress);
    // Picking does not start another search, and leaving keeps the picked address.
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS * 2);
    expect(suggest).toHaveBeenCalledTimes(1);
    await act(() => picker.blur());
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(picker.findNativeInput().getElement().value).toBe(QUEEN.fullAddress);
  });

  it('says when a pick is being retrieved, until its details arrive or fail', async () => {
    suggest.mockResolvedValue([QUEEN, QUAY]);
    let arrive!: (d: typeof QUEEN_DETAILS) => void;
    details.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    details.mockRejectedValueOnce(new Error('down'));
    const { picker, type, wait, onChange, onRetrieving } = setup();
    await type('1 Qu');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    expect(onRetrieving).not.toHaveBeenCalled();
    await act(() => picker.selectSuggestionByValue(QUEEN.fullAddress));
    expect(onRetrieving).toHaveBeenLastCalledWith(true);
    expect(screen.getByText('Retrieving the address')).toBeTruthy();
    await act(async () => arrive(QUEEN_DETAILS));
    await wait(0);
    // The address first, then the end of the retrieval.
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onRetrieving).toHaveBeenLastCalledWith(false);
    expect(onChange.mock.invocationCallOrder[0]).toBeLessThan(onRetrieving.mock.invocationCallOrder.at(-1)!);

    const before = onRetrieving.mock.calls.length;
    await type('1 Qu');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    await act(() => picker.selectSuggestionByValue(QUAY.fullAddress));
    await wait(0);
    expect(onRetrieving.mock.calls.slice(before).map(([r]) => r)).toEqual([true, false]);
    expect(screen.getByText('Fail to retrieve the address information')).toBeTruthy();
  });

  it('removed while retrieving, it says the retrieval has ended', async () => {
    suggest.mockResolvedValue([QUEEN]);
    details.mockReturnValueOnce(new Promise(() => undefined));
    const { picker, type, wait, onRetrieving, unmount } = setup();
    await type('1 Qu');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    await act(() => picker.selectSuggestionByValue(QUEEN.fullAddress));
    expect(onRetrieving).toHaveBeenLastCalledWith(true);
    unmount();
    expect(onRetrieving).toHaveBeenLastCalledWith(false);
  });

  it('leaving the field with text that was not picked clears it', async () => {
    suggest.mockResolvedValue([QUEEN]);
    details.mockResolvedValue(QUEEN_DETAILS);
    const { picker, type, wait, onChange } = setup();
    // Never picked: the text goes.
    await type('1 Queen');
    await act(() => picker.blur());
    expect(picker.findNativeInput().getElement().value).toBe('');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS * 2);
    expect(suggest).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    // Picked, then edited: the address is cleared too.
    await type('1 Queen');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    await act(() => picker.selectSuggestionByValue(QUEEN.fullAddress));
    await wait(0);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ fullAddress: QUEEN.fullAddress }));
    await type('1 Queen Street, Auckland');
    await act(() => picker.blur());
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(picker.findNativeInput().getElement().value).toBe('');
  });

  it('a failed search is logged and the list stays as it was', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    suggest.mockResolvedValueOnce([QUEEN, QUAY]);
    const { type, wait, options } = setup();
    await type('1 Q');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    expect(options()).toEqual([QUEEN.fullAddress, QUAY.fullAddress]);
    const failure = new ServiceError('ServerError', lookupMessages.addressSuggest);
    suggest.mockRejectedValueOnce(failure);
    await type('1 Qx');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    expect(suggest).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith(lookupMessages.addressSuggest, failure);
    expect(options()).toEqual([QUEEN.fullAddress, QUAY.fullAddress]);
  });

  it('failed details show the spec message and yield no address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    suggest.mockResolvedValue([QUEEN]);
    details.mockRejectedValue(new ServiceError('ServerError', lookupMessages.addressDetails));
    const { container, picker, type, wait, onChange } = setup();
    await type('1 Queen');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    await act(() => picker.selectSuggestionByValue(QUEEN.fullAddress));
    await wait(0);
    expect(createWrapper(container).findFormField()!.findError()!.getElement().textContent).toBe(
      'Fail to retrieve the address information',
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('failed details after leaving the field clear the text; emptying the field clears the address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    suggest.mockResolvedValue([QUEEN]);
    let fail: (e: Error) => void = () => undefined;
    details.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    const { picker, type, wait, onChange } = setup();
    await type('1 Queen');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    await act(() => picker.selectSuggestionByValue(QUEEN.fullAddress));
    expect(screen.getByText('Retrieving the address')).toBeTruthy();
    await act(() => picker.blur());
    expect(picker.findNativeInput().getElement().value).toBe(QUEEN.fullAddress);
    await act(async () => fail(new ServiceError('ServerError', lookupMessages.addressDetails)));
    expect(picker.findNativeInput().getElement().value).toBe('');
    expect(screen.getByText('Fail to retrieve the address information')).toBeTruthy();

    details.mockResolvedValueOnce(QUEEN_DETAILS);
    await type('1 Queen');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    await act(() => picker.selectSuggestionByValue(QUEEN.fullAddress));
    await wait(0);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ zipCode: '1010' }));
    await type('');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows loading while searching and the empty state when nothing matches', async () => {
    let resolve: (v: []) => void = () => undefined;
    suggest.mockReturnValue(new Promise((r) => (resolve = r)));
    const { picker, type, wait } = setup();
    await type('zz');
    expect(screen.getByRole('status').textContent).toBe('Searching addresses');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    expect(picker.findDropdown().findFooterRegion()?.getElement().textContent).toContain(
      'Searching addresses',
    );
    await act(async () => resolve([]));
    expect(screen.getByRole('status').textContent).toBe('No matching address — enter the address manually');
  });

  it('a search that finds nothing says so under the field and offers the manual route (docs/lookups.md)', async () => {
    suggest.mockResolvedValue([]);
    const manual = vi.fn();
    const { type, wait } = setup(undefined, manual);
    await type('15 Cuba');
    await wait(ADDRESS_SEARCH_DEBOUNCE_MS);
    await wait(0);
    expect(screen.getAllByText(/No matching address — enter the address manually/).length).toBeGreaterThan(0);
    await act(() => screen.getByRole('button', { name: 'Enter the address manually' }).click());
    expect(manual).toHaveBeenCalledOnce();
  });
});
