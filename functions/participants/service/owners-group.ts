/**
 * An owners group proposed by the title extraction (docs/participants.md "An owners group is shown as
 * created by an AI assistant"; docs/documents.md "Owners read from the title"): the participant it
 * adds or updates, written like any participant change (one transaction with its history and event).
 */
import type { ApplicationRecord } from '../../platform/access.js';
import type { ParticipantRecord, ParticipantWrite } from '../repository.js';

export interface ProposedOwnersGroup {
  participantId: string;
  groupName: string;
  groupList: string;
}

/**
 * The change that writes `group` as the extraction (`actor`, an AI_AUTHOR_PREFIX id): a new
 * participant with no role and no access, or the extraction's own one updated.
 */
export function ownersGroupWrite(
  application: ApplicationRecord,
  group: ProposedOwnersGroup,
  previous: ParticipantRecord | undefined,
  actor: string,
  at: string,
): ParticipantWrite {
  const next = {
    ...(previous ?? {
      applicationId: application.applicationId,
      participantId: group.participantId,
      participantTypes: [],
      accessLevel: 'None' as const,
      notificationLevel: 'Normal' as const,
      invitation: 'None' as const,
      isDeleted: false,
      primaryContact: false,
    }),
    groupName: group.groupName,
    groupList: group.groupList,
    modifiedDate: at,
    modifiedBy: actor,
  } as ParticipantRecord;
  const eventType = previous ? 'ParticipantUpdated' : 'ParticipantAdded';
  return {
    application,
    eventType,
    actor,
    at,
    changes: [previous ? { previous, next } : { next }],
    invite: false,
    history: [
      {
        entityId: group.participantId,
        eventType,
        delta: {
          groupName: [previous?.groupName, group.groupName],
          groupList: [previous?.groupList, group.groupList],
        },
      },
    ],
  };
}
