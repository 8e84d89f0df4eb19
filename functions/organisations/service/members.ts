import { retryOnConflict } from '../../platform/data/retry.js';
import { NotFound, Rejected } from '../../platform/errors.js';
import {
  leavesNoAdmin,
  organisationMessages as msg,
  soleTraderOrganisationId,
} from '../../../shared/domain/organisations.js';
import type { MemberChange, MemberStatus } from '../../../shared/domain/organisations.js';
import type { OrganisationMember, Organisation } from '../../../shared/schemas/organisations.js';
import type { OrganisationGrant } from '../../platform/access.js';
import type { OrganisationPorts } from '../ports.js';
import type {
  MemberRecord,
  OrganisationRecord,
  OrganisationState,
  ProfileFields,
  UserRecord,
} from '../repository/members.js';

export type Membership = OrganisationGrant['membership'];

/** How many times a member change is tried from a fresh read after a concurrent one. */
const ATTEMPTS = 3;
export const MEMBERS_CHANGED_MEANWHILE = 'The members changed meanwhile: try again';

export const toMemberDto = (m: MemberRecord): OrganisationMember => ({
  id: m.userId,
  userId: m.userId,
  ...(m.firstName ? { firstName: m.firstName } : {}),
  ...(m.lastName ? { lastName: m.lastName } : {}),
  email: m.email,
  organisationId: m.organisationId,
  role: m.role,
  status: m.status,
});

export const toOrganisationDto = (
  o: Pick<OrganisationRecord, 'organisationId' | 'displayName' | 'colour' | 'image'>,
): Organisation => ({
  id: o.organisationId,
  displayName: o.displayName,
  ...(o.colour ? { colour: o.colour } : {}),
  ...(o.image ? { image: o.image } : {}),
});

