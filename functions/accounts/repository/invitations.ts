import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import { linkSecretHash, newLinkSecret } from '../../platform/link-secrets.js';
import type { organisationInvitation } from '../../platform/data/entities/organisation.js';
import { expiryOf, INVITATION_VALIDITY_DAYS } from '../../../shared/domain/organisations.js';
import '../events.js';
import '../../organisations/events.js';

export type OrganisationInvitationRecord = EntityItem<typeof organisationInvitation>;

/** How long an organisation invitation stays valid when no expiry is given (shared/domain/organisations.ts). */
export { INVITATION_VALIDITY_DAYS };

export interface NewOrganisationInvitation {
  /** The public code (`?code=` / `?uuid=`); a random UUID when absent. */
  invitationId?: string;
  organisationId: string;
  organisationName?: string;
  email: string;
  firstName?: string;
  lastName?: string;
  status?: OrganisationInvitationRecord['status'];
  /** ISO 8601; default now. */
  sentDate?: string;
  /** ISO 8601; default sentDate + INVITATION_VALIDITY_DAYS. */
  expiryDate?: string;
}

/**
 * Seeds an organisation invitation with its registration link, as the invitation mail would make
 * it (tests and demos; the invite route is functions/organisations): the invitation (conditional on
 * its id being free) and the link's item in one transaction. Returns the invitation and the link's
 * secret (`invitationCode`), which nothing stores.
 */
export async function createOrganisationInvitation(
  input: NewOrganisationInvitation,
): Promise<OrganisationInvitationRecord & { invitationCode: string }> {
  const sentDate = input.sentDate ?? new Date().toISOString();
  const expiryDate = input.expiryDate ?? expiryOf(sentDate, INVITATION_VALIDITY_DAYS);
  const invitationCode = newLinkSecret();
  const tokenHash = linkSecretHash(invitationCode);
  const invitationId = input.invitationId ?? randomUUID();
  const record = {
    invitationId,
    organisationId: input.organisationId,
    email: input.email.trim().toLowerCase(),
    status: input.status ?? 'Pending',
    sentDate,
    expiryDate,
    tokenHash,
    ...(input.organisationName ? { organisationName: input.organisationName } : {}),
    ...(input.firstName ? { firstName: input.firstName } : {}),
    ...(input.lastName ? { lastName: input.lastName } : {}),
  } as const;
  const result = await service.transaction
    .write(({ organisationInvitation, organisationInvitationToken }) => [
      organisationInvitation.create(record).commit(),
      organisationInvitationToken
        .create({
          invitationTokenHash: tokenHash,
          invitationId,
          expiresAt: expiryDate,
          ttl: Math.floor(Date.parse(expiryDate) / 1000) + 86_400,
        })
        .commit(),
    ])
    .go();
  if (result.canceled) throw new Error('createOrganisationInvitation: the invitation id is taken');
  const stored = await getOrganisationInvitation(invitationId);
  if (!stored) throw new Error('createOrganisationInvitation: not stored');
  return { ...stored, invitationCode };
}

export async function getOrganisationInvitation(
  invitationId: string,
): Promise<OrganisationInvitationRecord | undefined> {
  const { data } = await entities.organisationInvitation.get({ invitationId }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * The invitation whose newest registration link has this secret's hash, or undefined: the link's
 * item names the invitation, and the invitation must still name that hash (a resend's link
 * replaces the one before). Status and expiry are the service's to check.
 */
export async function invitationByTokenHash(
  tokenHash: string,
): Promise<OrganisationInvitationRecord | undefined> {
  const { data: link } = await entities.organisationInvitationToken
    .get({ invitationTokenHash: tokenHash })
    .go({ consistent: true });
  if (!link) return undefined;
  const invitation = await getOrganisationInvitation(link.invitationId);
  return invitation?.tokenHash === tokenHash ? invitation : undefined;
}

export interface InvitedUser {
  userId: string;
  username: string;
  email: string;
}

export type AcceptOutcome = 'accepted' | 'invitationClosed' | 'userExists';

/**
 * In one transaction: the user record (with the invitation's organisation, role Normal), the
 * organisation membership (Active, Normal), the invitation marked Accepted with its link's hash
 * removed (on condition that it is still Pending, unexpired and names `tokenHash`: a link registers
 * once), and the `UserRegistered` event a confirmed sign-up writes too (functions/accounts/events.ts:
 * participants invited by this email are attached). Also on condition that the user record does
 * not exist yet. Nobody joins an organisation that merged into another (docs/accounts.md): its item is
 * checked in the same transaction.
 */
export async function acceptInvitationAsNewUser(
  invitation: Pick<OrganisationInvitationRecord, 'invitationId' | 'organisationId'> &
    Partial<Pick<OrganisationInvitationRecord, 'firstName' | 'lastName'>>,
  tokenHash: string,
  user: InvitedUser,
  now: Date = new Date(),
): Promise<AcceptOutcome> {
  const nowIso = now.toISOString();
  const names = {
    ...(invitation.firstName ? { firstName: invitation.firstName } : {}),
    ...(invitation.lastName ? { lastName: invitation.lastName } : {}),
  };
  const registered = newEvent('UserRegistered', {
    aggregate: { type: 'user', id: user.userId },
    actor: user.userId,
    data: { email: user.email.trim().toLowerCase() },
  });
  // The organisation's admins are told who joined (docs/notifications.md), and its expiry job goes.
  const joined = newEvent('OrganisationInvitationClosed', {
    aggregate: { type: 'organisation', id: invitation.organisationId },
    actor: user.userId,
    data: { invitationId: invitation.invitationId, status: 'Accepted', userId: user.userId },
  });
  const result = await service.transaction
    .write(({ user: users, organisationMember, organisationInvitation, organisation, domainEvent }) => [
      users
        .create({
          userId: user.userId,
          username: user.username,
          email: user.email,
          organisationId: invitation.organisationId,
          organisationRole: 'Normal',
          ...names,
        })
        .commit(),
      organisationMember
        .create({
          organisationId: invitation.organisationId,
          userId: user.userId,
          email: user.email,
          role: 'Normal',
          status: 'Active',
          ...names,
        })
        .commit(),
      organisationInvitation
        .patch({ invitationId: invitation.invitationId })
        .set({ status: 'Accepted' })
        .remove(['tokenHash'])
        .where(
          (a, op) =>
            `${op.eq(a.status, 'Pending')} AND ${op.gt(a.expiryDate, nowIso)} AND ${op.eq(a.tokenHash, tokenHash)}`,
        )
        .commit(),
      organisation
        .check({ organisationId: invitation.organisationId })
        .where((a, op) => op.notExists(a.mergedInto))
        .commit(),
      // Consumers: participants invited by this email are attached (functions/participants/consumers.ts).
      outboxItem({ domainEvent }, registered),
      outboxItem({ domainEvent }, joined),
    ])
    .go();
  if (!result.canceled) return 'accepted';
  const [userWrite, , invitationWrite] = result.data;
  if (invitationWrite?.rejected) return 'invitationClosed';
  if (userWrite?.rejected) return 'userExists';
  return 'invitationClosed';
}
