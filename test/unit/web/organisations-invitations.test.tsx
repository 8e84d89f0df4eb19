// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { organisationsApi } from '../../../web/src/api/organisations';
import { ServiceError } from '../../../web/src/api/errors';
import { page } from '../../../web/src/lib/reload';
import OrganisationInvitationsPage from '../../../web/src/features/organisations/OrganisationInvitationsPage';
import { renderPage, user } from './applications-support';
import { admin, aroha, invitation, membersOf, mergeInvitation } from './organisations-support';

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
  api.members.mockResolvedValue(membersOf([aroha]));
  api.sentInvitations.mockResolvedValue({
    invitations: [
      invitation(),
      invitation({
        id: 'inv-2',
        email: 'old@example.nz',
        firstName: 'Old',
        lastName: 'One',
        status: 'Expired',
      }),
    ],
  });
  api.sentMergeInvitations.mockResolvedValue({ mergeInvitations: [mergeInvitation()] });
  api.receivedMergeInvitations.mockResolvedValue({
    mergeInvitations: [
      mergeInvitation({
        id: 'merge-9',
        organisationId: 'org-3',
        organisationName: 'Kahu Homes',
        inviteeOrganisationId: 'org-1',
        inviteeOrganisationName: 'Ngata Design',
      }),
    ],
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));
const type = async (el: HTMLElement, value: string) =>
  act(async () => void fireEvent.change(el, { target: { value } }));

async function open(who = admin) {
  renderPage(i18n, <OrganisationInvitationsPage />, { path: '/organisation-invitations' }, who);
  if (who.organisationRole !== 'Admin') return;
  await screen.findByText('Hemi Walker');
  await screen.findByText('Parata Architects');
  await screen.findByText('Kahu Homes');
}
const table = (name: string) => screen.getByRole('table', { name });
const rowOf = (t: HTMLElement, text: string) => within(within(t).getByText(text).closest('tr')!);

describe('/organisation-invitations', () => {
  it('lists sent invitations with status, sent and expiry dates; only pending ones can be resent or revoked', async () => {
    await open();
    const sent = table('Sent invitations');
    const pending = rowOf(sent, 'Hemi Walker');
    expect(pending.getByText('Pending')).toBeTruthy();
    expect(pending.getByText('20 Nov 2026')).toBeTruthy();
    expect(pending.getByText('27 Nov 2026')).toBeTruthy();
    expect(rowOf(sent, 'Old One').getByText('Expired')).toBeTruthy();
    expect(rowOf(sent, 'Old One').queryByRole('button')).toBeNull();

    api.resendInvitation.mockResolvedValue(undefined);
    await click(pending.getByRole('button', { name: 'Resend the invitation to hemi@example.nz' }));
    await waitFor(() => expect(api.resendInvitation).toHaveBeenCalledWith('inv-1'));
    expect(await screen.findByText('Invitation sent again')).toBeTruthy();

    api.revokeInvitation.mockResolvedValue(invitation({ status: 'Revoked' }));
    await click(pending.getByRole('button', { name: 'Revoke the invitation to hemi@example.nz' }));
    await waitFor(() => expect(api.revokeInvitation).toHaveBeenCalledWith('inv-1'));
    expect(await screen.findByText('Invitation revoked')).toBeTruthy();
  });

  it('resends and revokes a pending merge invitation it sent', async () => {
    await open();
    const row = rowOf(table('Merge invitations sent'), 'Parata Architects');
    expect(row.getByText('Rangi Parata · rangi@example.nz')).toBeTruthy();
    api.revokeMergeInvitation.mockResolvedValue(mergeInvitation({ status: 'Revoked' }));
    await click(row.getByRole('button', { name: 'Revoke the merge invitation to Parata Architects' }));
    await waitFor(() => expect(api.revokeMergeInvitation).toHaveBeenCalledWith('merge-1'));
  });

  it("sends a merge invitation after looking the organisation up by its admin's email", async () => {
    api.lookup.mockRejectedValueOnce(new ServiceError('ResourceNotFound', 'Resource not found', 404));
    api.lookup.mockResolvedValue({
      id: 'org-2',
      displayName: 'Parata Architects',
      administrators: [{ name: 'Rangi Parata', email: 'rangi@example.nz' }],
    });
    api.inviteMerge.mockResolvedValue(mergeInvitation());
    await open();
    await click(screen.getByRole('button', { name: 'Invite an organisation to merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite an organisation to merge' });
    const send = within(dialog).getByRole('button', { name: 'Send merge invitation' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const email = within(dialog).getByRole('textbox', { name: "Administrator's email" });
    await type(email, 'nobody@example.nz');
    await click(within(dialog).getByRole('button', { name: 'Look up' }));
    expect(await within(dialog).findByText('No organisation administrator uses this email')).toBeTruthy();
    await type(email, 'Rangi@Example.nz');
    await click(within(dialog).getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(api.lookup).toHaveBeenLastCalledWith('rangi@example.nz'));
    expect(await within(dialog).findByText('Parata Architects')).toBeTruthy();
    expect(within(dialog).getByText('Administrator')).toBeTruthy();
    expect(within(dialog).getByText('Rangi Parata (rangi@example.nz)')).toBeTruthy();
    await act(async () => void fireEvent.blur(email));
    await click(send);
    await waitFor(() =>
      expect(api.inviteMerge).toHaveBeenCalledWith({
        inviteeOrganisationId: 'org-2',
        inviteeAdminEmail: 'rangi@example.nz',
      }),
    );
    expect(await screen.findByText('Merge invitation sent to Parata Architects')).toBeTruthy();
  });

  it("a look-up past the limit shows the server's words and nothing can be sent", async () => {
    api.lookup.mockRejectedValue(
      new ServiceError('ClientError', 'Too many requests, please try again later', 429),
    );
    await open();
    await click(screen.getByRole('button', { name: 'Invite an organisation to merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite an organisation to merge' });
    await type(within(dialog).getByRole('textbox', { name: "Administrator's email" }), 'rangi@example.nz');
    await click(within(dialog).getByRole('button', { name: 'Look up' }));
    expect(await within(dialog).findByText('Too many requests, please try again later')).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: 'Send merge invitation' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
  });

  it('accepting a received merge invitation reloads the page', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    api.respondMergeInvitation.mockResolvedValue(mergeInvitation({ id: 'merge-9', status: 'Accepted' }));
    await open();
    const row = rowOf(table('Merge invitations received'), 'Kahu Homes');
    await click(row.getByRole('button', { name: 'Accept the merge invitation of Kahu Homes' }));
    await waitFor(() => expect(api.respondMergeInvitation).toHaveBeenCalledWith('merge-9', 'Accepted'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('tells a Normal member the page is for admins, and calls nothing', async () => {
    api.members.mockResolvedValue(membersOf([{ ...aroha, role: 'Normal' }]));
    await open({ ...user, organisationId: 'org-1' });
    expect(
      await screen.findByText("Only your organisation's administrators manage invitations and merges."),
    ).toBeTruthy();
    expect(api.sentInvitations).not.toHaveBeenCalled();
    expect(api.receivedMergeInvitations).not.toHaveBeenCalled();
  });
});
