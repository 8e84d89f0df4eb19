import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { entities, service } from '../../platform/data/service.js';
import type { organisationInvitation } from '../../platform/data/entities/organisation.js';
import { expiryOf, INVITATION_VALIDITY_DAYS } from '../../../shared/domain/organisations.js';

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
 * Creates an organisation invitation (conditional on its id being free). The organisation issue's
 * invite route builds on this; tests and demos seed invitations with it.
 */
export async function createOrganisationInvitation(
  input: NewOrganisationInvitation,
): Promise<OrganisationInvitationRecord> {
  const sentDate = input.sentDate ?? new Date().toISOString();
  const expiryDate = input.expiryDate ?? expiryOf(sentDate, INVITATION_VALIDITY_DAYS);
  const { data } = await entities.organisationInvitation
    .create({
      invitationId: input.invitationId ?? randomUUID(),
      organisationId: input.organisationId,
      email: input.email,
      status: input.status ?? 'Pending',
      sentDate,
      expiryDate,
      ...(input.organisationName ? { organisationName: input.organisationName } : {}),
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.lastName ? { lastName: input.lastName } : {}),
    })
    .go();
  return data;
}

export async function getOrganisationInvitation(
  invitationId: string,
): Promise<OrganisationInvitationRecord | undefined> {
  const { data } = await entities.organisationInvitation.get({ invitationId }).go();
  return data ?? undefined;
}

export interface InvitedUser {
  userId: string;
  username: string;
  email: string;
}

export type AcceptOutcome = 'accepted' | 'invitationClosed' | 'userExists';

/**
 * In one transaction: the user record (with the invitation's organisation, role Normal), the
 * organisation membership (Active, Normal) and the invitation marked Accepted, on condition that it
 * is still Pending and unexpired and that the user record does not exist yet. Nobody joins an
 * organisation that merged into another (issue 33): its item is checked in the same transaction.
 */
export async function acceptInvitationAsNewUser(
  invitation: Pick<OrganisationInvitationRecord, 'invitationId' | 'organisationId'> &
    Partial<Pick<OrganisationInvitationRecord, 'firstName' | 'lastName'>>,
  user: InvitedUser,
  now: Date = new Date(),
): Promise<AcceptOutcome> {
  const nowIso = now.toISOString();
  const names = {
    ...(invitation.firstName ? { firstName: invitation.firstName } : {}),
    ...(invitation.lastName ? { lastName: invitation.lastName } : {}),
  };
  const result = await service.transaction
    .write(({ user: users, organisationMember, organisationInvitation, organisation }) => [
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
        .where((a, op) => `${op.eq(a.status, 'Pending')} AND ${op.gt(a.expiryDate, nowIso)}`)
        .commit(),
      organisation
        .check({ organisationId: invitation.organisationId })
        .where((a, op) => op.notExists(a.mergedInto))
        .commit(),
    ])
    .go();
  if (!result.canceled) return 'accepted';
  const [userWrite, , invitationWrite] = result.data;
  if (invitationWrite?.rejected) return 'invitationClosed';
  if (userWrite?.rejected) return 'userExists';
  return 'invitationClosed';
}
