// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import participantTypesJson from '../../../shared/reference/participant-types.json';
import { initI18n } from '../../../web/src/i18n';
import { participantsApi } from '../../../web/src/api/participants';
import { applicationsApi } from '../../../web/src/api/applications';
import { ParticipantsSection } from '../../../web/src/features/participants/ParticipantsSection';
import type { ParticipantType } from '../../../shared/schemas/reference';
import type { GetApplicationResponse } from '../../../shared/schemas/applications';
import { renderPage, user } from './applications-support';
import { applicationOwner, chooseCardAction, person } from './participants-support';
import type { ParticipantAction } from '../../../web/src/features/participants/ParticipantCard';
import en from '../../../web/src/i18n/en.json';

vi.mock('../../../web/src/api/participants', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/participants')>();
  return {
    ...actual,
    participantsApi: Object.fromEntries(Object.keys(actual.participantsApi).map((k) => [k, vi.fn()])),
  };
});
vi.mock('../../../web/src/api/applications', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/applications')>();
  return {
    ...actual,
    applicationsApi: { ...actual.applicationsApi, get: vi.fn(), setNotificationLevel: vi.fn() },
  };
});
const api = vi.mocked(participantsApi);
const apps = vi.mocked(applicationsApi);

const owner = applicationOwner({ id: 'p-o', loginUserId: 'u-owner' });
/** The signed-in user (applications-support's user-1), a designer. */
const self = person({
  id: 'p-me',
  loginUserId: user.id,
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.nz',
  participantTypes: ['Designer'],
  accessLevel: 'ReadOnly',
  invitation: 'Accepted',
  notificationLevel: 'Normal',
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  apps.get.mockReset();
  apps.setNotificationLevel.mockReset();
  api.list.mockResolvedValue([owner, self]);
  api.types.mockResolvedValue(participantTypesJson as ParticipantType[]);
});
afterEach(cleanup);

const render = (canEdit: boolean) =>
  renderPage(i18n, <ParticipantsSection applicationId="A1" applicationLabel="ABA-101" canEdit={canEdit} />);
const card = async (name: string) => screen.findByRole('article', { name });
const menuOf = (cardEl: HTMLElement) => within(cardEl).queryByRole('button', { name: /^Actions for / });
const openMenu = async (cardEl: HTMLElement) => act(async () => void fireEvent.click(menuOf(cardEl)!));
const menuItem = (action: ParticipantAction) =>
  screen.queryByRole('menuitem', { name: en.participants.actions[action] });
const pick = (cardEl: HTMLElement, item: ParticipantAction) => chooseCardAction(cardEl, item);
const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));
const choose = async (dialog: HTMLElement, label: string) =>
  click(within(dialog).getByRole('radio', { name: label }));

describe("the card's 'Set type'", () => {
  it('adds the chosen role (access raised to its minimum) and says so', async () => {
    api.update.mockResolvedValue({ ...self, participantTypes: ['Designer', 'Builder'] });
    render(true);
    await pick(await card('Ana Lee'), 'setType');
    const dialog = await screen.findByRole('dialog', { name: 'Set the type of Ana Lee' });
    // Offered: the types not held; Owner is masked by nobody here, Designer is held.
    expect(within(dialog).queryByRole('radio', { name: 'Designer' })).toBeNull();
    await choose(dialog, 'Builder');
    await click(within(dialog).getByRole('button', { name: 'Set type' }));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith(
        'A1',
        'p-me',
        expect.objectContaining({ participantTypes: ['Designer', 'Builder'], accessLevel: 'ReadOnly' }),
      ),
    );
    expect(await screen.findByText('Participant has been set to Builder')).toBeTruthy();
  });

  it('a one-person role held by someone else asks with the role change confirmation first', async () => {
    api.update.mockResolvedValue({ ...self, participantTypes: ['InvoicePayer', 'Designer'] });
    render(true);
    await pick(await card('Ana Lee'), 'setType');
    const dialog = await screen.findByRole('dialog', { name: 'Set the type of Ana Lee' });
    await choose(dialog, 'Invoice payer');
    expect(
      within(dialog).getByText(
        'Aroha Ngata has the Invoice payer role, which only one person can have. Give it to this participant instead?',
      ),
    ).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith(
        'A1',
        'p-me',
        expect.objectContaining({ participantTypes: ['InvoicePayer', 'Designer'] }),
      ),
    );
    expect(await screen.findByText('Participant type has been reassigned')).toBeTruthy();
    expect(await screen.findByText('Participant has been set to Invoice payer')).toBeTruthy();
  });

  it('without Edit: only on my own card, only the types my roles manage', async () => {
    render(false);
    expect(menuOf(await card('Aroha Ngata'))).toBeNull();
    const mine = await card('Ana Lee');
    await openMenu(mine);
    expect(menuItem('edit')).toBeNull();
    expect(menuItem('remove')).toBeNull();
    await act(async () => void fireEvent.click(menuItem('setType')!));
    const dialog = await screen.findByRole('dialog', { name: 'Set the type of Ana Lee' });
    // A designer manages the engineer type only.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Engineer']);
  });

  it('a refusal from the server is shown', async () => {
    api.update.mockRejectedValue(
      new Error('Without edit access you can only set yourself to roles you may manage'),
    );
    render(false);
    await pick(await card('Ana Lee'), 'setType');
    const dialog = await screen.findByRole('dialog', { name: 'Set the type of Ana Lee' });
    await choose(dialog, 'Engineer');
    await click(within(dialog).getByRole('button', { name: 'Set type' }));
    expect(
      await screen.findByText('Without edit access you can only set yourself to roles you may manage'),
    ).toBeTruthy();
  });
});

describe('my notification level on my card', () => {
  const application = {
    application: { id: 'A1', notificationLevel: 'Normal', participants: [self, owner] },
  } as unknown as GetApplicationResponse;

  it('is offered on my card only and saves the level of my participant', async () => {
    apps.get.mockResolvedValue(application);
    apps.setNotificationLevel.mockResolvedValue(undefined);
    render(true);
    const aroha = await card('Aroha Ngata');
    await openMenu(aroha);
    expect(menuItem('notificationLevel')).toBeNull();
    expect(menuItem('edit')).not.toBeNull();

    await pick(await card('Ana Lee'), 'notificationLevel');
    const dialog = await screen.findByRole('dialog', { name: 'Set notification level' });
    await choose(dialog, 'Muted');
    await click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(apps.setNotificationLevel).toHaveBeenCalledWith('A1', 'p-me', 'Muted'));
    expect(await screen.findByText('Notification subscription level has been updated')).toBeTruthy();
  });

  it('a failure says so', async () => {
    apps.get.mockResolvedValue(application);
    apps.setNotificationLevel.mockRejectedValue(new Error('HTTP 500'));
    render(false);
    await pick(await card('Ana Lee'), 'notificationLevel');
    const dialog = await screen.findByRole('dialog', { name: 'Set notification level' });
    await choose(dialog, 'Watching');
    await click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update notification subscription level')).toBeTruthy();
  });
});
