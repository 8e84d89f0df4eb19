import type { EntityItem } from 'electrodb';
import type { NotificationLevel } from '../../shared/schemas/common.js';
import { entities, service } from '../platform/data/service.js';
import { newEvent, outboxItem } from '../platform/events/outbox.js';
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

/**
 * Sets the participant's level and, when they sign in and have an access row, that row's level, in
 * one transaction with the ParticipantNotificationLevelChanged event.
 */
export async function setParticipantNotificationLevel(
  participant: ParticipantRecord,
  notificationLevel: NotificationLevel,
  modifiedBy: string,
): Promise<void> {
  const { applicationId, participantId, loginUserId } = participant;
  const row = loginUserId
    ? (await entities.applicationAccess.get({ applicationId, userId: loginUserId }).go()).data
    : null;
  const event = newEvent('ParticipantNotificationLevelChanged', {
    aggregate: { type: 'application', id: applicationId },
    actor: modifiedBy,
    data: { participantId, notificationLevel, ...(row && loginUserId ? { userId: loginUserId } : {}) },
  });
  const result = await service.transaction
    .write((e) => [
      e.participant
        .patch({ applicationId, participantId })
        .set({ notificationLevel, modifiedDate: new Date().toISOString(), modifiedBy })
        .commit(),
      ...(row && loginUserId
        ? [
            e.applicationAccess
              .patch({ applicationId, userId: loginUserId })
              .set({ notificationLevel })
              .commit(),
          ]
        : []),
      outboxItem(e, event),
    ])
    .go();
  if (result.canceled) throw new Error('setParticipantNotificationLevel: the transaction was cancelled');
}
