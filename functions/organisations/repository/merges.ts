import type { EntityItem } from 'electrodb';
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem, type TransactionEntities } from '../../platform/events/outbox.js';
import type { mergeInvitation } from '../../platform/data/entities/organisation.js';
import { historyItems } from './members.js';
import type { MemberRecord } from './members.js';
import '../events.js';

export type MergeInvitationRecord = EntityItem<typeof mergeInvitation>;

/**
 * A transaction's check that the organisation has not merged into another (docs/organisations.md: nobody joins,
 * or merges into, a dissolved organisation). Passes for an organisation not written yet.
 */
export const notMerged = (e: Pick<TransactionEntities, 'organisation'>, organisationId: string) =>
  e.organisation
    .check({ organisationId })
    .where((a, op) => op.notExists(a.mergedInto))
    .commit();

export async function getMergeInvitation(invitationId: string): Promise<MergeInvitationRecord | undefined> {
  const { data } = await entities.mergeInvitation.get({ invitationId }).go({ consistent: true });
  return data ?? undefined;
}

/** Sent from the organisation (gsi1), newest first. */
export async function mergeInvitationsFrom(organisationId: string): Promise<MergeInvitationRecord[]> {
  const { data } = await entities.mergeInvitation.query
    .byInviter({ organisationId })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

/** Addressed to the organisation (gsi2), newest first. */
export async function mergeInvitationsTo(inviteeOrganisationId: string): Promise<MergeInvitationRecord[]> {
  const { data } = await entities.mergeInvitation.query
    .byInvitee({ inviteeOrganisationId })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

export async function writeNewMergeInvitation(
  invitation: MergeInvitationRecord,
  actor: string,
): Promise<void> {
  const event = newEvent('MergeInvitationSent', {
    aggregate: { type: 'organisation', id: invitation.organisationId },
    actor,
    data: {
      invitationId: invitation.invitationId,
      inviteeOrganisationId: invitation.inviteeOrganisationId,
      email: invitation.inviteeEmail,
      resent: false,
    },
  });
  await service.transaction
    .write((e) => [e.mergeInvitation.create(invitation).commit(), outboxItem(e, event)])
    .go();
}

/** Revoked or Rejected on condition that it is still Pending. */
export async function closeMergeInvitation(
  invitation: MergeInvitationRecord,
  status: 'Revoked' | 'Rejected',
  actor: string,
): Promise<boolean> {
  const event = newEvent('MergeInvitationClosed', {
    aggregate: { type: 'organisation', id: invitation.organisationId },
    actor,
    data: { invitationId: invitation.invitationId, status },
  });
  const result = await service.transaction
    .write((e) => [
      e.mergeInvitation
        .patch({ invitationId: invitation.invitationId })
        .set({ status })
        .where((a, op) => op.eq(a.status, 'Pending'))
        .commit(),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

/** Expired (the expiry job): on condition that it is still Pending and past its expiry date. */
export async function expireMergeInvitation(
  invitation: MergeInvitationRecord,
  now: string,
): Promise<boolean> {
  const event = newEvent('MergeInvitationClosed', {
    aggregate: { type: 'organisation', id: invitation.organisationId },
    actor: 'scheduler',
    data: { invitationId: invitation.invitationId, status: 'Expired' },
  });
  const result = await service.transaction
    .write((e) => [
      e.mergeInvitation
        .patch({ invitationId: invitation.invitationId })
        .set({ status: 'Expired' })
        .where((a, op) => `${op.eq(a.status, 'Pending')} AND ${op.lte(a.expiryDate, now)}`)
        .commit(),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

export async function writeMergeResend(
  invitation: MergeInvitationRecord,
  dates: { sentDate: string; expiryDate: string },
  actor: string,
): Promise<boolean> {
  const { invitationId, organisationId, inviteeOrganisationId } = invitation;
  const event = newEvent('MergeInvitationSent', {
    aggregate: { type: 'organisation', id: organisationId },
    actor,
    data: {
      invitationId,
      inviteeOrganisationId,
      email: invitation.inviteeEmail,
      resent: true,
      replacesSentDate: invitation.sentDate,
    },
  });
  const result = await service.transaction
    .write((e) => [
      e.mergeInvitation
        .patch({ invitationId })
        .set({ ...dates, organisationId, inviteeOrganisationId })
        .where((a, op) => `${op.eq(a.status, 'Pending')} AND ${op.gt(a.expiryDate, dates.sentDate)}`)
        .commit(),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

/**
 * The merge's commit point, in one transaction: the invitation Accepted (still Pending and
 * unexpired), the invitee organisation marked merged into the inviting one (not merged before), the
 * inviting one checked not merged itself (two crossing merges: one wins) and the event. After it, the members and contacts move one by one, each move conditional, so a
 * retried accept moves nothing twice.
 */
export async function writeMergeAccepted(invitation: MergeInvitationRecord, actor: string, now: string) {
  const event = newEvent('OrganisationsMerged', {
    aggregate: { type: 'organisation', id: invitation.organisationId },
    actor,
    data: { invitationId: invitation.invitationId, fromOrganisationId: invitation.inviteeOrganisationId },
  });
  const result = await service.transaction
    .write((e) => [
      e.mergeInvitation
        .patch({ invitationId: invitation.invitationId })
        .set({ status: 'Accepted' })
        .where((a, op) => `${op.eq(a.status, 'Pending')} AND ${op.gt(a.expiryDate, now)}`)
        .commit(),
      e.organisation
        .patch({ organisationId: invitation.inviteeOrganisationId })
        .set({ mergedInto: invitation.organisationId })
        .where((a, op) => op.notExists(a.mergedInto))
        .commit(),
      notMerged(e, invitation.organisationId),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

/**
 * One member moves: the old row deleted (it must still be there), the new row created with the
 * same role and status in `to` (which must not have merged meanwhile), the user record moved,
 * history. False when the row had already moved or `to` merged into another.
 */
export async function moveMember(member: MemberRecord, to: string, now: string): Promise<boolean> {
  const from = member.organisationId;
  const { organisationId: _from, createdAt: _c, updatedAt: _u, ...rest } = member;
  const result = await service.transaction
    .write((e) => [
      e.organisationMember
        .delete({ organisationId: from, userId: member.userId })
        .where((a, op) => op.exists(a.userId))
        .commit(),
      e.organisationMember.put({ ...rest, organisationId: to }).commit(),
      notMerged(e, to),
      e.user
        .patch({ userId: member.userId })
        .set({ organisationId: to, organisationRole: member.role })
        .commit(),
      ...historyItems(e, member.userId, from, to, 'Merge', now),
    ])
    .go();
  return !result.canceled;
}
