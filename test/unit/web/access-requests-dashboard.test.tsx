// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { accessRequestsApi } from '../../../web/src/api/access-requests';
import { applicationsApi } from '../../../web/src/api/applications';
import { setConfigForTests } from '../../../web/src/lib/config';
import { DashboardWork } from '../../../web/src/features/dashboard/DashboardWork';
import { renderPage } from './applications-support';
import { accessRequest } from './access-requests-support';
import { TEST_CONFIG } from './config-support';

vi.mock('../../../web/src/api/access-requests', async (importOriginal) =>
  (await import('./access-requests-support')).mockedAccessRequestsApi(importOriginal),
);
vi.mock('../../../web/src/api/applications', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/applications')>();
  return {
    ...actual,
    applicationsApi: Object.fromEntries(Object.keys(actual.applicationsApi).map((k) => [k, vi.fn()])),
  };
});
const api = vi.mocked(accessRequestsApi);
const apps = vi.mocked(applicationsApi);

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
  await import('../../../web/src/features/access-requests/AccessRequestsTab');
});
beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(apps)]) fn.mockReset();
  apps.listV3.mockResolvedValue({ items: [], pageIndex: 1, pageSize: 10, hasMore: false });
  api.list.mockResolvedValue({
    incomingAccessRequests: [accessRequest(), accessRequest({ requestGuid: 'g-2' })],
    myAccessRequests: [],
  });
});
afterEach(() => {
  cleanup();
  setConfigForTests(undefined);
});

describe("the dashboard's work lists", () => {
  it('without the accessRequests flag: Actions to be taken only', async () => {
    setConfigForTests(TEST_CONFIG);
    renderPage(i18n, <DashboardWork />);
    expect(await screen.findByText("You're all caught up")).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(api.list).not.toHaveBeenCalled();
  });

  it('with the flag: Required Actions and Access Requests with the count of requests to review', async () => {
    setConfigForTests({ ...TEST_CONFIG, flags: { accessRequests: true } });
    renderPage(i18n, <DashboardWork />);
    expect(screen.getByRole('tab', { name: 'Required Actions', selected: true })).toBeTruthy();
    expect(await screen.findByText("You're all caught up")).toBeTruthy();
    const requests = await screen.findByRole('tab', { name: 'Access Requests 2' });
    await act(async () => void fireEvent.click(requests));
    expect(await screen.findByRole('table', { name: 'Access requests to review' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Your access requests' })).toBeTruthy();
  });

  it("the access-request email's link (/?tab=access-requests) opens Access Requests", async () => {
    setConfigForTests({ ...TEST_CONFIG, flags: { accessRequests: true } });
    renderPage(i18n, <DashboardWork />, { path: '/', url: '/?tab=access-requests' });
    expect(await screen.findByRole('table', { name: 'Access requests to review' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Access Requests 2', selected: true })).toBeTruthy();
  });
});
