// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import axe from 'axe-core';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { initI18n } from '../../../web/src/i18n';
import AddressEntry from '../../../web/src/features/address/AddressEntry';
import AuthorityInfoCard from '../../../web/src/features/authority/AuthorityInfoCard';
import { suggestAddresses } from '../../../web/src/api/lookups';
import { ADDRESS_SEARCH_DEBOUNCE_MS } from '../../../shared/schemas/lookups';

vi.mock('../../../web/src/api/lookups', () => ({
  suggestAddresses: vi.fn(),
  fetchAddressDetails: vi.fn(),
}));

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function violations(container: Element) {
  // jsdom has no layout: contrast cannot be computed there (the e2e axe sweep covers it).
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const renderUi = (ui: React.ReactNode) =>
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <main>{ui}</main>
      </QueryClientProvider>
    </I18nextProvider>,
  );

describe('accessibility (axe)', () => {
  it('the picker with its results open, and the manual fields', async () => {
    vi.mocked(suggestAddresses).mockResolvedValue([
      { dpid: '1', fullAddress: '1 Queen Street, Auckland Central, Auckland 1010' },
    ]);
    const { container } = renderUi(
      <AddressEntry label="Address of the building site" required value={null} onChange={() => undefined} />,
    );
    vi.useFakeTimers();
    const picker = createWrapper(container).findAutosuggest()!;
    await act(() => {
      picker.focus();
      picker.setInputValue('1 Queen');
    });
    await act(() => vi.advanceTimersByTimeAsync(ADDRESS_SEARCH_DEBOUNCE_MS));
    expect(picker.findDropdown().findOptions()).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('1 address found');
    vi.useRealTimers();
    expect(await violations(container)).toEqual([]);

    await act(() => screen.getByRole('button', { name: 'Enter address manually' }).click());
    expect(await violations(container)).toEqual([]);
  });

  it('the authority info card', async () => {
    const { container } = renderUi(
      <AuthorityInfoCard
        authority={{
          displayName: 'Hamilton City Council',
          address: { fullAddress: '260 Anglesea Street, Hamilton Central, Hamilton 3204' },
          email: 'building@hcc.govt.nz',
          phone: '07 838 6699',
          website: 'https://hamilton.govt.nz',
        }}
      />,
    );
    expect(await violations(container)).toEqual([]);
  });
});
