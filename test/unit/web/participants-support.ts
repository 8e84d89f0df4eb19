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
