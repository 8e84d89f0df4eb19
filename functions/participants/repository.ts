import type { EntityItem } from 'electrodb';
import type { NotificationLevel } from '../../shared/schemas/common.js';
import { entities } from '../platform/data/service.js';
import type { participant as participantEntity } from '../platform/data/entities/application.js';

export type ParticipantRecord = EntityItem<typeof participantEntity>;

/** A participant of an application, or undefined. */
export async function getParticipant(
  applicationId: string,
  participantId: string,
): Promise<ParticipantRecord | undefined> {
  const { data } = await entities.participant.get({ applicationId, participantId }).go();
  return data ?? undefined;
}

/** Sets the participant's level and, when they sign in, their access row's level. */
export async function setParticipantNotificationLevel(
  participant: ParticipantRecord,
  notificationLevel: NotificationLevel,
  modifiedBy: string,
): Promise<void> {
  const { applicationId, participantId, loginUserId } = participant;
  await entities.participant
    .patch({ applicationId, participantId })
    .set({ notificationLevel, modifiedDate: new Date().toISOString(), modifiedBy })
    .go({ response: 'none' });
  if (!loginUserId) return;
  const { data: row } = await entities.applicationAccess.get({ applicationId, userId: loginUserId }).go();
  if (row)
    await entities.applicationAccess
      .patch({ applicationId, userId: loginUserId })
      .set({ notificationLevel })
      .go({ response: 'none' });
}
