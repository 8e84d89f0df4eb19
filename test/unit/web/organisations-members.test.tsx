// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { organisationsApi } from '../../../web/src/api/organisations';
import { ServiceError } from '../../../web/src/api/errors';
import { organisationMessages } from '../../../shared/domain/organisations';
import { userKeys } from '../../../web/src/features/user/queries';
import OrganisationMembersPage from '../../../web/src/features/organisations/OrganisationMembersPage';
import OrganisationDisabledMembersPage from '../../../web/src/features/organisations/OrganisationDisabledMembersPage';
import { renderPage, user } from './applications-support';
import { admin, aroha, membersOf, mere, tama } from './organisations-support';

vi.mock('../../../web/src/api/organisations', async (importOriginal) =>
  (await import('./organisations-support')).mockedOrganisationsApi(importOriginal),
);
// The captcha widget (altcha) does not run in jsdom: a button that "solves" it stands in.
vi.mock('../../../web/src/features/auth/Captcha', () => ({
  Captcha: ({ onChange }: { onChange: (payload: string) => void }) => (
    <button type="button" onClick={() => onChange('captcha-payload')}>
      Solve the captcha
    </button>
  ),
}));
const api = vi.mocked(organisationsApi);

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.members.mockResolvedValue(membersOf([aroha, tama, mere]));
});
afterEach(cleanup);

const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));
const type = async (el: HTMLElement, value: string) =>
  act(async () => void fireEvent.change(el, { target: { value } }));
