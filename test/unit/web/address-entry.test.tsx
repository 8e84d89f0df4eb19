// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { initI18n } from '../../../web/src/i18n';
import AddressEntry from '../../../web/src/features/address/AddressEntry';
import {
  addressFromLookup,
  addressFromManual,
  manualAddressErrors,
  manualValuesOf,
} from '../../../web/src/features/address/address';
import type { Address } from '../../../shared/schemas/common';

vi.mock('../../../web/src/api/lookups', () => ({
  suggestAddresses: vi.fn(),
  fetchAddressDetails: vi.fn(),
}));

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
afterEach(() => cleanup());

function Harness(props: {
  onChange: (a: Address | null) => void;
  initial?: Address | null;
  required?: boolean;
}) {
  const [value, setValue] = useState<Address | null>(props.initial ?? null);
  return (
    <AddressEntry
      label="Address of the building site"
      required={props.required}
      value={value}
      onChange={(a) => {
        setValue(a);
        props.onChange(a);
      }}
    />
  );
}

function setup(props: { initial?: Address | null; required?: boolean } = {}) {
  const onChange = vi.fn<(a: Address | null) => void>();
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <Harness onChange={onChange} {...props} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const wrapper = createWrapper(container);
  const field = (label: string) =>
    wrapper
      .findAllFormFields()
      .find((f) => f.findLabel()?.getElement().textContent === label)
      ?.findControl()
      ?.findInput();
  const fill = (label: string, value: string) =>
    act(() => {
      const input = field(label)!;
      input.focus();
      input.setInputValue(value);
      input.blur();
    });
  return { wrapper, onChange, field, fill };
}

describe('address entry: picker ↔ manual', () => {
  it("toggles with the spec's labels and builds the full address from the parts", async () => {
    const { wrapper, onChange, fill } = setup({ required: true });
    expect(screen.getByLabelText('Address of the building site')).toBeTruthy();
    expect(wrapper.findAutosuggest()).toBeTruthy();

    await act(() => screen.getByRole('button', { name: 'Enter address manually' }).click());
    expect(wrapper.findAutosuggest()).toBeNull();
    expect(screen.getByRole('button', { name: 'Search for an address' })).toBeTruthy();
    // Country defaults to NZ.
    expect(wrapper.findSelect()!.findTrigger().getElement().textContent).toContain('New Zealand');

    await fill('Address line 1', '12 Main Road');
    expect(wrapper.findFormField()?.findError()).toBeNull();
    await fill('City', '');
    expect(screen.getByText('Required')).toBeTruthy();
    await fill('City', 'Tauranga');
    await fill('Postcode', '3110');
    expect(screen.getByLabelText('Full address').textContent).toBe('12 Main Road, Tauranga 3110');
    expect(onChange).toHaveBeenLastCalledWith({
      address1: '12 Main Road',
      city: 'Tauranga',
      country: 'NZ',
      zipCode: '3110',
      fullAddress: '12 Main Road, Tauranga 3110',
      isManualAddress: true,
    });

    await act(() => screen.getByRole('button', { name: 'Search for an address' }).click());
    expect(wrapper.findAutosuggest()).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('starts in manual entry for a manual address, marking only line 2 and state optional when required', () => {
    const initial = addressFromManual({
      ...manualValuesOf(null),
      address1: '5 Bay View',
      city: 'Napier',
      zipCode: '4110',
    });
    const { field } = setup({ initial, required: true });
    expect(field('Address line 1')!.getInputValue()).toBe('5 Bay View');
    expect(screen.getAllByText('Optional')).toHaveLength(2);
  });
});

describe('address rules', () => {
  it('maps a lookup result: lines 2-5 without the city lines, postcode → zip code, NZ, not manual', () => {
    expect(
      addressFromLookup({
        dpid: '1',
        address1: 'Flat 2, 10 Beach Road',
        address2: 'Mount Maunganui',
        address3: 'Tauranga',
        address4: 'Tauranga 3116',
        city: 'Tauranga',
        postcode: '3116',
        country: 'NZ',
        isManualAddress: false,
        fullAddress: 'Flat 2, 10 Beach Road, Mount Maunganui, Tauranga 3116',
        latitude: -37.64,
        longitude: 176.18,
      }),
    ).toEqual({
      address1: 'Flat 2, 10 Beach Road',
      address2: 'Mount Maunganui',
      city: 'Tauranga',
      country: 'NZ',
      zipCode: '3116',
      fullAddress: 'Flat 2, 10 Beach Road, Mount Maunganui, Tauranga 3116',
      isManualAddress: false,
      latitude: -37.64,
      longitude: 176.18,
    });
  });

  it('manual values: nothing entered is no address; required parts only when required', () => {
    const empty = manualValuesOf(null);
    expect(empty.country).toBe('NZ');
    expect(addressFromManual(empty)).toBeNull();
    expect(manualAddressErrors(empty, false)).toEqual({});
    expect(manualAddressErrors(empty, true)).toEqual({
      address1: 'Required',
      city: 'Required',
      zipCode: 'Required',
    });
    expect(manualAddressErrors({ ...empty, country: '' }, true).country).toBe('Required');
    expect(
      addressFromManual({ ...empty, address1: '1 A St', address2: 'Unit 3', state: 'Otago', city: 'Dunedin' })
        ?.fullAddress,
    ).toBe('1 A St, Unit 3, Dunedin, Otago');
  });
});
