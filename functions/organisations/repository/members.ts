import type { EntityItem } from 'electrodb';
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import type { TransactionEntities } from '../../platform/events/outbox.js';
import type {
  organisation as organisationEntity,
  organisationMember as memberEntity,
} from '../../platform/data/entities/organisation.js';
import type { user as userEntity } from '../../platform/data/entities/user.js';
import '../events.js';

export type OrganisationRecord = EntityItem<typeof organisationEntity>;
export type MemberRecord = EntityItem<typeof memberEntity>;
export type UserRecord = EntityItem<typeof userEntity>;

/** The organisation and its members as one consistent read (its partition: one Query). */
export interface OrganisationState {
  organisation?: OrganisationRecord;
  members: MemberRecord[];
}

export async function readOrganisation(organisationId: string): Promise<OrganisationState> {
  const { data } = await service.collections
    .organisation({ organisationId })
    .go({ pages: 'all', consistent: true });
  return { organisation: data.organisation[0], members: data.organisationMember };
}

export async function getUser(userId: string): Promise<UserRecord | undefined> {
  const { data } = await entities.user.get({ userId }).go({ consistent: true });
  return data ?? undefined;
}

export async function userByEmail(email: string): Promise<UserRecord | undefined> {
  const { data } = await entities.user.query.byEmail({ email }).go();
  return data[0];
}

