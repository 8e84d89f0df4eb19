// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { initI18n } from '../../../web/src/i18n';
import { accessRequestsApi } from '../../../web/src/api/access-requests';
import { toServiceError } from '../../../web/src/api/errors';
import { RequestAccessAction } from '../../../web/src/features/access-requests/RequestAccessAction';
import { renderPage, user } from './applications-support';
import { searchItem } from './access-requests-support';

vi.mock('../../../web/src/api/access-requests', async (importOriginal) =>
  (await import('./access-requests-support')).mockedAccessRequestsApi(importOriginal),
);
// The NZ Post picker has its own tests (address-picker.test.tsx): here a button picks an address;
// the others start a pick whose details are still being retrieved and end it (with them or failed),
// in the order the picker reports them (the address, then the end of the retrieval).
vi.mock('../../../web/src/features/address/AddressPicker', () => ({
  default: ({
    label,
    errorText,
    onChange,
    onRetrieving,
  }: {
    label: string;
    errorText?: string;
    onChange: (a: unknown) => void;
    onRetrieving?: (r: boolean) => void;
  }) => (
    <div>
      <button
        type="button"
        onClick={() => onChange({ fullAddress: '86A Renall Street, Ponsonby, Auckland 1011' })}
      >
        {`Pick ${label}`}
      </button>
      <button type="button" onClick={() => onRetrieving?.(true)}>
        Start retrieving
      </button>
      <button
        type="button"
        onClick={() => {
          onChange({ fullAddress: '86A Renall Street, Ponsonby, Auckland 1011' });
          onRetrieving?.(false);
        }}
      >
        Details arrive
      </button>
      <button type="button" onClick={() => onRetrieving?.(false)}>
        Details fail
      </button>
      {errorText && <span>{errorText}</span>}
    </div>
  ),
}));
vi.mock('../../../web/src/features/new-application/reference', () => ({
  jurisdictionQuery: () => ({
    queryKey: ['jurisdiction'],
    queryFn: async () => ({
      authorities: [
        { id: 'akl', displayName: 'Auckland Council' },
        { id: 'wcc', displayName: 'Wellington City Council' },
      ],
    }),
  }),
}));
const api = vi.mocked(accessRequestsApi);

const complete = { ...user, address: { fullAddress: '1 Cuba Street, Wellington 6011' } };

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
  // The lazy dialog's module, compiled once before the tests wait for it.
  await import('../../../web/src/features/access-requests/RequestAccessDialog');
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
});
afterEach(cleanup);

const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));
const page = (items: ReturnType<typeof searchItem>[], pageIndex = 1, hasMore = false) => ({
  items,
  pageIndex,
  pageSize: 20,
  hasMore,
});

async function openDialog() {
  renderPage(i18n, <RequestAccessAction />, {}, complete);
  await click(screen.getByRole('button', { name: 'Request access to a project' }));
  return screen.findByRole('dialog', { name: 'Request access to a project' });
}

