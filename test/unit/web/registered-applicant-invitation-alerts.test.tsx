// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { registeredApplicantInvitationsApi } from '../../../web/src/api/registered-applicant-invitations';
import { ServiceError } from '../../../web/src/api/errors';
import { RegisteredApplicantInvitationAlerts } from '../../../web/src/features/dashboard/RegisteredApplicantInvitationAlerts';
import type { RegisteredApplicantInvitation } from '../../../shared/schemas/council';
import { renderPage, user } from './applications-support';

vi.mock('../../../web/src/api/registered-applicant-invitations', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../../../web/src/api/registered-applicant-invitations')>();
  return { ...actual, registeredApplicantInvitationsApi: { pending: vi.fn(), respond: vi.fn() } };
});
const api = vi.mocked(registeredApplicantInvitationsApi);

const invitation = (over: Partial<RegisteredApplicantInvitation> = {}): RegisteredApplicantInvitation => ({
  timestamp: '2026-11-26T01:00:00.000Z',
  id: 'rai-1',
  email: 'ana@example.nz',
  status: 'Pending',
  sendingDate: '2026-11-26T01:00:00.000Z',
  expiryDate: '2026-12-31',
  bcaCode: 'WCC',
  bcaName: 'Wellington City Council',
  ...over,
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  api.pending.mockReset().mockResolvedValue([invitation()]);
  api.respond.mockReset();
});
afterEach(() => cleanup());

const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));
const title = 'Wellington City Council invites you to become a registered applicant';

describe('the dashboard registered-applicant invitation alert', () => {
  it('names the inviting council; accepting answers it and the alert goes', async () => {
    api.respond.mockResolvedValue(invitation({ status: 'Accepted' }));
    renderPage(i18n, <RegisteredApplicantInvitationAlerts />, {}, user);
    const alert = await screen.findByRole('group', { name: title });
    expect(
      within(alert).getByText(
        'Accept to become a registered applicant with Wellington City Council. The invitation expires on 31 Dec 2026.',
      ),
    ).toBeTruthy();
    api.pending.mockResolvedValue([]);
    await click(within(alert).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.respond).toHaveBeenCalledWith('rai-1', 'Accepted'));
    expect(
      await screen.findByText('You are now a registered applicant with Wellington City Council'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('group', { name: title })).toBeNull());
  });

  it('rejecting says so; a refusal (409) shows its message and the list is read again', async () => {
    api.respond.mockResolvedValueOnce(invitation({ status: 'Rejected' }));
    renderPage(i18n, <RegisteredApplicantInvitationAlerts />, {}, user);
    const alert = await screen.findByRole('group', { name: title });
    await click(within(alert).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Invitation from Wellington City Council rejected')).toBeTruthy();
    api.respond.mockRejectedValueOnce(
      new ServiceError('ClientError', 'This invitation has already been answered'),
    );
    const calls = api.pending.mock.calls.length;
    await click(
      within(await screen.findByRole('group', { name: title })).getByRole('button', { name: 'Reject' }),
    );
    expect(await screen.findByText('This invitation has already been answered')).toBeTruthy();
    await waitFor(() => expect(api.pending.mock.calls.length).toBeGreaterThan(calls));
  });
});