/** The name a new organisation of a user gets: their full name, else their email. */
export const defaultNameOf = (u: Pick<UserRecord, 'firstName' | 'lastName' | 'email'>) =>
  `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email;

/**
 * The members' rules (docs/organisations.md): only admins change
 * members (the route's access); the admin count excludes disabled members and an organisation
 * always keeps an active admin. Every change is conditional on the organisation's members version
 * it read (a concurrent change makes it read again), so two concurrent demotions of the last two
 * admins cannot both pass.
 */
export function memberRules(ports: OrganisationPorts) {
  const nowIso = () => ports.now().toISOString();

  async function userOf(userId: string): Promise<UserRecord> {
    const user = await ports.getUser(userId);
    if (!user) throw new NotFound(msg.memberNotFound);
    return user;
  }

  /**
   * The caller's organisation as stored, written first when it exists only by implication (a sole
   * trader's, or members without an organisation record).
   */
  async function materialise(
    m: Membership,
  ): Promise<OrganisationState & { organisation: OrganisationRecord }> {
    if (m.soleTrader) {
      const user = await userOf(m.userId);
      await ports.createSoleTraderOrganisation(user, m.organisationId, defaultNameOf(user), nowIso());
    }
    let state = await ports.readOrganisation(m.organisationId);
    if (!state.organisation) {
      await ports.ensureOrganisationRecord(m.organisationId, m.organisationId);
      state = await ports.readOrganisation(m.organisationId);
    }
    if (!state.organisation) throw new NotFound(msg.organisationNotFound);
    return { ...state, organisation: state.organisation };
  }

  async function members(m: Membership) {
    if (m.soleTrader) {
      const user = await userOf(m.userId);
      const self: OrganisationMember = {
        ...toMemberDto({
          ...user,
          organisationId: m.organisationId,
          role: 'Admin',
          status: 'Active',
        } as MemberRecord),
      };
      return {
        users: [self],
        organisationId: m.organisationId,
        organisation: { id: m.organisationId, displayName: defaultNameOf(user) },
      };
    }
    const state = await ports.readOrganisation(m.organisationId);
    return {
      users: state.members.map(toMemberDto),
      organisationId: m.organisationId,
      organisation: state.organisation
        ? toOrganisationDto(state.organisation)
        : { id: m.organisationId, displayName: m.organisationId },
    };
  }

  function memberIn(state: OrganisationState, userId: string): MemberRecord {
    const member = state.members.find((x) => x.userId === userId);
    if (!member) throw new NotFound(msg.memberNotFound);
    return member;
  }

  function assertKeepsAdmin(state: OrganisationState, userId: string, change: MemberChange) {
    if (leavesNoAdmin(state.members, userId, change)) throw new Rejected(msg.lastAdmin);
  }

  /** A role or status change, from a fresh read each try. */
  async function change(m: Membership, userId: string, c: MemberChange & { kind: 'role' | 'status' }) {
    return retryOnConflict(ATTEMPTS, MEMBERS_CHANGED_MEANWHILE, async () => {
      const state = await materialise(m);
      const member = memberIn(state, userId);
      const next: MemberRecord =
        c.kind === 'role' ? { ...member, role: c.role } : { ...member, status: c.status };
      if (next.role === member.role && next.status === member.status) return toMemberDto(member);
      assertKeepsAdmin(state, userId, c);
      const ok = await ports.writeMemberChange({
        organisationId: m.organisationId,
        version: state.organisation.membersVersion,
        next,
        changed: c.kind,
        actor: m.userId,
      });
      return ok ? toMemberDto(next) : undefined;
    });
  }

  const setRole = (m: Membership, userId: string, isAdministrator: boolean) =>
    change(m, userId, { kind: 'role', role: isAdministrator ? 'Admin' : 'Normal' });

  const setStatus = (m: Membership, userId: string, status: MemberStatus) =>
    change(m, userId, { kind: 'status', status });

  /** Releases a member (not the caller) into a new organisation of their own, as its admin. */
  async function release(m: Membership, userId: string): Promise<Organisation> {
    if (userId === m.userId) throw new Rejected(msg.releaseSelf);
    return retryOnConflict(ATTEMPTS, MEMBERS_CHANGED_MEANWHILE, async () => {
      const state = await materialise(m);
      const member = memberIn(state, userId);
      assertKeepsAdmin(state, userId, { kind: 'release' });
      const to = { organisationId: ports.newId(), displayName: defaultNameOf(member) };
      const ok = await ports.writeRelease({
        from: { organisationId: m.organisationId, version: state.organisation.membersVersion },
        member,
        to,
        actor: m.userId,
        now: nowIso(),
      });
      return ok ? { id: to.organisationId, displayName: to.displayName } : undefined;
    });
  }

  /** The profile's name, colour and image (a stored data URL; null removes it: ./profile.ts). */
  async function updateOrganisation(m: Membership, fields: ProfileFields): Promise<Organisation> {
    const state = await materialise(m);
    await ports.writeOrganisationProfile(m.organisationId, fields, m.userId);
    const { image, ...rest } = fields;
    return toOrganisationDto({
      ...state.organisation,
      ...rest,
      image: image === null ? undefined : (image ?? state.organisation.image),
    });
  }

  /**
   * The organisation of an active admin with this email (for a merge): its profile and, as the
   * spec's `administrators`, that admin alone (docs/organisations.md: never another person's email or name).
   * Limited per user, every attempt counted (429 with Retry-After past the limit).
   */
  async function lookup(m: Membership, email: string) {
    await ports.limits.check(['organisationLookupPerUser', m.userId]);
    const user = await ports.userByEmail(email);
    if (!user) throw new NotFound(msg.noAdministrator);
    if (!user.organisationId) {
      // A sole trader's organisation (written when its admin first changes it or answers).
      const organisationId = soleTraderOrganisationId(user.userId);
      if (organisationId === m.organisationId) throw new Rejected(msg.sameOrganisation);
      return {
        id: organisationId,
        displayName: defaultNameOf(user),
        administrators: [{ name: defaultNameOf(user), email: user.email }],
      };
    }
    const state = await ports.readOrganisation(user.organisationId);
    const admin = state.members.find(
      (x) => x.userId === user.userId && x.role === 'Admin' && x.status === 'Active',
    );
    if (!state.organisation || !admin) throw new NotFound(msg.noAdministrator);
    if (state.organisation.organisationId === m.organisationId) throw new Rejected(msg.sameOrganisation);
    return {
      ...toOrganisationDto(state.organisation),
      administrators: [{ name: defaultNameOf(admin), email: admin.email }],
    };
  }

  return { materialise, members, setRole, setStatus, release, updateOrganisation, lookup, userOf };
}
