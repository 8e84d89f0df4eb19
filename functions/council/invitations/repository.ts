import type { EntityItem } from 'electrodb';
import { entities, service } from '../../platform/data/service.js';
import type { registeredApplicantInvitation } from '../../platform/data/entities/organisation.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import type { TransactionEntities, TransactionItems } from '../../platform/events/outbox.js';
import { publishedEventItems } from '../../platform/events/council-feed.js';
import { councilActor } from '../../platform/events/types.js';
import type { RegisteredApplicantInvitationStatus } from '../model/events.js';
import './events.js';

export type RegisteredApplicantInvitationRecord = EntityItem<typeof registeredApplicantInvitation>;

export async function getInvitation(
  invitationId: string,
): Promise<RegisteredApplicantInvitationRecord | undefined> {
  const { data } = await entities.registeredApplicantInvitation
    .get({ invitationId })
    .go({ consistent: true });
  return data ?? undefined;
}

/** An authority's invitations (gsi2, R3), newest first. */
export async function invitationsOfAuthority(
  authorityId: string,
): Promise<RegisteredApplicantInvitationRecord[]> {
  const { data } = await entities.registeredApplicantInvitation.query
    .byAuthority({ authorityId })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

/** The invitations sent to an email (gsi1, R2), of one status when given, newest first. */
export async function invitationsTo(
  email: string,
  status?: RegisteredApplicantInvitationStatus,
): Promise<RegisteredApplicantInvitationRecord[]> {
  const { data } = await entities.registeredApplicantInvitation.query
    .byEmail({ email, ...(status ? { status } : {}) })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

/** The email of a signed-in user's record (the one the portal keeps), if any. */
export async function userEmail(userId: string): Promise<string | undefined> {
  const { data } = await entities.user.get({ userId }).go();
  return data?.email ?? undefined;
}

/** The authority's code (abbr) and name, for the invitation it sends. */
export async function authorityOf(authorityId: string): Promise<{ abbr?: string; name: string } | undefined> {
  const { data } = await entities.authority.get({ authorityId }).go();
  if (!data) return undefined;
  return { ...(data.abbr ? { abbr: data.abbr } : {}), name: data.displayName || data.name };
}

/** Items that commit with a change (the council's idempotency item: docs/council-api.md §3). */
export type AlsoCommit = (e: TransactionEntities) => TransactionItems;

/** A new invitation (Pending) with its event (and `also`), in one transaction. */
export async function writeNewInvitation(
  invitation: RegisteredApplicantInvitationRecord,
  also?: AlsoCommit,
): Promise<void> {
  const { invitationId, email } = invitation;
  const authorityId = invitation.authorityId!;
  const event = newEvent('RegisteredApplicantInvitationSent', {
    aggregate: { type: 'registeredApplicantInvitation', id: invitationId },
    actor: councilActor(authorityId),
    data: { invitationId, authorityId, email },
  });
  await service.transaction
    .write((e) => [
      e.registeredApplicantInvitation.create(invitation).commit(),
      outboxItem(e, event),
      ...(also ? also(e) : []),
    ])
    .go();
}

/**
 * The invitee's answer: the status and their user id on condition that it is still Pending, with
 * its event and the council's feed entry (`RegisteredApplicantInvitation<status>`), in one
 * transaction. False when it was answered meanwhile.
 */
export async function writeAnswer(
  invitation: RegisteredApplicantInvitationRecord,
  status: 'Accepted' | 'Rejected',
  userId: string,
): Promise<boolean> {
  const { invitationId, email, sendingDate } = invitation;
  const authorityId = invitation.authorityId ?? '';
  const event = newEvent('RegisteredApplicantInvitationAnswered', {
    aggregate: { type: 'registeredApplicantInvitation', id: invitationId },
    actor: userId,
    data: { invitationId, authorityId, status, userId },
  });
  const result = await service.transaction
    .write((e) => [
      e.registeredApplicantInvitation
        .patch({ invitationId })
        // The byEmail sort key holds the status: ElectroDB rebuilds it from all its composites.
        .set({ status, userId, email, sendingDate })
        .where((a, op) => op.eq(a.status, 'Pending'))
        .commit(),
      // The event and the council's feed entry (functions/platform/events/council-feed.ts).
      ...publishedEventItems(e, event),
    ])
    .go();
  return !result.canceled;
}
