import type { ParticipantDto } from '../../shared/schemas/participants.js';
import { displayAuthor } from '../../shared/domain/participants.js';
import { defined } from '../../shared/domain/objects.js';
import type { ParticipantRecord, StoredQualification } from './repository.js';

/** Stored qualifications as the API returns them (a participant's or a library contact's). */
export const toQualificationDtos = (qs: readonly StoredQualification[] | undefined) =>
  (qs ?? []).map((q) => ({
    qualificationName: q.qualificationName ?? '',
    licensingClasses: q.licensingClasses ?? [],
    otherQualificationType: q.otherQualificationType,
    qualificationNumber: q.qualificationNumber,
    warnings: (q.warnings ?? []).map((w) => ({ label: w.label ?? '', warning: w.warning ?? '' })),
  }));

/** A participant as the API returns it (docs/participants.md). */
export function toParticipantDto(p: ParticipantRecord): ParticipantDto {
  return defined({
    id: p.participantId,
    applicationId: p.applicationId,
    loginUserId: p.loginUserId,
    firstName: p.firstName,
    lastName: p.lastName,
    groupList: p.groupList,
    groupName: p.groupName,
    organisation: p.organisation,
    phoneCountryCode: p.phoneCountryCode,
    phone: p.phone,
    email: p.email,
    address: p.address,
    participantTypes: p.participantTypes ?? [],
    accessLevel: p.accessLevel,
    notificationLevel: p.notificationLevel,
    invitation: p.invitation ?? 'None',
    isDeleted: p.isDeleted ?? false,
    modifiedDate: p.modifiedDate,
    modifiedBy: displayAuthor(p.modifiedBy),
    qualifications: toQualificationDtos(p.qualifications),
    primaryContact: p.primaryContact ?? false,
    libraryContactId: p.libraryContactId,
  }) as ParticipantDto;
}
