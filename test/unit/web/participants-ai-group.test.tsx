// @vitest-environment jsdom
/**
 * An owners group proposed from the record of title (docs/participants.md): its card shows 'AI' as the
 * modifier and asks the applicant to confirm it; once a person saved it, no AI mark.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { ParticipantCard } from '../../../web/src/features/participants/ParticipantCard';
import { ParticipantsSection } from '../../../web/src/features/participants/ParticipantsSection';
import { participantsApi } from '../../../web/src/api/participants';
import { ParticipantInput } from '../../../shared/schemas/participants';
import type { ParticipantType } from '../../../shared/schemas/reference';
import participantTypesJson from '../../../shared/reference/participant-types.json';
import { renderPage } from './applications-support';
import { applicationOwner, person } from './participants-support';

vi.mock('../../../web/src/api/participants', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/participants')>();
  return {
    ...actual,
    participantsApi: Object.fromEntries(Object.keys(actual.participantsApi).map((k) => [k, vi.fn()])),
  };
});
const api = vi.mocked(participantsApi);

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(() => {
  cleanup();
  for (const fn of Object.values(api)) fn.mockReset();
});

const group = (modifiedBy: string) =>
  person({
    id: 'g',
    groupName: 'Owners Group',
    groupList: 'Jane Elizabeth Smith, Robert John Smith',
    modifiedBy,
  });

const card = (modifiedBy: string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ParticipantCard participant={group(modifiedBy)} types={[]} canEdit busy={false} onAction={() => {}} />
    </I18nextProvider>,
  );

describe('the owners group proposed by AI', () => {
  it("shows 'Modified by AI' and asks for confirmation", () => {
    card('AI');
    expect(screen.getByRole('article', { name: 'Owners Group' })).toBeTruthy();
    expect(screen.getByText('Modified by AI')).toBeTruthy();
    expect(
      screen.getByText(
        'Proposed from the registered owners on the record of title. Check it and confirm it.',
      ),
    ).toBeTruthy();
  });

  it('once a person saved it, no AI mark', () => {
    card('user-1');
    expect(screen.queryByText('Modified by AI')).toBeNull();
  });
});

describe('accepting the proposed owners group', () => {
  it('is one action: the group is saved as proposed, no dialog, no name to type', async () => {
    const proposed = group('AI');
    api.list.mockResolvedValue([applicationOwner(), proposed]);
    api.types.mockResolvedValue(participantTypesJson as ParticipantType[]);
    api.update.mockResolvedValue({ ...proposed, modifiedBy: 'u-me' });
    renderPage(i18n, <ParticipantsSection applicationId="A1" canEdit />);
    const card = await screen.findByRole('article', { name: 'Owners Group' });
    await act(async () =>
      fireEvent.click(within(card).getByRole('button', { name: 'Confirm owners group' })),
    );
    expect(screen.queryByText('Edit a person on the application')).toBeNull();
    expect(api.update).toHaveBeenCalledTimes(1);
    const [applicationId, participantId, body] = api.update.mock.calls[0]!;
    expect([applicationId, participantId]).toEqual(['A1', 'g']);
    expect(body).toMatchObject({
      groupName: 'Owners Group',
      groupList: 'Jane Elizabeth Smith, Robert John Smith',
      participantTypes: [],
      accessLevel: 'None',
    });
    // The server parses it with the same schema: valid as it is.
    expect(ParticipantInput.safeParse(body).success).toBe(true);
    expect(await screen.findByText('Owners group confirmed')).toBeTruthy();
  });

  it('is not offered without Edit, nor once a person saved the group', async () => {
    api.list.mockResolvedValue([applicationOwner(), group('AI')]);
    api.types.mockResolvedValue(participantTypesJson as ParticipantType[]);
    renderPage(i18n, <ParticipantsSection applicationId="A1" canEdit={false} />);
    const card = await screen.findByRole('article', { name: 'Owners Group' });
    expect(within(card).queryByRole('button', { name: 'Confirm owners group' })).toBeNull();
    cleanup();
    api.list.mockResolvedValue([applicationOwner(), group('u-me')]);
    renderPage(i18n, <ParticipantsSection applicationId="A1" canEdit />);
    const saved = await screen.findByRole('article', { name: 'Owners Group' });
    expect(within(saved).queryByRole('button', { name: 'Confirm owners group' })).toBeNull();
  });
});
