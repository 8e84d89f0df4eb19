// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, within, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { setConfigForTests } from '../../../web/src/lib/config';
import { MaintenanceGate } from '../../../web/src/app/App';
import { ToastProvider, useToasts } from '../../../web/src/components/toasts';
import { createToastStore } from '../../../web/src/components/toastStore';
import { TEST_CONFIG } from './config-support';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  setConfigForTests(TEST_CONFIG);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderWithProviders(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('app root: maintenance', () => {
  it('replaces the whole app while isInMaintenance is true', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ isInMaintenance: true })));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <MaintenanceGate>
        <p>the portal</p>
      </MaintenanceGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Down for maintenance' })).toBeTruthy();
    expect(screen.queryByText('the portal')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/maintenance/maintenance.json', expect.anything());
  });

  it('renders the app when not in maintenance or when the flag cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ isInMaintenance: false }))),
    );
    renderWithProviders(
      <MaintenanceGate>
        <p>the portal</p>
      </MaintenanceGate>,
    );
    expect(await screen.findByText('the portal')).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(
      <MaintenanceGate>
        <p>the portal</p>
      </MaintenanceGate>,
    );
    expect(await screen.findByText('the portal')).toBeTruthy();
  });

  it('checks again every minute and when the page is shown again, one request at a time', async () => {
    vi.useFakeTimers();
    let on = false;
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ isInMaintenance: on })));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <I18nextProvider i18n={i18n}>
        <MaintenanceGate>
          <p>the portal</p>
        </MaintenanceGate>
      </I18nextProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('the portal')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    on = true;
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'Down for maintenance' })).toBeTruthy();

    on = false;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByText('the portal')).toBeTruthy();
  });
});

describe('toasts in the page', () => {
  function ShowButton() {
    const toasts = useToasts();
    return (
      <button type="button" onClick={() => toasts.show({ type: 'success', content: 'Saved it' })}>
        show
      </button>
    );
  }

  it('shows a toast at the bottom right and hides it after 7000 ms', () => {
    vi.useFakeTimers();
    const store = createToastStore<React.ReactNode>();
    renderWithProviders(
      <ToastProvider store={store}>
        <ShowButton />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    const region = screen.getByRole('region', { name: 'Notifications' });
    const toast = () => within(region).queryAllByRole('status');
    expect(toast().map((t) => t.textContent)).toEqual(['Saved it']);
    act(() => vi.advanceTimersByTime(6999));
    expect(toast()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(store.items()).toEqual([]);
    expect(toast()).toHaveLength(0);
  });

  it('an error is an alert; Dismiss closes a toast at once', () => {
    const store = createToastStore<React.ReactNode>();
    renderWithProviders(<ToastProvider store={store}>{null}</ToastProvider>);
    act(() => void store.show({ type: 'error', header: 'Upload failed', content: 'Try again later' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Upload failedTry again later');
    act(() => within(alert).getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.items()).toEqual([]);
  });
});
