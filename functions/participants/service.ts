import type { NotificationLevel } from '../../shared/schemas/common.js';
import { Forbidden, NotFound } from '../platform/errors.js';
import type { UserCaller } from '../platform/caller.js';
import type { ApplicationAccessRecord } from '../platform/access.js';
import type { ParticipantRecord } from './repository.js';

/** What the participants service needs: the table's participant reads and writes. */
export interface ParticipantPorts {
  getParticipant(applicationId: string, participantId: string): Promise<ParticipantRecord | undefined>;
  setNotificationLevel(
    participant: ParticipantRecord,
    level: NotificationLevel,
    modifiedBy: string,
  ): Promise<void>;
}

export const NOT_YOUR_LEVEL = 'You can only set your own notification level';

/** Participants (portal-core §4, §6, §7 participants). */
export function participantsService(ports: ParticipantPorts) {
  /**
   * The caller's notification level on an application (portal-core §1 "set a per-application
   * notification level"): on their own participant only (a manager does not choose another person's
   * mail), and on their access row, which the lists and notifications read.
   */
  async function setNotificationLevel(
    caller: UserCaller,
    access: ApplicationAccessRecord,
    participantId: string,
    level: NotificationLevel,
  ): Promise<void> {
    const participant = await ports.getParticipant(access.applicationId, participantId);
    if (!participant || participant.isDeleted) throw new NotFound('Participant not found');
    if (participant.loginUserId !== caller.userId) throw new Forbidden(NOT_YOUR_LEVEL);
    await ports.setNotificationLevel(participant, level, caller.userId);
  }
  return { setNotificationLevel };
}