const leave = async (el: HTMLElement) => act(async () => void fireEvent.blur(el));
const isDisabled = (el: HTMLElement) =>
  (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true';

async function open(who = admin) {
  const rendered = renderPage(i18n, <OrganisationMembersPage />, { path: '/organisation-members' }, who);
  const table = await screen.findByRole('table', { name: 'Organisation members' });
  await within(table).findByText('Tama Reti');
  return { ...rendered, table };
}
const rowOf = (table: HTMLElement, name: string) => within(within(table).getByText(name).closest('tr')!);

describe('/organisation-members', () => {
  it('lists the active members with role and status, the profile, and links the other two pages', async () => {
    const { table } = await open();
    expect(rowOf(table, 'Aroha Ngata (you)').getByText('Admin')).toBeTruthy();
    const tamaRow = rowOf(table, 'Tama Reti');
    expect(tamaRow.getByText('tama@example.nz')).toBeTruthy();
    expect(tamaRow.getByText('Normal')).toBeTruthy();
    expect(tamaRow.getByText('Active')).toBeTruthy();
    // The disabled member is on the other page.
    expect(within(table).queryByText('Mere Kahu')).toBeNull();
    expect(screen.getByText('Ngata Design')).toBeTruthy();
    expect(screen.getByText('#336699')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Organisation pages' });
    expect(within(nav).getByRole('link', { name: 'Invitations' }).getAttribute('href')).toBe(
      '/organisation-invitations',
    );
    expect(within(nav).getByRole('link', { name: 'Disabled members' }).getAttribute('href')).toBe(
      '/organisation-disabled-members',
    );
  });

  it("takes the role from the user's own member row (a sole trader's GET /user may say Normal)", async () => {
    await open({ ...user, organisationId: 'org-1' });
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeTruthy();
  });

  it('gives a Normal member the list without any action', async () => {
    api.members.mockResolvedValue(
      membersOf([{ ...aroha, role: 'Normal' }, { ...tama, role: 'Admin' }, mere]),
    );
    await open({ ...user, organisationId: 'org-1' });
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Disable|Make admin|Release/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it("disables what would leave no active admin (the shared last-admin rule); one can't release oneself", async () => {
    const { table } = await open();
    const me = rowOf(table, 'Aroha Ngata (you)');
    expect(isDisabled(me.getByRole('button', { name: 'Remove the admin role of Aroha Ngata' }))).toBe(true);
    expect(isDisabled(me.getByRole('button', { name: 'Disable Aroha Ngata' }))).toBe(true);
    expect(me.queryByRole('button', { name: 'Release Aroha Ngata' })).toBeNull();
    const other = rowOf(table, 'Tama Reti');
    expect(isDisabled(other.getByRole('button', { name: 'Make Tama Reti an admin' }))).toBe(false);
    expect(isDisabled(other.getByRole('button', { name: 'Release Tama Reti' }))).toBe(false);
  });

  it('makes a member an admin after asking, and reads the members again', async () => {
    api.setRole.mockResolvedValue({ ...tama, role: 'Admin' });
    const { table } = await open();
    await click(rowOf(table, 'Tama Reti').getByRole('button', { name: 'Make Tama Reti an admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Tama Reti an admin?' });
    await click(within(dialog).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(api.setRole).toHaveBeenCalledWith('user-2', true));
    expect(await screen.findByText('Tama Reti is now an admin')).toBeTruthy();
    await waitFor(() => expect(api.members.mock.calls.length).toBeGreaterThan(1));
  });

  it("changing one's own role reloads the user's info", async () => {
    const second = { ...tama, role: 'Admin' as const };
    api.members.mockResolvedValue(membersOf([aroha, second]));
    api.setRole.mockResolvedValue({ ...aroha, role: 'Normal' });
    const { table, queryClient } = await open();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await click(
      rowOf(table, 'Aroha Ngata (you)').getByRole('button', { name: 'Remove the admin role of Aroha Ngata' }),
    );
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove admin' }));
    await waitFor(() => expect(api.setRole).toHaveBeenCalledWith('user-1', false));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: userKeys.me() }));
  });

  it("shows the server's refusal (the last-admin rule) as it is", async () => {
    api.release.mockRejectedValue(new ServiceError('ClientError', organisationMessages.lastAdmin, 400));
    const { table } = await open();
    // The same words are the disabled buttons' reason on the admin's own row.
    const before = screen.queryAllByText(organisationMessages.lastAdmin).length;
    await click(rowOf(table, 'Tama Reti').getByRole('button', { name: 'Release Tama Reti' }));
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(api.release).toHaveBeenCalledWith('user-2'));
    await waitFor(() =>
      expect(screen.queryAllByText(organisationMessages.lastAdmin)).toHaveLength(before + 1),
    );
  });

  it('invites a person with the captcha; fields are checked by the shared schema', async () => {
    api.invite.mockResolvedValue({
      id: 'inv-1',
      organisationId: 'org-1',
      email: 'hemi@example.nz',
      status: 'Pending',
      sentDate: '2026-11-20T01:00:00.000Z',
      expiryDate: '2026-11-27T01:00:00.000Z',
    });
    await open();
    await click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    expect(
      within(dialog).getByText(
        'We will email an invitation to join your organisation. It expires after 7 days.',
      ),
    ).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await type(field('Email'), ' Hemi@Example.NZ ');
    await leave(field('Email'));
    await type(field('First name'), '1Hemi');
    await leave(field('First name'));
    expect(within(dialog).getByText('Please enter a name with a valid format')).toBeTruthy();
    await type(field('First name'), 'Hemi');
    await type(field('Last name'), 'Walker');
    // Complete but for the captcha: its message shows and Send stays disabled.
    expect(within(dialog).getByText('Please complete the CAPTCHA challenge')).toBeTruthy();
    expect(isDisabled(send)).toBe(true);
    await click(within(dialog).getByRole('button', { name: 'Solve the captcha' }));
    expect(isDisabled(send)).toBe(false);
    await click(send);
    await waitFor(() =>
      expect(api.invite).toHaveBeenCalledWith({
        email: 'hemi@example.nz',
        firstName: 'Hemi',
        lastName: 'Walker',
        captchaToken: 'captcha-payload',
      }),
    );
    expect(await screen.findByText('Invitation sent to hemi@example.nz')).toBeTruthy();
  });

  it('shows a server 400 on its field of the invite form', async () => {
    api.invite.mockRejectedValue(
      new ServiceError('ClientError', 'Invalid request', 400, [
        { field: 'body.email', reason: organisationMessages.alreadyInvited },
      ]),
    );
    await open();
    await click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await type(field('Email'), 'hemi@example.nz');
    await type(field('First name'), 'Hemi');
    await type(field('Last name'), 'Walker');
    await click(within(dialog).getByRole('button', { name: 'Solve the captcha' }));
    await click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(organisationMessages.alreadyInvited)).toBeTruthy();
  });

  it("edits the organisation's name and colour; the name pattern's message is the spec's", async () => {
    api.update.mockResolvedValue({ id: 'org-1', displayName: 'Ngata Design Studio', colour: '#336699' });
    await open();
    await click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the organisation profile' });
    const name = within(dialog).getByRole('textbox', { name: 'Organisation name' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(isDisabled(save)).toBe(true);
    await type(name, '!');
    await leave(name);
    expect(within(dialog).getByText('Please enter a valid organisation name')).toBeTruthy();
    expect(isDisabled(save)).toBe(true);
    await type(name, 'Ngata Design Studio');
    await click(save);
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith({ displayName: 'Ngata Design Studio', colour: '#336699' }),
    );
    expect(await screen.findByText('Organisation profile saved')).toBeTruthy();
  });
});

describe('/organisation-disabled-members', () => {
  it('lists the disabled members; an admin enables one', async () => {
    api.setStatus.mockResolvedValue({ ...mere, status: 'Active' });
    renderPage(i18n, <OrganisationDisabledMembersPage />, { path: '/organisation-disabled-members' }, admin);
    const table = await screen.findByRole('table', { name: 'Organisation members' });
    await within(table).findByText('Mere Kahu');
    const row = rowOf(table, 'Mere Kahu');
    expect(row.getByText('Disabled')).toBeTruthy();
    expect(within(table).queryByText('Tama Reti')).toBeNull();
    await click(row.getByRole('button', { name: 'Enable Mere Kahu' }));
    await click(
      within(await screen.findByRole('dialog', { name: 'Enable Mere Kahu?' })).getByRole('button', {
        name: 'Enable',
      }),
    );
    await waitFor(() => expect(api.setStatus).toHaveBeenCalledWith('user-3', 'Active'));
    expect(await screen.findByText('Mere Kahu is enabled')).toBeTruthy();
  });

  it('says so when nobody is disabled', async () => {
    api.members.mockResolvedValue(membersOf([aroha, tama]));
    renderPage(i18n, <OrganisationDisabledMembersPage />, { path: '/organisation-disabled-members' }, admin);
    expect(await screen.findByText('No disabled members')).toBeTruthy();
  });
});
