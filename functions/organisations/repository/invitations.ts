import type { EntityItem } from 'electrodb';
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import type { organisationInvitation } from '../../platform/data/entities/organisation.js';
import { bumpVersion, historyItems, names } from './members.js';
import type { MemberRecord } from './members.js';
import { notMerged } from './merges.js';
import '../events.js';

export type InvitationRecord = EntityItem<typeof organisationInvitation>;

export async function getInvitation(invitationId: string): Promise<InvitationRecord | undefined> {
  const { data } = await entities.organisationInvitation.get({ invitationId }).go({ consistent: true });
  return data ?? undefined;
}

/** The organisation's invitations (gsi1), newest first. */
export async function invitationsOf(organisationId: string): Promise<InvitationRecord[]> {
  const { data } = await entities.organisationInvitation.query
    .byOrganisation({ organisationId })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

/** The invitations sent to an email (gsi2), newest first. */
export async function invitationsTo(email: string): Promise<InvitationRecord[]> {
  const { data } = await entities.organisationInvitation.query
    .byEmail({ email })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

/** The invitation the organisation's pending-invitation guard of this email names, if any. */
export async function pendingInvitationIdOf(
  organisationId: string,
  email: string,
): Promise<string | undefined> {
  const { data } = await entities.organisationInvitationGuard
    .get({ organisationId, email })
    .go({ consistent: true });
  return data?.invitationId;
}

/**
 * A new invitation with its guard, in one transaction: the guard put on condition that there is
 * none or it still names `staleInvitationId` (an invitation no longer pending). False when another
 * pending invitation of the email holds it (a concurrent invite).
 */
export async function writeNewInvitation(
  invitation: InvitationRecord,
  staleInvitationId: string | undefined,
  actor: string,
): Promise<boolean> {
  const { organisationId, email, invitationId } = invitation;
  const event = newEvent('OrganisationInvitationSent', {
    aggregate: { type: 'organisation', id: organisationId },
    actor,
    data: { invitationId, email, resent: false },
  });
  const result = await service.transaction
    .write((e) => [
      e.organisationInvitationGuard
        .put({ organisationId, email, invitationId })
        .where((a, op) =>
          staleInvitationId === undefined
            ? op.notExists(a.invitationId)
            : op.eq(a.invitationId, staleInvitationId),
        )
        .commit(),
      e.organisationInvitation.create(invitation).commit(),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

/** Seconds a registration link's item is kept after its invitation's expiry (TTL is lazy anyway). */
const LINK_KEPT_AFTER_EXPIRY_SECONDS = 86_400;

/**
 * A new registration link for a mail (docs/organisations.md "The registration link"): in one
 * transaction, the link's item (the secret's hash naming the invitation) and the invitation's
 * `tokenHash` set to it, on condition that the invitation is still Pending and unexpired at `now`.
 * The newest link replaces the one before (the invitation names one hash). False when the
 * invitation is no longer open: no link, no mail.
 */
export async function writeRegistrationLink(
  invitation: Pick<InvitationRecord, 'invitationId' | 'expiryDate'>,
  tokenHash: string,
  now: string,
): Promise<boolean> {
  const { invitationId, expiryDate } = invitation;
  const result = await service.transaction
    .write((e) => [
      e.organisationInvitationToken
        .create({
          invitationTokenHash: tokenHash,
          invitationId,
          expiresAt: expiryDate,
          ttl: Math.floor(Date.parse(expiryDate) / 1000) + LINK_KEPT_AFTER_EXPIRY_SECONDS,
        })
        .commit(),
      e.organisationInvitation
        .patch({ invitationId })
        .set({ tokenHash })
        .where((a, op) => `${op.eq(a.status, 'Pending')} AND ${op.gt(a.expiryDate, now)}`)
        .commit(),
    ])
    .go();
  return !result.canceled;
}

/** Revoked or Rejected: the status on condition that it is still Pending, and the guard released. */
export async function closeInvitation(
  invitation: InvitationRecord,
  status: 'Revoked' | 'Rejected',
  actor: string,
): Promise<boolean> {
  const { organisationId, email, invitationId } = invitation;
  const event = newEvent('OrganisationInvitationClosed', {
    aggregate: { type: 'organisation', id: organisationId },
    actor,
    data: { invitationId, status },
  });
  const result = await service.transaction
    .write((e) => [
      e.organisationInvitation
        .patch({ invitationId })
        .set({ status })
        .where((a, op) => op.eq(a.status, 'Pending'))
        .commit(),
      e.organisationInvitationGuard
        .delete({ organisationId, email })
        .where((a, op) => op.eq(a.invitationId, invitationId))
        .commit(),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

/**
 * Expired (the expiry job): the status on condition that it is still Pending and past its expiry
 * date, with the guard released when it still names this invitation (`releaseGuard`), and the event.
 */
export async function expireInvitation(
  invitation: InvitationRecord,
  releaseGuard: boolean,
  now: string,
): Promise<boolean> {
  const { organisationId, email, invitationId } = invitation;
  const event = newEvent('OrganisationInvitationClosed', {
    aggregate: { type: 'organisation', id: organisationId },
    actor: 'scheduler',
    data: { invitationId, status: 'Expired' },
  });
  const result = await service.transaction
    .write((e) => [
      e.organisationInvitation
        .patch({ invitationId })
        .set({ status: 'Expired' })
        .where((a, op) => `${op.eq(a.status, 'Pending')} AND ${op.lte(a.expiryDate, now)}`)
        .commit(),
      ...(releaseGuard
        ? [
            e.organisationInvitationGuard
              .delete({ organisationId, email })
              .where((a, op) => op.eq(a.invitationId, invitationId))
              .commit(),
          ]
        : []),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

/** Resent: a new sent and expiry date on condition that it is still Pending; the mail goes again. */
export async function writeResend(
  invitation: InvitationRecord,
  dates: { sentDate: string; expiryDate: string },
  actor: string,
): Promise<boolean> {
  const { organisationId, email, invitationId } = invitation;
  const event = newEvent('OrganisationInvitationSent', {
    aggregate: { type: 'organisation', id: organisationId },
    actor,
    data: { invitationId, email, resent: true, replacesSentDate: invitation.sentDate },
  });
  const result = await service.transaction
    .write((e) => [
      e.organisationInvitation
        .patch({ invitationId })
        .set({ ...dates, organisationId, email })
        .where((a, op) => `${op.eq(a.status, 'Pending')} AND ${op.gt(a.expiryDate, dates.sentDate)}`)
        .commit(),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

export interface JoinWrite {
  invitation: InvitationRecord;
  user: { userId: string; email: string; firstName?: string; lastName?: string };
  /** The membership the user leaves (their old organisation's row and version), if any. */
  leaving?: { member: MemberRecord; version: number | undefined };
  now: string;
}

/**
 * An existing user accepts: in one transaction the invitation Accepted (on condition that it is
 * still Pending and unexpired), the guard released, the old membership left (its organisation's
 * version checked), the new row (Active, Normal; the organisation not merged into another), the
 * user record moved, history and the event.
 */
export async function writeJoin(w: JoinWrite): Promise<boolean> {
  const { invitation, user, leaving, now } = w;
  const { organisationId, invitationId } = invitation;
  const from = leaving?.member.organisationId;
  const event = newEvent('OrganisationInvitationClosed', {
    aggregate: { type: 'organisation', id: organisationId },
    actor: user.userId,
    data: { invitationId, status: 'Accepted', userId: user.userId },
  });
  // The organisation they leave hears of it too (its admins are told: docs/notifications.md).
  const left = from
    ? newEvent('OrganisationMemberLeft', {
        aggregate: { type: 'organisation', id: from },
        actor: user.userId,
        data: { userId: user.userId, toOrganisationId: organisationId, reason: 'Invitation' },
      })
    : undefined;
  const result = await service.transaction
    .write((e) => [
      e.organisationInvitation
        .patch({ invitationId })
        .set({ status: 'Accepted' })
        .where((a, op) => `${op.eq(a.status, 'Pending')} AND ${op.gt(a.expiryDate, now)}`)
        .commit(),
      e.organisationInvitationGuard
        .delete({ organisationId, email: invitation.email })
        .where((a, op) => op.eq(a.invitationId, invitationId))
        .commit(),
      ...(leaving && from
        ? [
            bumpVersion(e, from, leaving.version),
            e.organisationMember
              .delete({ organisationId: from, userId: user.userId })
              .where((a, op) => op.exists(a.userId))
              .commit(),
            ...historyItems(e, user.userId, from, organisationId, 'Invitation', now),
          ]
        : [
            e.membershipHistory
              .put({ userId: user.userId, at: now, organisationId, change: 'Joined', reason: 'Invitation' })
              .commit(),
          ]),
      e.organisationMember
        .create({
          organisationId,
          userId: user.userId,
          email: user.email,
          role: 'Normal',
          status: 'Active',
          ...names(user),
        })
        .commit(),
      e.user.patch({ userId: user.userId }).set({ organisationId, organisationRole: 'Normal' }).commit(),
      notMerged(e, organisationId),
      outboxItem(e, event),
      ...(left ? [outboxItem(e, left)] : []),
    ])
    .go();
  return !result.canceled;
}