describe('Request access to a project', () => {
  it("is disabled with 'To request access, you must complete your user profile' until the profile is complete", async () => {
    renderPage(i18n, <RequestAccessAction />, {}, user);
    const action = screen.getByRole('button', { name: 'Request access to a project' });
    expect(action.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('tooltip').textContent).toBe(
      'To request access, you must complete your user profile',
    );
    expect(action.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    await click(action);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('searches by the picked address only; results offer Open or Request access; requesting shows the confirmation', async () => {
    api.search.mockResolvedValue(
      page([
        searchItem(),
        searchItem({
          applicationId: '502',
          applicationNumber: 'BLD-000502',
          accessLevel: 'Edit',
          status: 'InProgress',
        }),
      ]),
    );
    api.create.mockResolvedValue({} as never);
    const dialog = await openDialog();
    await click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(api.search).not.toHaveBeenCalled();

    await click(within(dialog).getByRole('button', { name: 'Pick Address' }));
    await click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.search).toHaveBeenCalledWith(
        { address: '86A Renall Street, Ponsonby, Auckland 1011', pageIndex: 1 },
        expect.anything(),
      ),
    );
    const table = await within(dialog).findByRole('table', { name: 'Projects found' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Project ID', 'Project', 'Address', 'Authority', 'Status', 'Action']);
    expect(within(table).getByRole('button', { name: 'Open BLD-000502' })).toBeTruthy();
    // A status in words, never its code (docs/access-requests.md).
    expect(within(table).getByText('In Progress')).toBeTruthy();
    expect(within(table).queryByText('InProgress')).toBeNull();

    await click(within(table).getByRole('button', { name: 'Request access to BLD-000501' }));
    expect(api.create).toHaveBeenCalledWith('501');
    const done = await screen.findByRole('dialog', { name: 'Access request submitted' });
    expect(done.textContent).toContain('The request expires automatically after seven calendar days');
  });

  it('a Search pressed while the picked address is being retrieved runs once it arrives, not as a missing address', async () => {
    api.search.mockResolvedValue(page([searchItem()]));
    const dialog = await openDialog();
    await click(within(dialog).getByRole('button', { name: 'Start retrieving' }));
    await click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(within(dialog).queryByText('Required')).toBeNull();
    expect(api.search).not.toHaveBeenCalled();

    await click(within(dialog).getByRole('button', { name: 'Details arrive' }));
    await waitFor(() =>
      expect(api.search).toHaveBeenCalledWith(
        { address: '86A Renall Street, Ponsonby, Auckland 1011', pageIndex: 1 },
        expect.anything(),
      ),
    );
    expect(await within(dialog).findByRole('table', { name: 'Projects found' })).toBeTruthy();
    expect(api.search).toHaveBeenCalledTimes(1);
  });

  it('a retrieval that fails runs no waiting search (the picker says why)', async () => {
    const dialog = await openDialog();
    await click(within(dialog).getByRole('button', { name: 'Start retrieving' }));
    await click(within(dialog).getByRole('button', { name: 'Search' }));
    await click(within(dialog).getByRole('button', { name: 'Details fail' }));
    expect(api.search).not.toHaveBeenCalled();
    expect(within(dialog).queryByText('Required')).toBeNull();
    // The next Search, with no address, says it is required.
    await click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
  });

  it('advanced search needs the project number and an authority; Back returns to the address search', async () => {
    api.search.mockResolvedValue(page([searchItem()], 1, true));
    const dialog = await openDialog();
    await click(within(dialog).getByRole('button', { name: 'Advanced search' }));
    await click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    await act(async () =>
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Project number' }), {
        target: { value: '  bld-000501 ' },
      }),
    );
    const authorities = createWrapper(dialog).findMultiselect()!;
    await act(async () => authorities.openDropdown());
    await waitFor(() => expect(authorities.findDropdown().findOptions()).toHaveLength(2));
    await act(async () => authorities.selectOption(1));
    await click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.search).toHaveBeenCalledWith(
        { applicationNumber: 'bld-000501', authorities: ['akl'], pageIndex: 1 },
        expect.anything(),
      ),
    );
    // More pages load when the results are scrolled near their end.
    const scroller = await within(dialog).findByTestId('access-results');
    Object.defineProperties(scroller, {
      scrollHeight: { value: 1000 },
      clientHeight: { value: 400 },
      scrollTop: { value: 520, writable: true },
    });
    await act(async () => void fireEvent.scroll(scroller));
    await waitFor(() =>
      expect(api.search).toHaveBeenLastCalledWith(
        expect.objectContaining({ pageIndex: 2 }),
        expect.anything(),
      ),
    );

    await click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Pick Address' })).toBeTruthy();
  });

  it('a refusal keeps the server description, its ISO dates as full dates, in an error toast', async () => {
    api.search.mockResolvedValue(page([searchItem()]));
    api.create.mockRejectedValue(
      toServiceError(
        400,
        JSON.stringify({
          code: 'ACCESS.REQUEST.EXIST',
          message: 'Access request already exists',
          description:
            'You requested access to this project on 2026-11-20T01:00:00.000Z. The request expires on 2026-11-27T01:00:00.000Z',
        }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const dialog = await openDialog();
    await click(within(dialog).getByRole('button', { name: 'Pick Address' }));
    await click(within(dialog).getByRole('button', { name: 'Search' }));
    await click(await within(dialog).findByRole('button', { name: 'Request access to BLD-000501' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toMatch(
      /^You requested access to this project on .*2026.*\. The request expires on .*2026/,
    );
    expect(toast.textContent).not.toContain('T01:00');
    expect(screen.queryByRole('dialog', { name: 'Access request submitted' })).toBeNull();
  });
});
