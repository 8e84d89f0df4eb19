// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { applicationsApi } from '../../../web/src/api/applications';
import { apiRequest } from '../../../web/src/api/client';
import { OutstandingActions } from '../../../web/src/features/dashboard/OutstandingActions';
import { listItem, renderPage } from './applications-support';
import { paymentDto, rfiPointDto } from './outstanding-support';

vi.mock('../../../web/src/api/applications', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/applications')>();
  return {
    ...actual,
    applicationsApi: Object.fromEntries(Object.keys(actual.applicationsApi).map((k) => [k, vi.fn()])),
  };
});
const api = vi.mocked(applicationsApi);
vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const request = vi.mocked(apiRequest);

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
beforeEach(() => {
  api.listV3.mockReset();
  request.mockReset();
  request.mockResolvedValue({ rfiPoints: [] });
});
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
        outstandingActions: ['RFI', 'PAYMENT', 'DOCUMENT'],
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

  it('names on each card what the applicant has to do, with the button that does it (the Overview’s rule)', async () => {
    api.listV3.mockResolvedValue({
      items: [
        listItem({
          id: '7',
          formDisplayName: 'Extension',
          status: 'VRFISuspended',
          authorityDisplayName: 'Wellington City Council',
          hasOutstandingRFIs: true,
          hasOutstandingPayments: true,
        }),
      ],
      pageIndex: 1,
      pageSize: 10,
      hasMore: false,
    });
    request.mockImplementation(async (path: string) =>
      path.endsWith('/payments')
        ? [
            paymentDto({
              id: 'p2',
              applicationId: '7',
              description: 'Building consent processing fee',
              baseAmount: 2847.5,
              dueDate: '2099-12-19',
            }),
          ]
        : {
            rfiPoints: [
              rfiPointDto({ id: 'a', applicationId: '7' }),
              rfiPointDto({ id: 'b', applicationId: '7', responseDetails: 'Calcs attached' }),
            ],
          },
    );
    renderPage(i18n, <OutstandingActions />);
    const list = await screen.findByRole('list', { name: 'What you need to do' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Answer 2 points from Wellington City CouncilAnswer the points',
      'Pay $2,847.50 building consent processing fee by 19 Dec 2099Pay now',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Answer the points' }).getAttribute('href')).toBe(
      '/application-details/7?section=RFIs',
    );
    expect(within(items[1]!).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/application-details/7/payment-details/p2',
    );
    expect(request).toHaveBeenCalledWith('/user/applications/7/payments', expect.anything());
    expect(request).toHaveBeenCalledWith('/user/applications/7/rfi-points-v2', expect.anything());
  });
});
