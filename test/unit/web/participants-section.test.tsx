// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import participantTypesJson from '../../../shared/reference/participant-types.json';
import { initI18n } from '../../../web/src/i18n';
import { participantsApi } from '../../../web/src/api/participants';
import { ParticipantsSection } from '../../../web/src/features/participants/ParticipantsSection';
import type { ParticipantType } from '../../../shared/schemas/reference';
import { renderPage } from './applications-support';
import { applicationOwner, chooseCardAction, person } from './participants-support';
import type { ParticipantAction } from '../../../web/src/features/participants/ParticipantCard';

vi.mock('../../../web/src/api/participants', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/participants')>();
  return {
    ...actual,
    participantsApi: Object.fromEntries(Object.keys(actual.participantsApi).map((k) => [k, vi.fn()])),
  };
});
const api = vi.mocked(participantsApi);

const me = applicationOwner();
const designer = person({
  id: 'p-d',
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.nz',
  participantTypes: ['Designer'],
  accessLevel: 'ReadOnly',
  invitation: 'Error',
});
const gone = person({ id: 'p-x', firstName: 'Old', lastName: 'Builder', isDeleted: true });

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.list.mockResolvedValue([me, designer, gone]);
  api.types.mockResolvedValue(participantTypesJson as ParticipantType[]);
});
afterEach(cleanup);

const render = (canEdit = true) =>
  renderPage(i18n, <ParticipantsSection applicationId="A1" canEdit={canEdit} />);
const card = async (name: string) => screen.findByRole('article', { name });
/** Opens the card's action menu and picks an item. */
const act_ = (cardEl: HTMLElement, item: string) => chooseCardAction(cardEl, item as ParticipantAction);
const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));

describe('the people on an application', () => {
  it('shows each person with role display names, badges, and removed people apart', async () => {
    render();
    const aroha = await card('Aroha Ngata');
    expect(within(aroha).getByText('Registered owner')).toBeTruthy();
    expect(within(aroha).getByText('Invoice payer')).toBeTruthy();
    const ana = await card('Ana Lee');
    expect(within(ana).getByText('Please invite')).toBeTruthy();
    // A required role held without a phone and address.
    expect(within(aroha).queryByText("Participant's user details are missing for mandatory role")).toBeNull();
    expect(screen.getByText('1 removed person')).toBeTruthy();
  });

  it('removing the only holder of a required role shows the required-role dialog and calls nothing', async () => {
    render();
    const aroha = await card('Aroha Ngata');
    await act_(aroha, 'remove');
    expect(await screen.findByText('A valid application needs to have Registered owner role')).toBeTruthy();
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('removing a second holder of a required role (stored by its id) is refused too (docs/participants.md)', async () => {
    api.list.mockResolvedValue([
      me,
      designer,
      gone,
      person({ id: 'p-h', firstName: 'Hemi', lastName: 'Walker', participantTypes: ['owner'] }),
    ]);
    render();
    await act_(await card('Hemi Walker'), 'remove');
    expect(await screen.findByText('A valid application needs to have Owner role')).toBeTruthy();
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('Remove asks first, then removes; Restore brings a removed person back', async () => {
    api.remove.mockResolvedValue(undefined);
    api.restore.mockResolvedValue({ ...gone, isDeleted: false });
    render();
    const ana = await card('Ana Lee');
    await act_(ana, 'remove');
    expect(await screen.findByText(/Remove Ana Lee from this application\?/)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('A1', 'p-d'));

    await click(screen.getByText('1 removed person'));
    const old = await card('Old Builder');
    await act_(old, 'restore');
    await waitFor(() => expect(api.restore).toHaveBeenCalledWith('A1', 'p-x'));
  });

  it('resend is offered for a failed invitation and says where it went', async () => {
    api.update.mockResolvedValue({ ...designer, invitation: 'Queued' });
    render();
    const ana = await card('Ana Lee');
    await act_(ana, 'resend');
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith('A1', 'p-d', expect.objectContaining({ invitation: 'Queued' })),
    );
    expect(await screen.findByText('Invitation has been resent to ana@example.nz')).toBeTruthy();
  });

  it('history: newest first, the author by name, never an id', async () => {
    api.history.mockResolvedValue([
      {
        id: 'h2',
        eventType: 'ParticipantUpdated',
        eventData: { entityId: 'p-d' },
        modifiedBy: 'u-me',
        timestamp: '2026-11-25T02:00:00.000Z',
        delta: { firstName: ['Anna', 'Ana'] },
      },
      {
        id: 'h1',
        eventType: 'ParticipantAdded',
        eventData: { entityId: 'p-d' },
        modifiedBy: 'ai:extraction',
        timestamp: '2026-11-25T01:00:00.000Z',
      },
    ]);
    render();
    const ana = await card('Ana Lee');
    await act_(ana, 'history');
    const dialog = await screen.findByRole('dialog', { name: 'History of Ana Lee' });
    await within(dialog).findByText('Updated');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Aroha Ngata')).toBeTruthy();
    expect(within(rows[0]!).getByText('firstName: Anna → Ana')).toBeTruthy();
    expect(within(rows[1]!).getByText('AI')).toBeTruthy();
    expect(dialog.textContent).not.toContain('u-me');
  });

  it('a read-only caller sees the people without the actions', async () => {
    render(false);
    await card('Aroha Ngata');
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });
});
