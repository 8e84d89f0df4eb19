import type { ParticipantDto } from '../../../shared/schemas/participants';

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
