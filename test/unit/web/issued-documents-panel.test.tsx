// @vitest-environment jsdom
/**
 * "Your building consent" on a granted application's Overview (docs/documents.md;
 * web/src/features/application-details/IssuedDocumentsPanel.tsx): nothing before the grant; after
 * it, each issued document with its kind, date, size and a Download named by its file; "not sent
 * yet" until the council sends them.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { apiRequest } from '../../../web/src/api/client';
import { IssuedDocumentsPanel } from '../../../web/src/features/application-details/IssuedDocumentsPanel';
import type { IssuedDocumentsResponse } from '../../../shared/schemas/issued-documents';
import { renderPage } from './applications-support';

vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const api = vi.mocked(apiRequest);

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => api.mockReset());
afterEach(() => cleanup());

const ISSUED: IssuedDocumentsResponse = {
  issuedDocuments: [
    {
      name: 'consent.pdf',
      kind: 'Building consent',
      fileName: 'Building consent WCC-BC-1.pdf',
      fileSize: 25_600,
      issuedDate: '2026-11-20T01:00:00.000Z',
      uploadStatus: 'Completed',
    },
    {
      name: 'ccc.pdf',
      kind: 'Code compliance certificate',
      fileName: 'CCC WCC-BC-1.pdf',
      fileSize: 36_900,
      issuedDate: '2026-11-29T01:00:00.000Z',
      uploadStatus: 'Completed',
    },
  ],
};

describe('the consent documents panel', () => {
  it('shows nothing before the grant, and asks for nothing', () => {
    renderPage(i18n, <IssuedDocumentsPanel app={{ id: '7', status: 'InProgress' }} />);
    expect(screen.queryByRole('heading', { name: 'Your building consent' })).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it('lists each issued document with its kind, date, size and its own Download', async () => {
    api.mockResolvedValue(ISSUED);
    renderPage(
      i18n,
      <IssuedDocumentsPanel app={{ id: '7', status: 'Completed', consentNumber: 'WCC-BC-1' }} />,
    );
    const table = await screen.findByRole('table', { name: 'Your building consent' });
    const consent = (await within(table).findByText('Building consent WCC-BC-1.pdf')).closest('tr')!;
    expect(consent.textContent).toContain('Building consent');
    expect(consent.textContent).toContain('20 Nov 2026');
    expect(consent.textContent).toContain('25 KB');
    expect(within(table).getByRole('button', { name: 'Download CCC WCC-BC-1.pdf' })).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/user/applications/7/issued-documents', expect.anything());
  });

  it('on a phone (390 px) each document is a card that keeps its Download in view', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0) <= 390,
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    try {
      api.mockResolvedValue(ISSUED);
      renderPage(
        i18n,
        <IssuedDocumentsPanel app={{ id: '7', status: 'Completed', consentNumber: 'WCC-BC-1' }} />,
      );
      const list = await screen.findByRole('list', { name: 'Your building consent' });
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(
        within(cards[0]!).getByRole('button', { name: 'Download Building consent WCC-BC-1.pdf' }),
      ).toBeTruthy();
      expect(within(cards[1]!).getByRole('button', { name: 'Download CCC WCC-BC-1.pdf' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says the council has not sent them yet while there are none', async () => {
    api.mockResolvedValue({ issuedDocuments: [] });
    renderPage(
      i18n,
      <IssuedDocumentsPanel app={{ id: '7', status: 'InProgress', consentNumber: 'WCC-BC-1' }} />,
    );
    expect(await screen.findByText(/The council has not sent the consent documents yet/)).toBeTruthy();
  });
});
