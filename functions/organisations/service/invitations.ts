import { Invalid, NotFound, Rejected } from '../../platform/errors.js';
import {
  expiryOf,
  INVITATION_VALIDITY_DAYS,
  invitationStatusOf,
  leavesNoAdmin,
  organisationMessages as msg,
} from '../../../shared/domain/organisations.js';
import type { OrganisationInvitation } from '../../../shared/schemas/organisations.js';
import { retryOnConflict } from '../../platform/data/retry.js';
import type { OrganisationPorts } from '../ports.js';
import type { InvitationRecord } from '../repository/invitations.js';
import { MEMBERS_CHANGED_MEANWHILE, memberRules } from './members.js';
import { refuseIfMerged } from './merges.js';
import type { Membership } from './members.js';

export const toInvitationDto = (i: InvitationRecord, now: Date): OrganisationInvitation => ({
  id: i.invitationId,
  organisationId: i.organisationId,
  ...(i.organisationName ? { organisationName: i.organisationName } : {}),
  ...(i.firstName ? { firstName: i.firstName } : {}),
  ...(i.lastName ? { lastName: i.lastName } : {}),
  email: i.email,
  status: invitationStatusOf(i, now),
  expiryDate: i.expiryDate,
  sentDate: i.sentDate,
});

const emailIssue = (reason: string) => new Invalid([{ field: 'body.email', reason }], reason);

/**
 * Invitations to join (docs/organisations.md): one
 * pending invitation per email per organisation (a guard item), expiry derived on read, revoke and
 * resend only while pending; the invited person accepts from the dashboard (an existing account)
 * or registers through /registration-via-invitation (functions/accounts).
 */
export function invitationRules(ports: OrganisationPorts) {
  const rules = memberRules(ports);
  const now = () => ports.now();
  const list = (items: InvitationRecord[]) => ({
    invitations: items.map((i) => toInvitationDto(i, now())),
  });

  async function sentInvitations(m: Membership) {
    return list(await ports.invitationsOf(m.organisationId));
  }

  async function invite(
    m: Membership,
    request: { email: string; firstName: string; lastName: string; captchaToken: string },
  ): Promise<OrganisationInvitation> {
    await ports.requireCaptcha(request.captchaToken);
    const state = await rules.materialise(m);
    if (state.organisation.mergedInto) throw new Rejected(msg.organisationMerged);
    if (state.members.some((x) => x.email === request.email)) throw emailIssue(msg.alreadyMember);
    const guarded = await ports.pendingInvitationIdOf(m.organisationId, request.email);
    let stale: string | undefined;
    if (guarded) {
      const held = await ports.getInvitation(guarded);
      if (held && invitationStatusOf(held, now()) === 'Pending') throw emailIssue(msg.alreadyInvited);
      stale = guarded;
    }
    const sentDate = now().toISOString();
    const invitation: InvitationRecord = {
      invitationId: ports.newId(),
      organisationId: m.organisationId,
      organisationName: state.organisation.displayName,
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      status: 'Pending',
      sentDate,
      expiryDate: expiryOf(sentDate, INVITATION_VALIDITY_DAYS),
      createdAt: sentDate,
      updatedAt: sentDate,
    };
    if (!(await ports.writeNewInvitation(invitation, stale, m.userId))) throw emailIssue(msg.alreadyInvited);
    return toInvitationDto(invitation, now());
  }

  /** A pending invitation of the caller's organisation (another organisation's: 404). */
  async function pendingOf(m: Membership, invitationId: string): Promise<InvitationRecord> {
    const inv = await ports.getInvitation(invitationId);
    if (!inv || inv.organisationId !== m.organisationId) throw new NotFound(msg.invitationNotFound);
    if (invitationStatusOf(inv, now()) !== 'Pending') throw new Rejected(msg.invitationNotPending);
    return inv;
  }

  async function revokeInvitation(m: Membership, invitationId: string) {
    const inv = await pendingOf(m, invitationId);
    if (!(await ports.closeInvitation(inv, 'Revoked', m.userId)))
      throw new Rejected(msg.invitationNotPending);
    return toInvitationDto({ ...inv, status: 'Revoked' }, now());
  }

  /** Resends the mail; the invitation's sent date is now and its expiry starts again. */
  async function resendInvitation(m: Membership, invitationId: string): Promise<void> {
    const inv = await pendingOf(m, invitationId);
    const sentDate = now().toISOString();
    const dates = { sentDate, expiryDate: expiryOf(sentDate, INVITATION_VALIDITY_DAYS) };
    if (!(await ports.writeResend(inv, dates, m.userId))) throw new Rejected(msg.invitationNotPending);
  }

  /** The invitations sent to the caller's email (as stored on their user record). */
  async function receivedInvitations(userId: string) {
    const user = await rules.userOf(userId);
    return list(await ports.invitationsTo(user.email));
  }

  /**
   * The invited user's answer. Accepted: they leave their organisation (never its last active admin
   * while others remain) and join as an active Normal member, in one transaction.
   */
  async function respondInvitation(userId: string, invitationId: string, status: 'Accepted' | 'Rejected') {
    const user = await rules.userOf(userId);
    const inv = await ports.getInvitation(invitationId);
    if (!inv || inv.email !== user.email) throw new NotFound(msg.invitationNotFound);
    if (status === 'Accepted') await refuseIfMerged(ports, inv.organisationId);
    if (invitationStatusOf(inv, now()) !== 'Pending') throw new Rejected(msg.invitationNotPending);
    if (status === 'Rejected') {
      if (!(await ports.closeInvitation(inv, 'Rejected', userId)))
        throw new Rejected(msg.invitationNotPending);
      return toInvitationDto({ ...inv, status: 'Rejected' }, now());
    }
    if (user.organisationId === inv.organisationId) throw new Rejected(msg.alreadyMember);
    await retryOnConflict(3, MEMBERS_CHANGED_MEANWHILE, async () => {
      const leaving = user.organisationId ? await leavingOf(user.organisationId, userId) : undefined;
      const ok = await ports.writeJoin({
        invitation: inv,
        user: { userId, email: user.email, ...namesOf(user) },
        ...(leaving ? { leaving } : {}),
        now: now().toISOString(),
      });
      if (ok) return true;
      await refuseIfMerged(ports, inv.organisationId);
      const fresh = await ports.getInvitation(invitationId);
      if (!fresh || invitationStatusOf(fresh, now()) !== 'Pending')
        throw new Rejected(msg.invitationNotPending);
      return undefined;
    });
    return toInvitationDto({ ...inv, status: 'Accepted' }, now());
  }

  /** The membership a joining user leaves, checked against the last-admin rule. */
  async function leavingOf(organisationId: string, userId: string) {
    const state = await ports.readOrganisation(organisationId);
    const member = state.members.find((x) => x.userId === userId);
    if (!member) return undefined;
    const others = state.members.some((x) => x.userId !== userId);
    if (others && leavesNoAdmin(state.members, userId, { kind: 'release' }))
      throw new Rejected(msg.lastAdmin);
    if (!state.organisation) await ports.ensureOrganisationRecord(organisationId, organisationId);
    return { member, version: state.organisation?.membersVersion };
  }

  return {
    sentInvitations,
    invite,
    revokeInvitation,
    resendInvitation,
    receivedInvitations,
    respondInvitation,
  };
}

const namesOf = (u: { firstName?: string | undefined; lastName?: string | undefined }) => ({
  ...(u.firstName ? { firstName: u.firstName } : {}),
  ...(u.lastName ? { lastName: u.lastName } : {}),
});
