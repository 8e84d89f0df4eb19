// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { applicationsApi } from '../../../web/src/api/applications';
import { OutstandingActions } from '../../../web/src/features/dashboard/OutstandingActions';
import { listItem, renderPage } from './applications-support';

vi.mock('../../../web/src/api/applications', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/applications')>();
  return {
    ...actual,
    applicationsApi: Object.fromEntries(Object.keys(actual.applicationsApi).map((k) => [k, vi.fn()])),
  };
});
const api = vi.mocked(applicationsApi);

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
beforeEach(() => api.listV3.mockReset());
afterEach(cleanup);

const page = (pageIndex: number, ids: string[], hasMore: boolean) => ({
  items: ids.map((id) => listItem({ id, formDisplayName: `Form ${id}`, hasOutstandingRFIs: true })),
  pageIndex,
  pageSize: 10,
  hasMore,
});

describe("the dashboard's Actions to be taken", () => {
  it('lists applications with outstanding RFIs or payments and loads more pages', async () => {
    api.listV3.mockResolvedValueOnce(page(1, ['1', '2'], true)).mockResolvedValueOnce(page(2, ['3'], false));
    renderPage(i18n, <OutstandingActions />);
    expect(await screen.findByText('Form 1')).toBeTruthy();
    expect(api.listV3).toHaveBeenCalledWith(
      expect.objectContaining({
        pageIndex: 1,
        pageSize: 10,
        sortBy: 'modifiedDate',
        sortDirection: 'desc',
        outstandingActions: ['RFI', 'PAYMENT'],
      }),
      expect.anything(),
    );
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(await screen.findByText('Form 3')).toBeTruthy();
    expect(screen.getByText('Form 2')).toBeTruthy();
    expect(api.listV3).toHaveBeenLastCalledWith(expect.objectContaining({ pageIndex: 2 }), expect.anything());
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says "You\'re all caught up" when nothing is outstanding', async () => {
    api.listV3.mockResolvedValue(page(1, [], false));
    renderPage(i18n, <OutstandingActions />);
    expect(await screen.findByText("You're all caught up")).toBeTruthy();
  });
});
