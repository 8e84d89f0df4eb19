import { retryOnConflict } from '../../platform/data/retry.js';
import type { AccessLevel, NotificationLevel } from '../../../shared/schemas/common.js';
import type { ParticipantType, QualificationType } from '../../../shared/schemas/reference.js';
import type { ParticipantFields } from '../../../shared/schemas/participants.js';
import type { Practitioner } from '../../../shared/schemas/lookups.js';
import { accessRank } from '../../../shared/domain/applications.js';
import { formatMessage } from '../../../shared/domain/applications.js';
import {
  canChangeParticipant,
  effectiveAccess,
  lockedTypes,
  participantMessages as m,
  selectTypes,
  shouldInvite,
  requiredTypesHeld,
  canResendInvitation,
  typeNames,
  typeOf,
  typeRequiredMessage,
  typesManagedBy,
  isOnePersonType,
} from '../../../shared/domain/participants.js';
import { defined } from '../../../shared/domain/objects.js';
import { Forbidden, Invalid, NotFound, Rejected } from '../../platform/errors.js';
import type { UserCaller } from '../../platform/caller.js';
import type { ApplicationAccessRecord, ApplicationGrant } from '../../platform/access.js';
import type { ParticipantRecord, ParticipantWrite } from '../repository.js';
import { qualificationRules } from './qualifications.js';
import { deltaOf, factsOf } from './changes.js';

/** What the participants service needs (the table, the reference data, the users, the LBP register). */
export interface ParticipantPorts {
  participants(applicationId: string): Promise<ParticipantRecord[]>;
  participantTypes(): readonly ParticipantType[];
  qualificationTypes(): readonly QualificationType[];
  /** The signed-up user with this email, if any. */
  userByEmail(email: string): Promise<{ userId: string } | undefined>;
  /** The register's entry for an LBP number; undefined when not found; throws when unreachable. */
  practitioner(lbpNumber: string): Promise<Practitioner | undefined>;
  /** Writes the change in one transaction; false when a condition failed (someone changed it meanwhile). */
  write(change: ParticipantWrite): Promise<boolean>;
  setNotificationLevel(
    participant: ParticipantRecord,
    level: NotificationLevel,
    modifiedBy: string,
  ): Promise<void>;
  now(): string;
  newId(): string;
}

export const NOT_YOUR_LEVEL = 'You can only set your own notification level';
export const PARTICIPANT_NOT_FOUND = 'Participant not found';
export const CHANGED_MEANWHILE = 'The participants changed meanwhile: try again';

/** How many times a change is tried again after a concurrent one (each from a fresh read). */
const ATTEMPTS = 4;

const invalid = (field: string, message: string) =>
  new Invalid([{ field: `body.${field}`, reason: message }], message);

