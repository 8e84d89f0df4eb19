import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type { NotificationLevel } from '../../shared/schemas/common.js';
import { accessRank, listRecordType } from '../../shared/domain/applications.js';
import { fullAddressOf } from '../../shared/domain/address.js';
import { defined } from '../../shared/domain/objects.js';
import type { ParticipantType } from '../../shared/schemas/reference.js';
import { entities, service } from '../platform/data/service.js';
import { newEvent, outboxItem } from '../platform/events/outbox.js';
import type { TransactionEntities } from '../platform/events/outbox.js';
import type { ApplicationRecord } from '../platform/access.js';
import type { participant as participantEntity } from '../platform/data/entities/application.js';
import type { ParticipantEventType } from './events.js';
import { guardKey, guardsOf } from './guards.js';
import type { Guard } from './guards.js';

export type ParticipantRecord = EntityItem<typeof participantEntity>;
/** One item of a `service.transaction.write` callback's answer. */
export type TransactionItem = ReturnType<Parameters<(typeof service)['transaction']['write']>[0]>[number];
export type StoredQualification = NonNullable<ParticipantRecord['qualifications']>[number];

/** One participant's change: `previous` absent for a new one. */
export interface ParticipantChangeItem {
  previous?: ParticipantRecord;
  next: ParticipantRecord;
}

/** What one participant operation writes, in one transaction. */
export interface ParticipantWrite {
  application: ApplicationRecord;
  eventType: ParticipantEventType;
  actor: string;
  at: string;
  /** The participant the operation is about first, then those it took a one-person role from. */
  changes: ParticipantChangeItem[];
  /** Whether the first participant's invitation is to be sent (the invitations consumer sends it). */
  invite: boolean;
  history: { entityId: string; eventType: string; delta: Record<string, [unknown, unknown]> }[];
  /**
   * Items another feature's change adds to the same transaction (an access request approved with
   * its participant: functions/access-requests). A failed condition of theirs fails the whole write.
   */
  also?: (e: TransactionEntities, participant: ParticipantRecord) => TransactionItem[];
  /** The access request this change approves (named in the event: the notifications tell once). */
  accessRequestGuid?: string;
}

/** Participants of an application, deleted ones included (P1), read consistently (they guard writes). */
export async function listParticipants(applicationId: string): Promise<ParticipantRecord[]> {
  const { data } = await entities.participant.query
    .byApplication({ applicationId })
    .go({ pages: 'all', consistent: true });
  return data;
}

/** The access a participant's row should have: their level while they sign in, are not deleted and have more than None. */
const rowLevel = (p: ParticipantRecord | undefined) =>
  p && p.loginUserId && !p.isDeleted && accessRank(p.accessLevel) >= 1 ? p.accessLevel : undefined;

/**
 * Writes a participant change in one transaction: the participants (each conditional on its
 * modifiedDate, so a concurrent change fails it), the moved guard rows (conditional on their holder,
 * so two requests giving the same one-person role cannot both win), the access rows of those who
 * sign in, the history entries and the domain event. False when a condition failed.
 */
