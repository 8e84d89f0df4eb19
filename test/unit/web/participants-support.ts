import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ParticipantDto } from '../../../shared/schemas/participants';
import type { ParticipantAction } from '../../../web/src/features/participants/ParticipantCard';
import en from '../../../web/src/i18n/en.json';

/** Chooses an action in a participant card's ⋮ menu (the plain menu button: by role and name). */
export async function chooseCardAction(card: HTMLElement, action: ParticipantAction): Promise<void> {
  await act(async () => fireEvent.click(within(card).getByRole('button', { name: /^Actions for / })));
  const text = en.participants.actions[action];
  await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: text })));
}

/** A participant as GET .../participantsV2 returns it, on application A1. */
export const person = (over: Partial<ParticipantDto>): ParticipantDto => ({
  id: 'p',
  applicationId: 'A1',
  participantTypes: [],
  accessLevel: 'None',
  invitation: 'None',
  isDeleted: false,
  modifiedDate: '2026-11-25T00:00:00.000Z',
  qualifications: [],
  primaryContact: false,
  ...over,
});

/** The application's owner (Aroha Ngata): every owner role, the invoice payer, Manage. */
export const applicationOwner = (over: Partial<ParticipantDto> = {}): ParticipantDto =>
  person({
    id: 'p-me',
    loginUserId: 'u-me',
    firstName: 'Aroha',
    lastName: 'Ngata',
    email: 'aroha@example.nz',
    phone: '0211234567',
    address: { fullAddress: '1 Cuba Street, Wellington 6011' },
    participantTypes: ['RegisteredOwner', 'Owner', 'OwnerContact', 'InvoicePayer'],
    accessLevel: 'Manage',
    invitation: 'Accepted',
    ...over,
  });