/** Participants (docs/participants.md). docs/participants.md lists the rules. */
export function participantsService(ports: ParticipantPorts) {
  const { qualificationsOf } = qualificationRules(ports);
  /** Retries `attempt` from a fresh read while a concurrent change beats it. */
  const withRetry = <T>(attempt: () => Promise<T | undefined>) =>
    retryOnConflict(ATTEMPTS, CHANGED_MEANWHILE, attempt);

  async function list(applicationId: string, includeDeleted: boolean): Promise<ParticipantRecord[]> {
    const all = await ports.participants(applicationId);
    return all.filter((p) => includeDeleted || !p.isDeleted);
  }

  async function get(applicationId: string, participantId: string): Promise<ParticipantRecord> {
    const p = (await ports.participants(applicationId)).find((x) => x.participantId === participantId);
    if (!p) throw new NotFound(PARTICIPANT_NOT_FOUND);
    return p;
  }

  /** The roles as stored (names, display order, RegisteredOwner over AdditionalOwner); unknown ones refused. */
  function rolesOf(names: readonly string[]): string[] {
    const types = ports.participantTypes();
    const unknown = names.find((n) => !typeOf(types, n));
    if (unknown) throw invalid('participantTypes', `Unknown participant type: ${unknown}`);
    return selectTypes(types, names);
  }

  function checkEmailFree(
    email: string | undefined,
    participantId: string,
    all: readonly ParticipantRecord[],
  ) {
    if (!email) return;
    if (all.some((p) => !p.isDeleted && p.participantId !== participantId && p.email === email))
      throw invalid('email', m.emailUnique);
  }

  function checkGrantable(caller: ApplicationGrant['access'], level: AccessLevel) {
    if (accessRank(level) > accessRank(caller.accessLevel)) throw new Forbidden(m.accessAboveOwn);
  }

  /**
   * Refuses lowering, re-addressing or removing a participant whose access is above the caller's
   * (docs/participants.md; `canChangeParticipant`). Checked on every attempt's fresh read.
   */
  function checkChangeable(
    caller: ApplicationGrant['access'],
    current: ParticipantRecord,
    next: ParticipantRecord,
  ) {
    if (canChangeParticipant(caller.accessLevel, current.accessLevel)) return;
    const lowered = next.isDeleted || accessRank(next.accessLevel) < accessRank(current.accessLevel);
    if (lowered || next.email !== current.email) throw new Forbidden(m.aboveYourAccess);
  }

  /** Refuses a change that leaves the application without a Manage participant who signs in. */
  function checkManagerLeft(all: readonly ParticipantRecord[], changed: ParticipantRecord) {
    const managers = all
      .map((p) => (p.participantId === changed.participantId ? changed : p))
      .filter((p) => !p.isDeleted && p.loginUserId && p.accessLevel === 'Manage');
    if (managers.length === 0) throw new Rejected(m.lastManager);
  }

  /** The other holders losing a one-person role `roles` gives to `participantId` (reassignment). */
  function reassignments(
    roles: readonly string[],
    participantId: string,
    all: readonly ParticipantRecord[],
    at: string,
    by: string,
  ) {
    const types = ports.participantTypes();
    const moved: { type: string; from: ParticipantRecord; next: ParticipantRecord }[] = [];
    for (const name of roles) {
      const type = typeOf(types, name)!;
      if (!isOnePersonType(type)) continue;
      for (const holder of all) {
        if (holder.isDeleted || holder.participantId === participantId) continue;
        if (!typeNames(types, holder.participantTypes ?? []).includes(type.name)) continue;
        const prior = moved.find((x) => x.from.participantId === holder.participantId);
        const base = prior?.next ?? holder;
        const next = {
          ...base,
          participantTypes: typeNames(types, base.participantTypes ?? []).filter((t) => t !== type.name),
          modifiedDate: at,
          modifiedBy: by,
        };
        if (prior) prior.next = next;
        else moved.push({ type: type.name, from: holder, next });
      }
    }
    return moved;
  }

  /**
   * POST .../participantsV2: adds a participant (invited when they should be). `options.also` adds
   * another feature's items to the same transaction (an access request approved with it); they are
   * built again on each attempt.
   */
  async function add(
    caller: UserCaller,
    grant: ApplicationGrant,
    input: ParticipantFields,
    options: { also?: ParticipantWrite['also']; accessRequestGuid?: string } = {},
  ): Promise<ParticipantRecord> {
    const applicationId = grant.application.applicationId;
    const roles = rolesOf(input.participantTypes);
    const { accessLevel } = effectiveAccess(ports.participantTypes(), roles, input.accessLevel);
    checkGrantable(grant.access, accessLevel);
    const participantId = ports.newId();
    return withRetry(async () => {
      const all = await ports.participants(applicationId);
      checkEmailFree(input.email, participantId, all);
      const qualifications = await qualificationsOf(input.qualifications ?? [], participantId, all);
      const user = input.email ? await ports.userByEmail(input.email) : undefined;
      if (user && all.some((p) => !p.isDeleted && p.loginUserId === user.userId))
        throw invalid('email', m.emailUnique);
      const at = ports.now();
      const next: ParticipantRecord = defined({
        applicationId,
        participantId,
        loginUserId: user?.userId,
        firstName: input.firstName,
        lastName: input.lastName,
        organisation: input.organisation,
        phoneCountryCode: input.phoneCountryCode,
        phone: input.phone,
        email: input.email,
        address: input.address,
        participantTypes: roles,
        accessLevel,
        notificationLevel: 'Normal' as const,
        groupName: input.groupName,
        groupList: input.groupList,
        qualifications,
        libraryContactId: input.libraryContactId,
        invitation: user ? ('Accepted' as const) : ('None' as const),
        isDeleted: false,
        primaryContact: false,
        modifiedDate: at,
        modifiedBy: caller.userId,
      }) as ParticipantRecord;
      if (shouldInvite(next)) next.invitation = 'Queued';
      const moved = reassignments(roles, participantId, all, at, caller.userId);
      const ok = await ports.write({
        application: grant.application,
        eventType: 'ParticipantAdded',
        actor: caller.userId,
        at,
        changes: [{ next }, ...moved.map((x) => ({ previous: x.from, next: x.next }))],
        invite: next.invitation === 'Queued',
        ...(options.also ? { also: options.also } : {}),
        ...(options.accessRequestGuid ? { accessRequestGuid: options.accessRequestGuid } : {}),
        history: [
          { entityId: participantId, eventType: 'ParticipantAdded', delta: deltaOf(undefined, next) },
          ...moved.map((x) => ({
            entityId: x.from.participantId,
            eventType: 'ParticipantUpdated',
            delta: deltaOf(x.from, x.next),
          })),
        ],
      });
      return ok ? next : undefined;
    });
  }

  /** PATCH .../participantsV2/{participantId}: edits (Edit), or sets one's own roles (docs/participants.md). */
  async function update(
    caller: UserCaller,
    grant: ApplicationGrant,
    participantId: string,
    input: ParticipantFields,
  ): Promise<ParticipantRecord> {
    const applicationId = grant.application.applicationId;
    const types = ports.participantTypes();
    const canEdit = accessRank(grant.access.accessLevel) >= 2;
    return withRetry(async () => {
      const all = await ports.participants(applicationId);
      const current = all.find((p) => p.participantId === participantId);
      if (!current) throw new NotFound(PARTICIPANT_NOT_FOUND);
      if (current.isDeleted) throw new Rejected(m.deleted);
      const roles = rolesOf(input.participantTypes);
      // The stored roles as names too (older items may hold ids): docs/participants.md.
      const held = typeNames(types, current.participantTypes ?? []);
      const at = ports.now();
      let next: ParticipantRecord;
      if (!canEdit) {
        if (current.loginUserId !== caller.userId) throw new Forbidden();
        const managed = typesManagedBy(types, held);
        const changed = [
          ...roles.filter((r) => !held.includes(r)),
          ...held.filter((r) => !roles.includes(r)),
        ];
        if (changed.some((r) => !managed.includes(r))) throw new Forbidden(m.notYourTypes);
        const { accessLevel } = effectiveAccess(types, roles, current.accessLevel);
        checkGrantable(grant.access, accessLevel);
        next = {
          ...current,
          participantTypes: roles,
          accessLevel,
          modifiedDate: at,
          modifiedBy: caller.userId,
        };
      } else {
        const { accessLevel } = effectiveAccess(types, roles, input.accessLevel);
        if (accessLevel !== current.accessLevel) checkGrantable(grant.access, accessLevel);
        checkEmailFree(input.email, participantId, all);
        const qualifications =
          input.qualifications === undefined
            ? current.qualifications
            : await qualificationsOf(input.qualifications, participantId, all);
        next = defined({
          ...current,
          firstName: input.firstName,
          lastName: input.lastName,
          organisation: input.organisation,
          phoneCountryCode: input.phoneCountryCode,
          phone: input.phone,
          email: input.email,
          address: input.address,
          participantTypes: roles,
          accessLevel,
          groupName: input.groupName,
          groupList: input.groupList,
          qualifications,
          libraryContactId: input.libraryContactId ?? current.libraryContactId,
          modifiedDate: at,
          modifiedBy: caller.userId,
        }) as ParticipantRecord;
      }
      checkChangeable(grant.access, current, next);
      const dropped = held.filter((r) => !roles.includes(r));
      const locked = lockedTypes(types, current, grant.application.status === 'Draft').filter((t) =>
        dropped.includes(t.name),
      );
      if (locked.length > 0)
        throw invalid('participantTypes', formatMessage(m.requiredRole, { role: locked[0]!.displayName }));
      if (current.loginUserId && accessRank(next.accessLevel) < 3) checkManagerLeft(all, next);
      let invite = false;
      if (input.invitation === 'Queued') {
        if (!canResendInvitation(factsOf(next)) && !(shouldInvite(next) && next.invitation === 'None'))
          throw new Rejected(m.cannotResend);
        next.invitation = 'Queued';
        invite = true;
      } else if (shouldInvite(next) && (next.invitation === 'None' || next.email !== current.email)) {
        next.invitation = 'Queued';
        invite = true;
      }
      const moved = reassignments(roles, participantId, all, at, caller.userId);
      const delta = deltaOf(current, next);
      const ok = await ports.write({
        application: grant.application,
        eventType: 'ParticipantUpdated',
        actor: caller.userId,
        at,
        changes: [{ previous: current, next }, ...moved.map((x) => ({ previous: x.from, next: x.next }))],
        invite,
        history: [
          ...(Object.keys(delta).length > 0
            ? [{ entityId: participantId, eventType: 'ParticipantUpdated', delta }]
            : []),
          ...moved.map((x) => ({
            entityId: x.from.participantId,
            eventType: 'ParticipantUpdated',
            delta: deltaOf(x.from, x.next),
          })),
        ],
      });
      return ok ? next : undefined;
    });
  }

  /** DELETE .../participants/{participantId}: marks them deleted and clears their roles. */
  async function remove(caller: UserCaller, grant: ApplicationGrant, participantId: string): Promise<void> {
    const applicationId = grant.application.applicationId;
    const types = ports.participantTypes();
    await withRetry(async () => {
      const all = await ports.participants(applicationId);
      const current = all.find((p) => p.participantId === participantId);
      if (!current || current.isDeleted) throw new NotFound(PARTICIPANT_NOT_FOUND);
      const at = ports.now();
      const next: ParticipantRecord = {
        ...current,
        isDeleted: true,
        participantTypes: [],
        modifiedDate: at,
        modifiedBy: caller.userId,
      };
      checkChangeable(grant.access, current, next);
      const required = requiredTypesHeld(types, current);
      if (required.length > 0) throw new Rejected(typeRequiredMessage(required));
      if (current.loginUserId) checkManagerLeft(all, next);
      const ok = await ports.write({
        application: grant.application,
        eventType: 'ParticipantRemoved',
        actor: caller.userId,
        at,
        changes: [{ previous: current, next }],
        invite: false,
        history: [
          { entityId: participantId, eventType: 'ParticipantRemoved', delta: deltaOf(current, next) },
        ],
      });
      return ok ? true : undefined;
    });
  }

  /** PATCH .../participantsV2/{participantId}/restore: brings a removed participant back (without roles). */
  async function restore(
    caller: UserCaller,
    grant: ApplicationGrant,
    participantId: string,
  ): Promise<ParticipantRecord> {
    const applicationId = grant.application.applicationId;
    return withRetry(async () => {
      const all = await ports.participants(applicationId);
      const current = all.find((p) => p.participantId === participantId);
      if (!current) throw new NotFound(PARTICIPANT_NOT_FOUND);
      if (!current.isDeleted) throw new Rejected(m.notDeleted);
      checkEmailFree(current.email, participantId, all);
      if (current.loginUserId && all.some((p) => !p.isDeleted && p.loginUserId === current.loginUserId))
        throw invalid('email', m.emailUnique);
      checkGrantable(grant.access, current.accessLevel);
      const at = ports.now();
      const next: ParticipantRecord = {
        ...current,
        isDeleted: false,
        modifiedDate: at,
        modifiedBy: caller.userId,
      };
      const ok = await ports.write({
        application: grant.application,
        eventType: 'ParticipantRestored',
        actor: caller.userId,
        at,
        changes: [{ previous: current, next }],
        invite: false,
        history: [
          { entityId: participantId, eventType: 'ParticipantRestored', delta: deltaOf(current, next) },
        ],
      });
      return ok ? next : undefined;
    });
  }

  /**
   * The caller's notification level on an application (docs/participants.md "set a per-application
   * notification level"): on their own participant only (a manager does not choose another person's
   * mail), and on their access row, which the lists and notifications read.
   */
  async function setNotificationLevel(
    caller: UserCaller,
    access: ApplicationAccessRecord,
    participantId: string,
    level: NotificationLevel,
  ): Promise<void> {
    const participant = (await ports.participants(access.applicationId)).find(
      (p) => p.participantId === participantId,
    );
    if (!participant || participant.isDeleted) throw new NotFound(PARTICIPANT_NOT_FOUND);
    if (participant.loginUserId !== caller.userId) throw new Forbidden(NOT_YOUR_LEVEL);
    await ports.setNotificationLevel(participant, level, caller.userId);
  }

  return {
    list,
    get,
    add,
    update,
    remove,
    restore,
    setNotificationLevel,
    types: () => ports.participantTypes(),
  };
}

export type ParticipantsService = ReturnType<typeof participantsService>;
