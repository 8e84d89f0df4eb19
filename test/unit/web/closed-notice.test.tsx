// @vitest-environment jsdom
/**
 * Why the council closed the application, on the details Overview
 * (web/src/features/application-details/ClosedNotice.tsx): Rejected and Refused read
 * GET .../rejected-reason (docs/architecture.md); Lapsed and Withdrawn show their closed reason.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { apiRequest } from '../../../web/src/api/client';
import { ClosedNotice } from '../../../web/src/features/application-details/ClosedNotice';
import { renderPage } from './applications-support';

vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const api = vi.mocked(apiRequest);

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(() => {
  cleanup();
  api.mockReset();
});

describe('ClosedNotice', () => {
  it('a rejected lodgement: the reason the server gives', async () => {
    api.mockResolvedValue({ reason: 'No site plan', date: '2026-11-20T01:00:00.000Z' });
    renderPage(i18n, <ClosedNotice app={{ id: '55', status: 'Rejected' }} />);
    expect(await screen.findByText('The council rejected the lodgement')).toBeTruthy();
    expect(await screen.findByText(/No site plan \(20 Nov 2026\)/)).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/user/applications/55/rejected-reason', expect.anything());
  });

  it('a refused consent without a reason says so', async () => {
    api.mockResolvedValue({ reason: null });
    renderPage(
      i18n,
      <ClosedNotice app={{ id: '56', status: 'Refused', decisionDate: '2026-11-21T01:00:00.000Z' }} />,
    );
    expect(await screen.findByText('The council refused the consent')).toBeTruthy();
    expect(await screen.findByText(/The council gave no reason\. \(21 Nov 2026\)/)).toBeTruthy();
  });

  it('lapsed: its closed reason, no call; in progress: nothing', async () => {
    renderPage(
      i18n,
      <ClosedNotice app={{ id: '57', status: 'Lapsed', closedReason: 'Work not started in 12 months' }} />,
    );
    expect(await screen.findByText('The consent lapsed')).toBeTruthy();
    expect(screen.getByText('Work not started in 12 months')).toBeTruthy();
    cleanup();
    renderPage(i18n, <ClosedNotice app={{ id: '58', status: 'InProgress' }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });
});
