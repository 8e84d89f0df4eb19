// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { organisationsApi } from '../../../web/src/api/organisations';
import { page } from '../../../web/src/lib/reload';
import { OrganisationAlerts } from '../../../web/src/features/dashboard/OrganisationAlerts';
import { renderPage, user } from './applications-support';
import { admin, invitation, mergeInvitation } from './organisations-support';

vi.mock('../../../web/src/api/organisations', async (importOriginal) =>
  (await import('./organisations-support')).mockedOrganisationsApi(importOriginal),
);
const api = vi.mocked(organisationsApi);

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.myInvitations.mockResolvedValue({
    invitations: [invitation(), invitation({ id: 'inv-2', organisationName: 'Gone Ltd', status: 'Revoked' })],
  });
  api.receivedMergeInvitations.mockResolvedValue({
    mergeInvitations: [mergeInvitation({ id: 'merge-9', organisationName: 'Kahu Homes' })],
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));

describe('the dashboard organisation alerts', () => {
  it('shows a pending invitation to join; accepting it joins', async () => {
    api.respondInvitation.mockResolvedValue(invitation({ status: 'Accepted' }));
    renderPage(i18n, <OrganisationAlerts />, {}, user);
    const alert = await screen.findByRole('group', { name: 'You are invited to join Ngata Design' });
    expect(
      within(alert).getByText(
        'Accept to become a member of Ngata Design. The invitation expires on 27 Nov 2026.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Gone Ltd/)).toBeNull();
    await click(within(alert).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.respondInvitation).toHaveBeenCalledWith('inv-1', 'Accepted'));
    expect(await screen.findByText('You joined Ngata Design')).toBeTruthy();
  });

  it('fetches merge invitations only for an admin (docs/organisations.md)', async () => {
    renderPage(i18n, <OrganisationAlerts />, {}, { ...user, organisationId: 'org-1' });
    await screen.findByRole('group', { name: 'You are invited to join Ngata Design' });
    expect(api.receivedMergeInvitations).not.toHaveBeenCalled();
    expect(screen.queryByText(/invites your organisation to merge/)).toBeNull();
  });

  it('counts a sole trader (no organisation joined) as the admin of their own', async () => {
    renderPage(i18n, <OrganisationAlerts />, {}, { ...user, organisationRole: 'Normal' });
    expect(
      await screen.findByRole('group', { name: 'Kahu Homes invites your organisation to merge' }),
    ).toBeTruthy();
  });

  it("shows an admin the merge invitation; accepting reloads the page, declining doesn't", async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    api.respondMergeInvitation.mockResolvedValue(mergeInvitation({ id: 'merge-9', status: 'Rejected' }));
    renderPage(i18n, <OrganisationAlerts />, {}, admin);
    const alert = await screen.findByRole('group', { name: 'Kahu Homes invites your organisation to merge' });
    await click(within(alert).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.respondMergeInvitation).toHaveBeenCalledWith('merge-9', 'Rejected'));
    expect(await screen.findByText('Merge invitation declined')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    await click(within(alert).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.respondMergeInvitation).toHaveBeenCalledWith('merge-9', 'Accepted'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
