import type { NotificationLevel } from '../../shared/schemas/common.js';
import { canManage } from '../../shared/domain/applications.js';
import { Forbidden, NotFound } from '../platform/errors.js';
import type { UserCaller } from '../platform/caller.js';
import type { ApplicationAccessRecord } from '../platform/access.js';
import { getParticipant, setParticipantNotificationLevel } from './repository.js';

/**
 * The caller's notification level on an application: on their own participant (or any participant
 * with Manage), and on that person's access row, which the lists and notifications read.
 */
export async function setNotificationLevel(
  caller: UserCaller,
  access: ApplicationAccessRecord,
  participantId: string,
  level: NotificationLevel,
): Promise<void> {
  const participant = await getParticipant(access.applicationId, participantId);
  if (!participant || participant.isDeleted) throw new NotFound('Participant not found');
  const own = participant.loginUserId === caller.userId;
  if (!own && !canManage(access.accessLevel)) throw new Forbidden();
  await setParticipantNotificationLevel(participant, level, caller.userId);
}
