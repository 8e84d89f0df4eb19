// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { apiRequest } from '../../../web/src/api/client';
import { ServiceError } from '../../../web/src/api/errors';
import ApplicationSubmittedPage from '../../../web/src/features/application-submitted/ApplicationSubmittedPage';
import ApplicationPdfPage from '../../../web/src/features/application-pdf/ApplicationPdfPage';
import { applicationMessages } from '../../../shared/schemas/applications';
import { listItem, renderPage } from './applications-support';

vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const api = vi.mocked(apiRequest);

const APP = {
  ...listItem({
    id: '55',
    status: 'Submitted',
    applicationNumber: 'BLD-2025-00055',
    submissionDate: '2025-03-04T10:30:00.000Z',
  }),
  participants: [],
  applicationFormPdf: 'summary-55.pdf',
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
const GET_APP = { application: APP, requiredDocuments: [], requiredInspections: [], template: null };
const LINK = { presignedUrl: 'http://uploads.local/summary-55.pdf?sig=1', fileName: 'BLD-2025-00055.pdf' };

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
  URL.createObjectURL = vi.fn(() => 'blob:summary');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('application submitted page', () => {
  it('confirms with the number, address and authority, what happens next, and the ways on', async () => {
    serve({
      'GET /user/applications/55': GET_APP,
      'GET /user/applications/55/documents/summary-55.pdf/download-link': LINK,
    });
    const { router } = renderPage(i18n, <ApplicationSubmittedPage />, {
      path: '/application-submitted/:applicationId',
      url: '/application-submitted/55',
    });
    expect(
      await screen.findByText('Application BLD-2025-00055 has been sent to Auckland Council.'),
    ).toBeTruthy();
    expect(screen.getByText('1 Queen Street, Auckland 1010')).toBeTruthy();
    expect(screen.getByText('What happens next')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Download summary PDF' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(LINK.presignedUrl, { signal: undefined }));

    fireEvent.click(screen.getByRole('button', { name: 'View application details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application-details/55'));
  });

  it('just submitted: the PDF is being prepared (no error), and the Download comes once it is made', async () => {
    let calls = 0;
    api.mockImplementation(async (path: string) => {
      if (path === '/user/applications/55') {
        calls++;
        const application = calls < 2 ? { ...APP, applicationFormPdf: undefined } : APP;
        return { ...GET_APP, application };
      }
      if (path === '/user/applications/55/documents/summary-55.pdf/download-link') return LINK;
      throw new ServiceError('ResourceNotFound', `no stub for ${path}`, 404);
    });
    renderPage(i18n, <ApplicationSubmittedPage />, {
      path: '/application-submitted/:applicationId',
      url: '/application-submitted/55',
    });
    const PENDING = 'The summary PDF is being prepared. Try again in a moment.';
    await waitFor(() => expect(document.body.textContent).toContain(PENDING), { timeout: 5000 });
    expect(screen.queryByText(applicationMessages.failedToPreviewDocument)).toBeNull();
    expect(screen.getByRole('button', { name: 'Download summary PDF' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await waitFor(
      () =>
        expect(
          screen.getByRole('button', { name: 'Download summary PDF' }).getAttribute('aria-disabled'),
        ).not.toBe('true'),
      { timeout: 5000 },
    );
    expect(document.body.textContent).not.toContain(PENDING);
  });
});

describe('summary PDF page', () => {
  it('just submitted: says the PDF is being prepared, not that there is none, then shows it', async () => {
    let calls = 0;
    api.mockImplementation(async (path: string) => {
      if (path === '/user/applications/55') {
        calls++;
        const application = calls < 2 ? { ...APP, applicationFormPdf: undefined } : APP;
        return { ...GET_APP, application };
      }
      if (path === '/user/applications/55/documents/summary-55.pdf/download-link') return LINK;
      throw new ServiceError('ResourceNotFound', `no stub for ${path}`, 404);
    });
    renderPage(i18n, <ApplicationPdfPage />, {
      path: '/application-form-pdf/:applicationId',
      url: '/application-form-pdf/55',
    });
    expect(
      await screen.findByText('The summary PDF is being prepared. It appears here in a moment.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(screen.queryByText('This application has no summary PDF yet.')).toBeNull();
    expect(
      await screen.findByTitle('Summary PDF of application BLD-2025-00055', undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('previews the PDF from its presigned URL in the page, with a Download button', async () => {
    serve({
      'GET /user/applications/55': GET_APP,
      'GET /user/applications/55/documents/summary-55.pdf/download-link': LINK,
    });
    renderPage(i18n, <ApplicationPdfPage />, {
      path: '/application-form-pdf/:applicationId',
      url: '/application-form-pdf/55',
    });
    const frame = await screen.findByTitle('Summary PDF of application BLD-2025-00055');
    expect(frame.getAttribute('src')).toBe('blob:summary');
    expect(screen.getByRole('button', { name: 'Download' }).getAttribute('aria-disabled')).not.toBe('true');
  });

  it('a failed download link is the spec’s toast', async () => {
    serve({
      'GET /user/applications/55': GET_APP,
      'GET /user/applications/55/documents/summary-55.pdf/download-link': new ServiceError(
        'ServerError',
        'Error',
        500,
      ),
    });
    renderPage(i18n, <ApplicationPdfPage />, {
      path: '/application-form-pdf/:applicationId',
      url: '/application-form-pdf/55',
    });
    expect((await screen.findAllByText(applicationMessages.failedToPreviewDocument)).length).toBeGreaterThan(
      1,
    );
  });
});
