// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import participantTypesJson from '../../../shared/reference/participant-types.json';
import type { ParticipantType } from '../../../shared/schemas/reference';
import { initI18n } from '../../../web/src/i18n';
import { accessRequestsApi } from '../../../web/src/api/access-requests';
import { participantsApi } from '../../../web/src/api/participants';
import { accessRequestSeenKey } from '../../../web/src/lib/storage';
import AccessRequestsTab from '../../../web/src/features/access-requests/AccessRequestsTab';
import { renderPage } from './applications-support';
import { accessRequest } from './access-requests-support';
import { person } from './participants-support';

vi.mock('../../../web/src/api/access-requests', async (importOriginal) =>
  (await import('./access-requests-support')).mockedAccessRequestsApi(importOriginal),
);
vi.mock('../../../web/src/api/participants', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/participants')>();
  return {
    ...actual,
    participantsApi: Object.fromEntries(Object.keys(actual.participantsApi).map((k) => [k, vi.fn()])),
  };
});
const api = vi.mocked(accessRequestsApi);
const people = vi.mocked(participantsApi);

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
  await import('../../../web/src/features/access-requests/AcceptRequestDialog');
});
beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(people)]) fn.mockReset();
  window.localStorage.clear();
  people.list.mockResolvedValue([
    person({ id: 'p-me', loginUserId: 'user-1', participantTypes: ['Owner'], accessLevel: 'Manage' }),
  ]);
  people.types.mockResolvedValue(participantTypesJson as ParticipantType[]);
  people.qualificationTypes.mockResolvedValue([]);
});
afterEach(cleanup);

const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('the Access Requests tab', () => {
  it('shows the requests to review and mine with their counts, columns, descriptions and chips', async () => {
    api.list.mockResolvedValue({
      incomingAccessRequests: [accessRequest()],
      myAccessRequests: [
        accessRequest({ requestGuid: 'm-1', applicationNumber: 'BLD-000601' }),
        accessRequest({
          requestGuid: 'm-2',
          consentNumber: 'BC-2026-7',
          status: 'DENIED',
          completionDate: '2026-11-22T01:00:00.000Z',
        }),
        accessRequest({ requestGuid: 'm-3', applicationNumber: 'BLD-000603', status: 'EXPIRED' }),
        accessRequest({ requestGuid: 'm-4', applicationNumber: 'BLD-000604', status: 'APPROVED' }),
        accessRequest({ requestGuid: 'm-5', applicationNumber: 'BLD-000605', status: 'APPROVED' }),
      ],
    });
    window.localStorage.setItem(accessRequestSeenKey('m-5'), '1');
    renderPage(i18n, <AccessRequestsTab />);
    const received = await screen.findByRole('table', { name: 'Access requests to review' });
    expect(screen.getByText('Access requests to review').closest('h2,h3,div')?.textContent).toBeTruthy();
    expect(screen.getByText('(1)')).toBeTruthy();
    expect(screen.getByText('(4)')).toBeTruthy();
    expect(
      within(received)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Project ID', 'Address', 'Requester', 'Email', 'Phone', 'Requested on', 'Action']);
    expect(rowsOf(received)[0]!.slice(0, 6)).toEqual([
      'BLD-000501',
      '86A Renall Street, Ponsonby, Auckland 1011',
      'Tom Whitfield',
      'tom@example.nz',
      '+64 021 123 4567',
      '20 Nov 2026',
    ]);
    const mine = screen.getByRole('table', { name: 'Your access requests' });
    expect(
      within(mine)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Project ID', 'Address', 'Description', 'Status', 'Action']);
    const rows = rowsOf(mine);
    expect(rows.map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ['BLD-000601', 'Requested 20 Nov 2026 · Expires 27 Nov 2026', 'Pending', ''],
      ['BC-2026-7', 'Declined 22 Nov 2026', 'Declined', 'Request access'],
      ['BLD-000603', 'Expired on 27 Nov 2026', 'Expired', 'Request access'],
      ['BLD-000604', '', 'Approved', 'Open'],
    ]);
    // Opening an approved request records that it was seen: it is hidden from then on.
    await click(within(mine).getByRole('button', { name: 'Open BLD-000604' }));
    expect(window.localStorage.getItem(accessRequestSeenKey('m-4'))).toBe('1');
    expect(await screen.findByText('/application-form/501')).toBeTruthy();
  });

  it('says "No access requests" when a section is empty', async () => {
    api.list.mockResolvedValue({ incomingAccessRequests: [], myAccessRequests: [] });
    renderPage(i18n, <AccessRequestsTab />);
    expect(await screen.findAllByText('No access requests')).toHaveLength(2);
  });

  it("declines: DENIED is sent and 'Access request declined' shown", async () => {
    api.list.mockResolvedValue({ incomingAccessRequests: [accessRequest()], myAccessRequests: [] });
    api.decline.mockResolvedValue(accessRequest({ status: 'DENIED' }));
    renderPage(i18n, <AccessRequestsTab />);
    await click(
      await screen.findByRole('button', { name: 'Decline the request of Tom Whitfield for BLD-000501' }),
    );
    expect(api.decline).toHaveBeenCalledWith('g-1');
    expect(await screen.findByText('Access request declined')).toBeTruthy();
  });

  it('accepts with the participant dialog prefilled from the requester (no search, email read-only), then marks it handled', async () => {
    api.list.mockResolvedValue({ incomingAccessRequests: [accessRequest()], myAccessRequests: [] });
    api.approve.mockResolvedValue(accessRequest({ status: 'APPROVED' }));
    api.markHandled.mockResolvedValue(undefined);
    renderPage(i18n, <AccessRequestsTab />);
    await click(
      await screen.findByRole('button', { name: 'Accept the request of Tom Whitfield for BLD-000501' }),
    );
    await click(await screen.findByRole('checkbox', { name: 'Builder Roles' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a participant' });
    await click(within(dialog).getByRole('button', { name: /^Next/ }));
    expect((within(dialog).getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe(
      'Tom',
    );
    const email = within(dialog).getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(email.value).toBe('tom@example.nz');
    expect(email.readOnly).toBe(true);
    expect(within(dialog).queryByText('Search for a person (optional)')).toBeNull();
    await click(within(dialog).getByRole('button', { name: 'Next: License details' }));
    await click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(api.approve).toHaveBeenCalledWith(
        'g-1',
        expect.objectContaining({
          email: 'tom@example.nz',
          firstName: 'Tom',
          lastName: 'Whitfield',
          phone: '021 123 4567',
          organisation: 'Whitfield Builders',
          participantTypes: ['Builder'],
          address: expect.objectContaining({
            fullAddress: '5 Cuba Street, Wellington 6011',
            isManualAddress: true,
          }),
        }),
      ),
    );
    await waitFor(() => expect(api.markHandled).toHaveBeenCalledWith('g-1'));
    expect(people.create).not.toHaveBeenCalled();
  });
});
