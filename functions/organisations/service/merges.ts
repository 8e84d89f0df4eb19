import { NotFound, Rejected } from '../../platform/errors.js';
import { SYSTEM_ACTOR } from '../../platform/events/types.js';
import {
  effectiveStatus,
  expiryOf,
  invitationStatusOf,
  MERGE_INVITATION_VALIDITY_DAYS,
  organisationMessages as msg,
} from '../../../shared/domain/organisations.js';
import type { MergeInvitation } from '../../../shared/schemas/organisations.js';
import type { OrganisationPorts } from '../ports.js';
import type { MergeInvitationRecord } from '../repository/merges.js';
import { memberRules } from './members.js';
import type { Membership } from './members.js';

export const toMergeInvitationDto = (i: MergeInvitationRecord, now: Date): MergeInvitation => ({
  id: i.invitationId,
  organisationId: i.organisationId,
  ...(i.organisationName ? { organisationName: i.organisationName } : {}),
  ...(i.inviteeFirstName ? { inviteeFirstName: i.inviteeFirstName } : {}),
  ...(i.inviteeLastName ? { inviteeLastName: i.inviteeLastName } : {}),
  inviteeEmail: i.inviteeEmail,
  status: effectiveStatus(i.status, i.expiryDate, now),
  expiryDate: i.expiryDate,
  sentDate: i.sentDate,
  inviteeOrganisationId: i.inviteeOrganisationId,
  ...(i.inviteeOrganisationName ? { inviteeOrganisationName: i.inviteeOrganisationName } : {}),
});

/** Refused with the reason when the organisation merged into another: it takes nobody in (docs/organisations.md). */
export async function refuseIfMerged(
  ports: Pick<OrganisationPorts, 'readOrganisation'>,
  organisationId: string,
) {
  const { organisation } = await ports.readOrganisation(organisationId);
  if (organisation?.mergedInto) throw new Rejected(msg.organisationMerged);
}

/** How many times the moves read again after a destination merged meanwhile. */
const MOVE_ROUNDS = 3;
/** How far a chain of merges is followed (each link is a committed merge: no cycle). */
const MAX_CHAIN = 10;

/**
 * Merges (docs/organisations.md "Merge"): the
 * inviting admin finds the other organisation by its admin's email and invites it; the invitee
 * organisation's admin accepts or rejects. Accepting commits in one transaction (the invitation
 * Accepted, the invitee organisation marked merged), then every member and contact moves, each
 * move conditional on the item still being where it was, and the merged organisation's pending
 * invitations close: the consumer of the merge event finishes what a cut-short request left and
 * moves nothing twice. A second Accepted changes nothing. A merged organisation takes nobody in:
 * no join, no merge into it (conditions in the repository's transactions, docs/organisations.md).
 */