export async function writeParticipants(
  change: ParticipantWrite,
  types: readonly ParticipantType[],
): Promise<boolean> {
  const app = change.application;
  const applicationId = app.applicationId;
  const before = new Map<string, Guard>();
  const after = new Map<string, Guard>();
  for (const c of change.changes) {
    for (const g of c.previous ? guardsOf(c.previous, types) : []) before.set(guardKey(g), g);
  }
  for (const c of change.changes) for (const g of guardsOf(c.next, types)) after.set(guardKey(g), g);
  const main = change.changes[0]!;
  const userIds = change.changes
    .filter((c) => rowLevel(c.previous) !== rowLevel(c.next))
    .map((c) => c.next.loginUserId)
    .filter((u): u is string => !!u);
  const event = newEvent(change.eventType, {
    aggregate: { type: 'application', id: applicationId },
    actor: change.actor,
    data: defined({
      participantId: main.next.participantId,
      userIds,
      invite: change.invite || undefined,
      reassignedFrom: change.changes.slice(1).map((c) => c.next.participantId),
      libraryContactId: main.next.libraryContactId,
      accessRequestGuid: change.accessRequestGuid,
    }),
  });
  const listFields = defined({
    recordType: listRecordType(app),
    status: app.status,
    modifiedDate: app.modifiedDate,
    authorityId: app.authorityId,
    formId: app.formId,
    applicationNumber: app.applicationNumber,
    consentNumber: app.consentNumber,
    fullAddress: fullAddressOf(app.address) || undefined,
    parentApplicationId: app.parentApplicationId,
  });
  const result = await service.transaction
    .write((e) => {
      const ops = [];
      for (const c of change.changes) {
        const { createdAt: _c, updatedAt: _u, ...item } = c.next;
        const put = e.participant.put(item);
        ops.push(
          c.previous
            ? put.where((a, o) => o.eq(a.modifiedDate, c.previous!.modifiedDate)).commit()
            : put.where((a, o) => o.notExists(a.participantId)).commit(),
        );
        const level = rowLevel(c.next);
        const had = rowLevel(c.previous);
        const userId = c.next.loginUserId;
        if (userId && level && !had)
          ops.push(
            e.applicationAccess
              .put({
                ...listFields,
                applicationId,
                userId,
                accessLevel: level,
                notificationLevel: c.next.notificationLevel ?? 'Normal',
                isOwner: false,
                visibility: 'visible',
              })
              .commit(),
          );
        else if (userId && level && had && level !== had)
          ops.push(e.applicationAccess.patch({ applicationId, userId }).set({ accessLevel: level }).commit());
        else if (userId && !level && had)
          ops.push(e.applicationAccess.delete({ applicationId, userId }).commit());
      }
      for (const [key, g] of after) {
        const old = before.get(key);
        if (old?.participantId === g.participantId) continue;
        const row = e.applicationConstraint.put({ applicationId, ...g });
        ops.push(
          old
            ? // Held by the participant it moves from (or missing: a participant written without its guards).
              row
                .where(
                  (a, o) => `${o.notExists(a.participantId)} OR ${o.eq(a.participantId, old.participantId)}`,
                )
                .commit()
            : row.where((a, o) => o.notExists(a.participantId)).commit(),
        );
      }
      for (const [key, g] of before) {
        if (after.has(key)) continue;
        ops.push(
          e.applicationConstraint
            .delete({ applicationId, kind: g.kind, value: g.value })
            .where((a, o) => `${o.notExists(a.participantId)} OR ${o.eq(a.participantId, g.participantId)}`)
            .commit(),
        );
      }
      for (const h of change.history)
        ops.push(
          e.history
            .create({
              applicationId,
              historyId: randomUUID(),
              timestamp: change.at,
              eventType: h.eventType,
              eventSource: 'Portal',
              entityType: 'PARTICIPANT',
              entityId: h.entityId,
              modifiedBy: change.actor,
              delta: h.delta,
              eventData: { entityId: h.entityId },
            })
            .commit(),
        );
      ops.push(outboxItem(e, event));
      if (change.also) ops.push(...change.also(e, main.next));
      return ops;
    })
    .go();
  return !result.canceled;
}

/** Sets a participant's invitation state after the mail went (or failed), unless it changed meanwhile. */
export async function setInvitation(
  p: ParticipantRecord,
  invitation: 'Unregistered' | 'Error',
): Promise<void> {
  await entities.participant
    .patch({ applicationId: p.applicationId, participantId: p.participantId })
    .set({ invitation })
    .where((a, o) => `${o.eq(a.invitation, 'Queued')} AND ${o.eq(a.modifiedDate, p.modifiedDate)}`)
    .go({ response: 'none' })
    .catch((err: unknown) => {
      if ((err as { cause?: { name?: string } })?.cause?.name !== 'ConditionalCheckFailedException')
        throw err;
    });
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

/** The signed-up user with this email (the users' byEmail index), if any. */
export async function userByEmail(email: string): Promise<{ userId: string } | undefined> {
  const { data } = await entities.user.query.byEmail({ email: email.trim().toLowerCase() }).go({ limit: 1 });
  return data[0] ? { userId: data[0].userId } : undefined;
}

/** One participant, read consistently. */
export async function getParticipant(
  applicationId: string,
  participantId: string,
): Promise<ParticipantRecord | undefined> {
  const { data } = await entities.participant.get({ applicationId, participantId }).go({ consistent: true });
  return data ?? undefined;
}

/** Participants of any application invited by this email: not deleted, no sign-in yet (the byEmail index). */
export async function invitedByEmail(email: string): Promise<ParticipantRecord[]> {
  const { data } = await entities.participant.query
    .byEmail({ email: email.trim().toLowerCase() })
    .go({ pages: 'all' });
  return data.filter((p) => !p.isDeleted && !p.loginUserId);
}

/** The application a participant belongs to. */
export async function getApplicationRecord(applicationId: string): Promise<ApplicationRecord | undefined> {
  const { data } = await entities.application.get({ applicationId }).go();
  return data ?? undefined;
}
