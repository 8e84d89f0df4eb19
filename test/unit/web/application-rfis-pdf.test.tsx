// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { apiRequest } from '../../../web/src/api/client';
import { ServiceError } from '../../../web/src/api/errors';
import ApplicationRfisPdfPage from '../../../web/src/features/application-rfis-pdf/ApplicationRfisPdfPage';
import { listItem, renderPage } from './applications-support';

vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const api = vi.mocked(apiRequest);

const app = (hasRFI: boolean) => ({
  application: {
    ...listItem({ id: '55', status: 'VRFISuspended', applicationNumber: 'BLD-2025-00055' }),
    participants: [],
    hasRFI,
  },
  requiredDocuments: [],
  requiredInspections: [],
  template: null,
});
const LINK = {
  fileName: 'rfis-BLD-2025-00055.pdf',
  url: 'http://uploads.local/rfis-pdf/55/abc.pdf?sig=1',
  generatedAt: '2025-03-04T10:30:00.000Z',
  size: 8,
};

function serve(handlers: Record<string, unknown>) {
  api.mockImplementation(async (path: string, options?: { method?: string }) => {
    const key = `${options?.method ?? 'GET'} ${path}`;
    if (key in handlers) {
      const value = handlers[key];
      if (value instanceof Error) throw value;
      return value;
    }
    throw new ServiceError('ResourceNotFound', `no stub for ${key}`, 404);
  });
}
const open = () =>
  renderPage(i18n, <ApplicationRfisPdfPage />, {
    path: '/application-rfis-pdf/:applicationId',
    url: '/application-rfis-pdf/55',
  });

let i18n: I18n;
let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
beforeEach(() => {
  api.mockReset();
  fetchMock = vi.fn(async () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }));
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:rfis');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RFIs PDF page', () => {
  it('previews the RFIs PDF from its link in the page; Download saves it under its file name', async () => {
    serve({ 'GET /user/applications/55': app(true), 'GET /user/applications/55/rfis-pdf': LINK });
    open();
    expect(await screen.findByRole('heading', { name: 'Requests for further information' })).toBeTruthy();
    const frame = await screen.findByTitle('RFIs PDF of application BLD-2025-00055');
    expect(frame.getAttribute('src')).toBe('blob:rfis');
    expect(fetchMock).toHaveBeenCalledWith(LINK.url, expect.anything());

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const download = screen.getByRole('button', { name: 'Download' });
    expect((download as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(download);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('rfis-BLD-2025-00055.pdf');
    click.mockRestore();
    expect(screen.getByRole('link', { name: 'Back to RFIs' }).getAttribute('href')).toBe(
      '/application-details/55?section=RFIs',
    );
  });

  it('an application without RFIs: a clear message, nothing asked of the server, no download', async () => {
    serve({ 'GET /user/applications/55': app(false) });
    open();
    expect(
      await screen.findByText(
        'The council has raised no requests for further information on this application, so there is nothing to print.',
      ),
    ).toBeTruthy();
    expect(api.mock.calls.map(([path]) => path)).not.toContain('/user/applications/55/rfis-pdf');
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a failed PDF is said in the page and in a toast', async () => {
    serve({
      'GET /user/applications/55': app(true),
      'GET /user/applications/55/rfis-pdf': new ServiceError('ServerError', 'Error', 500),
    });
    open();
    await waitFor(() =>
      expect(
        screen.getAllByText('Failed to prepare the RFIs PDF. Try again in a moment.').length,
      ).toBeGreaterThan(1),
    );
    expect(screen.queryByTitle('RFIs PDF of application BLD-2025-00055')).toBeNull();
  });
});