/** The members of the organisations whose member this email is (gsi1 of the user, then rows). */
export async function membershipsOf(userId: string): Promise<MemberRecord[]> {
  const { data } = await entities.organisationMember.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/**
 * The version condition every member change carries: the organisation's `membersVersion` as read
 * (absent when never set), bumped by one. Two concurrent changes read the same version: one fails.
 */
export function bumpVersion(e: TransactionEntities, organisationId: string, version: number | undefined) {
  return e.organisation
    .patch({ organisationId })
    .set({ membersVersion: (version ?? 0) + 1 })
    .where((a, op) =>
      version === undefined ? op.notExists(a.membersVersion) : op.eq(a.membersVersion, version),
    )
    .commit();
}

const canceled = (result: { canceled: boolean }) => !result.canceled;

/**
 * A user who never joined an organisation gets their own (a sole trader's, id given) with them as
 * its active admin: the organisation, the member row, the user record's organisation and role and
 * the history item, on condition that the user record names no organisation yet. False when it
 * already did (a concurrent first change).
 */
export async function createSoleTraderOrganisation(
  user: UserRecord,
  organisationId: string,
  displayName: string,
  now: string,
): Promise<boolean> {
  const result = await service.transaction
    .write((e) => [
      e.organisation.create({ organisationId, displayName, membersVersion: 0 }).commit(),
      e.organisationMember
        .create({
          organisationId,
          userId: user.userId,
          email: user.email,
          role: 'Admin',
          status: 'Active',
          ...names(user),
        })
        .commit(),
      e.user
        .patch({ userId: user.userId })
        .set({ organisationId, organisationRole: 'Admin' })
        .where((a, op) => op.notExists(a.organisationId))
        .commit(),
      e.membershipHistory
        .create({ userId: user.userId, at: now, organisationId, change: 'Joined', reason: 'SoleTrader' })
        .commit(),
    ])
    .go();
  return canceled(result);
}

export const names = (p: { firstName?: string | undefined; lastName?: string | undefined }) => ({
  ...(p.firstName ? { firstName: p.firstName } : {}),
  ...(p.lastName ? { lastName: p.lastName } : {}),
});

/** An organisation record for members that have none yet (seeded or older data). */
export async function ensureOrganisationRecord(organisationId: string, displayName: string): Promise<void> {
  await service.transaction
    .write((e) => [e.organisation.create({ organisationId, displayName, membersVersion: 0 }).commit()])
    .go();
}

export interface MemberChangeWrite {
  organisationId: string;
  version: number | undefined;
  next: MemberRecord;
  /** Which of the two changed (told to the organisation's admins: docs/notifications.md). */
  changed?: 'role' | 'status';
  actor: string;
}

/** A member's new role or status with the user record's role, conditional on the version read. */
export async function writeMemberChange(change: MemberChangeWrite): Promise<boolean> {
  const { organisationId, next } = change;
  const event = newEvent('OrganisationMemberChanged', {
    aggregate: { type: 'organisation', id: organisationId },
    actor: change.actor,
    data: {
      userId: next.userId,
      role: next.role,
      status: next.status,
      ...(change.changed ? { changed: change.changed } : {}),
    },
  });
  const result = await service.transaction
    .write((e) => [
      bumpVersion(e, organisationId, change.version),
      e.organisationMember
        .patch({ organisationId, userId: next.userId })
        .set({ role: next.role, status: next.status })
        .commit(),
      e.user
        .patch({ userId: next.userId })
        .set({ organisationRole: next.role })
        .where((a, op) => op.eq(a.organisationId, organisationId))
        .commit(),
      outboxItem(e, event),
    ])
    .go();
  return canceled(result);
}

export interface ReleaseWrite {
  from: { organisationId: string; version: number | undefined };
  member: MemberRecord;
  to: { organisationId: string; displayName: string };
  actor: string;
  now: string;
}

/**
 * A member released into a new organisation of their own, in one transaction: the old
 * organisation's version bumped, the old row deleted, the new organisation with them as active
 * admin, the user record moved, both history items and the event.
 */
export async function writeRelease(w: ReleaseWrite): Promise<boolean> {
  const { member, from, to } = w;
  const event = newEvent('OrganisationMemberLeft', {
    aggregate: { type: 'organisation', id: from.organisationId },
    actor: w.actor,
    data: { userId: member.userId, toOrganisationId: to.organisationId, reason: 'Release' },
  });
  const result = await service.transaction
    .write((e) => [
      bumpVersion(e, from.organisationId, from.version),
      e.organisationMember
        .delete({ organisationId: from.organisationId, userId: member.userId })
        .where((a, op) => op.exists(a.userId))
        .commit(),
      e.organisation
        .create({ organisationId: to.organisationId, displayName: to.displayName, membersVersion: 0 })
        .commit(),
      e.organisationMember
        .create({
          organisationId: to.organisationId,
          userId: member.userId,
          email: member.email,
          role: 'Admin',
          status: 'Active',
          ...names(member),
        })
        .commit(),
      e.user
        .patch({ userId: member.userId })
        .set({ organisationId: to.organisationId, organisationRole: 'Admin' })
        .commit(),
      ...historyItems(e, member.userId, from.organisationId, to.organisationId, 'Release', w.now),
      outboxItem(e, event),
    ])
    .go();
  return canceled(result);
}

/** The two history items of a move: Left `from`, Joined `to`. */
export function historyItems(
  e: TransactionEntities,
  userId: string,
  from: string,
  to: string,
  reason: 'Invitation' | 'Release' | 'Merge',
  at: string,
) {
  return [
    e.membershipHistory
      .put({ userId, at, organisationId: from, change: 'Left', reason, otherOrganisationId: to })
      .commit(),
    e.membershipHistory
      .put({ userId, at, organisationId: to, change: 'Joined', reason, otherOrganisationId: from })
      .commit(),
  ];
}

/**
 * A profile change: the display name, a colour, and the image (the stored JPEG as a data URL; null
 * removes it; absent keeps it).
 */
export interface ProfileFields {
  displayName: string;
  colour?: string | undefined;
  image?: string | null | undefined;
}

/** The organisation's display name, colour and image (null: the image removed). */
export async function writeOrganisationProfile(
  organisationId: string,
  fields: ProfileFields,
  actor: string,
): Promise<void> {
  const event = newEvent('OrganisationUpdated', {
    aggregate: { type: 'organisation', id: organisationId },
    actor,
    data: { changed: Object.keys(fields) },
  });
  await service.transaction
    .write((e) => [
      e.organisation
        .patch({ organisationId })
        .set({
          displayName: fields.displayName,
          ...(fields.colour !== undefined ? { colour: fields.colour } : {}),
          ...(typeof fields.image === 'string' ? { image: fields.image } : {}),
        })
        .remove(fields.image === null ? ['image'] : [])
        .commit(),
      outboxItem(e, event),
    ])
    .go();
}
