import type { OrganisationPorts } from '../../../../functions/organisations/ports.js';
import type {
  MemberRecord,
  OrganisationRecord,
  UserRecord,
} from '../../../../functions/organisations/repository/members.js';
import type { InvitationRecord } from '../../../../functions/organisations/repository/invitations.js';
import type { MergeInvitationRecord } from '../../../../functions/organisations/repository/merges.js';
import type { Membership } from '../../../../functions/organisations/service/index.js';
import { captchaFailed } from '../../../../functions/accounts/service/registration.js';
import { rateLimiter } from '../../../../functions/platform/rate-limit.js';

export const T0 = new Date('2026-03-02T00:00:00.000Z');
const DAY = 24 * 3600 * 1000;

/**
 * An in-memory table for the organisations service, with the repository's conditions: member
 * changes on the organisation's membersVersion, the one pending-invitation guard per email, status
 * changes only from Pending, moves only of items still where they were, nobody joining (or merging
 * into) an organisation that merged into another. `gate(n)` holds every member
 * write until n organisation reads have happened (two concurrent requests read the same state).
 */
export function world() {
  let clock = T0.getTime();
  let ids = 0;
  const orgs = new Map<string, OrganisationRecord>();
  const members = new Map<string, MemberRecord>(); // key org\nuser
  const users = new Map<string, UserRecord>();
  const invitations = new Map<string, InvitationRecord>();
  const guards = new Map<string, string>(); // org\nemail → invitationId
  const merges = new Map<string, MergeInvitationRecord>();
  const contacts = new Map<string, string>(); // contactId → organisationId
  const moves: string[] = [];
  const events: string[] = []; // `<type> <id>` of each event a write commits (the outbox)
  const counters = new Map<string, number>(); // the rate limiter's
  const history: string[] = [];
  let captchaOk = true;
  let reads = 0;
  let gate: { until: number; open: Promise<void>; release: () => void } | undefined;
  const mk = (o: string, u: string) => `${o}\n${u}`;
  const now = () => new Date(clock);

  async function awaitGate() {
    if (!gate) return;
    if (reads >= gate.until) gate.release();
    await gate.open;
  }
  const versionOk = (orgId: string, version: number | undefined) =>
    orgs.get(orgId)?.membersVersion === version;
  const bump = (orgId: string) => {
    const o = orgs.get(orgId)!;
    o.membersVersion = (o.membersVersion ?? 0) + 1;
  };
  const setUserOrg = (userId: string, organisationId: string, role: string) => {
    const u = users.get(userId);
    if (u) Object.assign(u, { organisationId, organisationRole: role });
  };

  const ports: OrganisationPorts = {
    readOrganisation: async (organisationId) => {
      reads++;
      if (gate && reads >= gate.until) gate.release();
      return structuredClone({
        organisation: orgs.get(organisationId),
        members: [...members.values()].filter((m) => m.organisationId === organisationId),
      });
    },
    getUser: async (userId) => structuredClone(users.get(userId)),
    userByEmail: async (email) => structuredClone([...users.values()].find((u) => u.email === email)),
    createSoleTraderOrganisation: async (user, organisationId, displayName) => {
      if (users.get(user.userId)?.organisationId) return false;
      orgs.set(organisationId, { organisationId, displayName, membersVersion: 0 } as OrganisationRecord);
      members.set(mk(organisationId, user.userId), {
        organisationId,
        userId: user.userId,
        email: user.email,
        role: 'Admin',
        status: 'Active',
      } as MemberRecord);
      setUserOrg(user.userId, organisationId, 'Admin');
      return true;
    },
    ensureOrganisationRecord: async (organisationId, displayName) => {
      if (!orgs.has(organisationId))
        orgs.set(organisationId, { organisationId, displayName } as OrganisationRecord);
    },
    writeMemberChange: async ({ organisationId, version, next }) => {
      await awaitGate();
      if (!versionOk(organisationId, version)) return false;
      bump(organisationId);
      members.set(mk(organisationId, next.userId), structuredClone(next));
      setUserOrg(next.userId, organisationId, next.role);
      return true;
    },
    writeRelease: async ({ from, member, to, now: at }) => {
      await awaitGate();
      if (!versionOk(from.organisationId, from.version)) return false;
      bump(from.organisationId);
      members.delete(mk(from.organisationId, member.userId));
      orgs.set(to.organisationId, {
        organisationId: to.organisationId,
        displayName: to.displayName,
        membersVersion: 0,
      } as OrganisationRecord);
      members.set(mk(to.organisationId, member.userId), {
        ...member,
        organisationId: to.organisationId,
        role: 'Admin',
        status: 'Active',
      });
      setUserOrg(member.userId, to.organisationId, 'Admin');
      history.push(`${at} ${member.userId} ${from.organisationId}→${to.organisationId} Release`);
      return true;
    },
    writeOrganisationProfile: async (organisationId, { image, ...fields }) => {
      const org = orgs.get(organisationId)!;
      Object.assign(org, fields);
      if (image === null) delete org.image;
      else if (image !== undefined) org.image = image;
    },

    getInvitation: async (id) => structuredClone(invitations.get(id)),
    invitationsOf: async (org) =>
      [...invitations.values()]
        .filter((i) => i.organisationId === org)
        .sort((a, b) => b.sentDate.localeCompare(a.sentDate)),
    invitationsTo: async (email) => [...invitations.values()].filter((i) => i.email === email),
    pendingInvitationIdOf: async (org, email) => guards.get(mk(org, email)),
    writeNewInvitation: async (inv, stale) => {
      const held = guards.get(mk(inv.organisationId, inv.email));
      if (held !== stale) return false;
      guards.set(mk(inv.organisationId, inv.email), inv.invitationId);
      invitations.set(inv.invitationId, structuredClone(inv));
      return true;
    },
    closeInvitation: async (inv, status) => {
      const cur = invitations.get(inv.invitationId)!;
      if (cur.status !== 'Pending') return false;
      cur.status = status;
      events.push(`OrganisationInvitationClosed ${inv.invitationId} ${status}`);
      if (guards.get(mk(inv.organisationId, inv.email)) === inv.invitationId)
        guards.delete(mk(inv.organisationId, inv.email));
      return true;
    },
    expireInvitation: async (inv, releaseGuard, at) => {
      const cur = invitations.get(inv.invitationId)!;
      if (cur.status !== 'Pending' || cur.expiryDate > at) return false;
      const key = mk(inv.organisationId, inv.email);
      if (releaseGuard && guards.get(key) !== inv.invitationId) return false;
      cur.status = 'Expired';
      if (releaseGuard) guards.delete(key);
      return true;
    },
    writeResend: async (inv, dates) => {
      const cur = invitations.get(inv.invitationId)!;
      if (cur.status !== 'Pending' || cur.expiryDate <= dates.sentDate) return false;
      Object.assign(cur, dates);
      return true;
    },
    writeJoin: async ({ invitation, user, leaving, now: at }) => {
      const cur = invitations.get(invitation.invitationId)!;
      if (cur.status !== 'Pending' || cur.expiryDate <= at) return false;
      if (orgs.get(invitation.organisationId)?.mergedInto) return false;
      if (leaving && !versionOk(leaving.member.organisationId, leaving.version)) return false;
      cur.status = 'Accepted';
      guards.delete(mk(invitation.organisationId, invitation.email));
      if (leaving) {
        bump(leaving.member.organisationId);
        members.delete(mk(leaving.member.organisationId, user.userId));
      }
      members.set(mk(invitation.organisationId, user.userId), {
        organisationId: invitation.organisationId,
        userId: user.userId,
        email: user.email,
        role: 'Normal',
        status: 'Active',
      } as MemberRecord);
      setUserOrg(user.userId, invitation.organisationId, 'Normal');
      return true;
    },

    getMergeInvitation: async (id) => structuredClone(merges.get(id)),
    mergeInvitationsFrom: async (org) =>
      [...merges.values()].filter((i) => i.organisationId === org).map((i) => structuredClone(i)),
    mergeInvitationsTo: async (org) =>
      [...merges.values()].filter((i) => i.inviteeOrganisationId === org).map((i) => structuredClone(i)),
    writeNewMergeInvitation: async (inv) => {
      merges.set(inv.invitationId, structuredClone(inv));
    },
    closeMergeInvitation: async (inv, status) => {
      const cur = merges.get(inv.invitationId)!;
      if (cur.status !== 'Pending') return false;
      cur.status = status;
      events.push(`MergeInvitationClosed ${inv.invitationId} ${status}`);
      return true;
    },
    expireMergeInvitation: async (inv, at) => {
      const cur = merges.get(inv.invitationId)!;
      if (cur.status !== 'Pending' || cur.expiryDate > at) return false;
      cur.status = 'Expired';
      return true;
    },
    writeMergeResend: async (inv, dates) => {
      const cur = merges.get(inv.invitationId)!;
      if (cur.status !== 'Pending' || cur.expiryDate <= dates.sentDate) return false;
      Object.assign(cur, dates);
      return true;
    },
    writeMergeAccepted: async (inv, _actor, at) => {
      const cur = merges.get(inv.invitationId)!;
      const invitee = orgs.get(inv.inviteeOrganisationId);
      if (cur.status !== 'Pending' || cur.expiryDate <= at || !invitee || invitee.mergedInto) return false;
      if (orgs.get(inv.organisationId)?.mergedInto) return false;
      cur.status = 'Accepted';
      invitee.mergedInto = inv.organisationId;
      events.push(`OrganisationsMerged ${inv.invitationId}`);
      return true;
    },
    moveMember: async (member, to) => {
      if (orgs.get(to)?.mergedInto || !members.has(mk(member.organisationId, member.userId))) return false;
      members.delete(mk(member.organisationId, member.userId));
      members.set(mk(to, member.userId), { ...member, organisationId: to });
      setUserOrg(member.userId, to, member.role);
      moves.push(`member ${member.userId}`);
      return true;
    },
    moveLibrary: async (from, to) => {
      let n = 0;
      for (const [id, org] of contacts)
        if (org === from) {
          contacts.set(id, to);
          moves.push(`contact ${id}`);
          n++;
        }
      return n;
    },
    requireCaptcha: async () => {
      if (!captchaOk) throw captchaFailed();
    },
    limits: rateLimiter({
      counter: { increment: async (key) => counters.set(key, (counters.get(key) ?? 0) + 1).get(key)! },
      now: () => clock,
    }),
    now,
    newId: () => `id-${++ids}`,
  };

  return {
    ports,
    orgs,
    members,
    users,
    invitations,
    guards,
    merges,
    contacts,
    moves,
    events,
    history,
    advance: (days: number) => (clock += days * DAY),
    failCaptcha: () => (captchaOk = false),
    /** Holds member writes until `n` more organisation reads have happened. */
    gate(n: number) {
      let release = () => {};
      const open = new Promise<void>((r) => (release = r));
      gate = { until: reads + n, open, release };
    },
    user(userId: string, email = `${userId}@example.nz`, organisationId?: string) {
      users.set(userId, {
        userId,
        username: userId,
        email,
        firstName: userId,
        lastName: 'Tester',
        ...(organisationId ? { organisationId } : {}),
      } as UserRecord);
    },
    /** An organisation with members: `[userId, role, status?]`. */
    organisation(organisationId: string, list: [string, 'Admin' | 'Normal', ('Active' | 'Disabled')?][]) {
      orgs.set(organisationId, {
        organisationId,
        displayName: `Org ${organisationId}`,
        membersVersion: 0,
      } as OrganisationRecord);
      for (const [userId, role, status] of list) {
        this.user(userId, `${userId}@example.nz`, organisationId);
        setUserOrg(userId, organisationId, role);
        members.set(mk(organisationId, userId), {
          organisationId,
          userId,
          email: `${userId}@example.nz`,
          firstName: userId,
          role,
          status: status ?? 'Active',
        } as MemberRecord);
      }
    },
    member: (organisationId: string, userId: string) => members.get(mk(organisationId, userId)),
  };
}

/** The membership the access policy grants an active admin or member. */
export const as = (
  organisationId: string,
  userId: string,
  role: 'Admin' | 'Normal' = 'Admin',
): Membership => ({
  organisationId,
  userId,
  role,
  status: 'Active',
  soleTrader: false,
});