export function mergeRules(ports: OrganisationPorts) {
  const rules = memberRules(ports);
  const now = () => ports.now();
  const list = (items: MergeInvitationRecord[]) => ({
    mergeInvitations: items.map((i) => toMergeInvitationDto(i, now())),
  });

  const isPending = (i: MergeInvitationRecord) =>
    effectiveStatus(i.status, i.expiryDate, now()) === 'Pending';

  async function sentMergeInvitations(m: Membership) {
    return list(await ports.mergeInvitationsFrom(m.organisationId));
  }

  async function receivedMergeInvitations(m: Membership) {
    return list(await ports.mergeInvitationsTo(m.organisationId));
  }

  async function inviteMerge(
    m: Membership,
    request: { inviteeOrganisationId: string; inviteeAdminEmail: string },
  ) {
    const target = await rules.lookup(m, request.inviteeAdminEmail);
    if (target.id !== request.inviteeOrganisationId) throw new NotFound(msg.noAdministrator);
    const state = await rules.materialise(m);
    if (state.organisation.mergedInto) throw new Rejected(msg.organisationMerged);
    const sent = await ports.mergeInvitationsFrom(m.organisationId);
    if (sent.some((i) => i.inviteeOrganisationId === target.id && isPending(i)))
      throw new Rejected(msg.mergeAlreadyInvited);
    const admin = await ports.userByEmail(request.inviteeAdminEmail);
    const sentDate = now().toISOString();
    const invitation: MergeInvitationRecord = {
      invitationId: ports.newId(),
      organisationId: m.organisationId,
      organisationName: state.organisation.displayName,
      ...(admin?.firstName ? { inviteeFirstName: admin.firstName } : {}),
      ...(admin?.lastName ? { inviteeLastName: admin.lastName } : {}),
      inviteeEmail: request.inviteeAdminEmail,
      inviteeOrganisationId: target.id,
      inviteeOrganisationName: target.displayName,
      status: 'Pending',
      sentDate,
      expiryDate: expiryOf(sentDate, MERGE_INVITATION_VALIDITY_DAYS),
      createdAt: sentDate,
      updatedAt: sentDate,
    };
    await ports.writeNewMergeInvitation(invitation, m.userId);
    return toMergeInvitationDto(invitation, now());
  }

  async function sentPending(m: Membership, invitationId: string) {
    const inv = await ports.getMergeInvitation(invitationId);
    if (!inv || inv.organisationId !== m.organisationId) throw new NotFound(msg.invitationNotFound);
    if (!isPending(inv)) throw new Rejected(msg.invitationNotPending);
    return inv;
  }

  async function revokeMergeInvitation(m: Membership, invitationId: string) {
    const inv = await sentPending(m, invitationId);
    if (!(await ports.closeMergeInvitation(inv, 'Revoked', m.userId)))
      throw new Rejected(msg.invitationNotPending);
    return toMergeInvitationDto({ ...inv, status: 'Revoked' }, now());
  }

  async function resendMergeInvitation(m: Membership, invitationId: string): Promise<void> {
    const inv = await sentPending(m, invitationId);
    const sentDate = now().toISOString();
    const dates = { sentDate, expiryDate: expiryOf(sentDate, MERGE_INVITATION_VALIDITY_DAYS) };
    if (!(await ports.writeMergeResend(inv, dates, m.userId))) throw new Rejected(msg.invitationNotPending);
  }

  /** A merge invitation addressed to the caller's organisation (another's: 404). */
  async function received(m: Membership, invitationId: string) {
    const inv = await ports.getMergeInvitation(invitationId);
    // After a merge its admin belongs to the inviting organisation: a replayed accept finds it there.
    const replay = inv?.status === 'Accepted' && inv.organisationId === m.organisationId;
    if (!inv || (inv.inviteeOrganisationId !== m.organisationId && !replay))
      throw new NotFound(msg.invitationNotFound);
    return inv;
  }

  /** Where `to`'s new members go: `to`, or the organisation it has merged into since (and so on). */
  async function destinationOf(to: string): Promise<string> {
    let at = to;
    for (let i = 0; i < MAX_CHAIN; i++) {
      const { organisation } = await ports.readOrganisation(at);
      if (!organisation?.mergedInto) return at;
      at = organisation.mergedInto;
    }
    return at;
  }

  /** The merged organisation's pending invitations (to join; to merge, either way) closed: Revoked. */
  async function closeInvitationsOf(organisationId: string, actor: string) {
    const joins = await ports.invitationsOf(organisationId);
    for (const i of joins.filter((x) => invitationStatusOf(x, now()) === 'Pending'))
      await ports.closeInvitation(i, 'Revoked', actor);
    const merges = [
      ...(await ports.mergeInvitationsFrom(organisationId)),
      ...(await ports.mergeInvitationsTo(organisationId)),
    ];
    for (const i of merges.filter(isPending)) await ports.closeMergeInvitation(i, 'Revoked', actor);
  }

  /**
   * Finishes a merge of `from` into `to`: each member and contact still in `from` moves (into
   * where `to` went if it merged meanwhile: a move into a merged organisation is refused, and the
   * next round reads again), then `from`'s pending invitations close. Each step is conditional, so
   * a second run moves and closes nothing twice. Returns how many moved (0 when a run did it all).
   */
  async function moveAll(from: string, to: string, actor: string = SYSTEM_ACTOR): Promise<number> {
    const at = now().toISOString();
    let moved = 0;
    for (let round = 0; round < MOVE_ROUNDS; round++) {
      const { members } = await ports.readOrganisation(from);
      if (members.length === 0) break;
      const target = await destinationOf(to);
      for (const member of members) if (await ports.moveMember(member, target, at)) moved++;
    }
    moved += await ports.moveLibrary(from, await destinationOf(to));
    await closeInvitationsOf(from, actor);
    return moved;
  }

  /** Accepts (merges, idempotently) or rejects a merge invitation to the caller's organisation. */
  async function respondMergeInvitation(
    m: Membership,
    invitationId: string,
    status: 'Accepted' | 'Rejected',
  ) {
    const inv = await received(m, invitationId);
    if (status === 'Accepted') {
      await accept(m, inv);
      return toMergeInvitationDto({ ...inv, status: 'Accepted' }, now());
    }
    if (!isPending(inv) || !(await ports.closeMergeInvitation(inv, 'Rejected', m.userId)))
      throw new Rejected(msg.invitationNotPending);
    return toMergeInvitationDto({ ...inv, status: 'Rejected' }, now());
  }

  /**
   * Commits the merge, then moves and closes. An invitation already Accepted (a second Accepted, or
   * a concurrent one that won) changes nothing here: the request that committed it, and the merge
   * event's consumer after it, do the moves.
   */
  async function accept(m: Membership, inv: MergeInvitationRecord): Promise<void> {
    if (inv.status === 'Accepted') return;
    if (!isPending(inv)) throw new Rejected(msg.invitationNotPending);
    await refuseIfMerged(ports, inv.organisationId);
    await rules.materialise(m);
    if (await ports.writeMergeAccepted(inv, m.userId, now().toISOString())) {
      await moveAll(inv.inviteeOrganisationId, inv.organisationId, m.userId);
      return;
    }
    const fresh = await ports.getMergeInvitation(inv.invitationId);
    if (fresh?.status === 'Accepted') return;
    // Either organisation merged elsewhere meanwhile, or the invitation closed.
    await refuseIfMerged(ports, inv.organisationId);
    await refuseIfMerged(ports, inv.inviteeOrganisationId);
    throw new Rejected(msg.invitationNotPending);
  }

  /** POST /user/organisation/merge: accepts the pending (or already accepted) invitation of `organisationId`. */
  async function merge(m: Membership, organisationId: string) {
    if (organisationId === m.organisationId) {
      // A replay by the merged organisation's admin, now a member of the inviting one: nothing left to accept.
      return { organisationId };
    }
    const invitations = await ports.mergeInvitationsTo(m.organisationId);
    const inv = invitations.find((i) => i.organisationId === organisationId && isPending(i));
    if (!inv) throw new NotFound(msg.invitationNotFound);
    await accept(m, inv);
    return { organisationId: inv.organisationId };
  }

  return {
    sentMergeInvitations,
    receivedMergeInvitations,
    inviteMerge,
    revokeMergeInvitation,
    resendMergeInvitation,
    respondMergeInvitation,
    merge,
    moveAll,
  };
}
