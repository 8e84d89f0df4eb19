/**
 * The participant rules both the dialog and the server run (docs/participants.md
 * participant form, ): role selection, the access a role needs, who holds a one-person role, the
 * roles an application still needs, group names and the card's badges. Messages are the spec's, word
 * for word. docs/participants.md lists every rule with where it is enforced.
 */
import type { AccessLevel } from '../schemas/common.js';
import type { ParticipantType } from '../schemas/reference.js';
import participantTypesJson from '../reference/participant-types.json' with { type: 'json' };
import { accessRank } from './applications.js';
import { formatMessage } from './applications.js';

export const participantMessages = {
  emailUnique: 'Email used on existing participant: email must be unique',
  completeAddress: "Complete address required for participant's role",
  typeRequired: '{types} type is required',
  requiredRole: 'A valid application needs to have {role} role',
  reassigned: 'Participant type has been reassigned',
  accessIncreased: 'Participant access has been increased',
  setToType: 'Participant has been set to {type}',
  missingDetails: "Participant's user details are missing for mandatory role",
  pleaseInvite: 'Please invite',
  invitationSent: 'Invitation has been sent to {{email}}',
  invitationFailed: 'Invitation has failed to send to {{email}}. Please try to re-send later',
  invitationResent: 'Invitation has been resent to {{email}}',
  resendFailed: 'Failed to resend invitation to {{email}}',
  saveFailed: 'Failed to save participant. Please try again later',
  restoreFailed: 'Failed to restore participant from application',
  removeFailed: 'Failed to remove participant from application',
  licenceInUse: 'This license number is already in use on this application',
  // Ours (the spec is silent): the refusals the server gives where the dialog would not offer it.
  accessAboveOwn: 'You cannot give more access than you have',
  aboveYourAccess:
    'You cannot remove a participant whose access is above yours, lower their access or change their email',
  lastManager: 'The application needs at least one participant with Manage access',
  notYourTypes: 'Without edit access you can only set yourself to roles you may manage',
  cannotResend:
    'An invitation can only be sent to a participant with an email, access above None and no sign-in yet',
  notDeleted: 'The participant has not been removed',
  deleted: 'The participant has been removed: restore them first',
} as const;

/** The types whose holders need a contact number and a full address (docs/participants.md). */
export const CONTACT_DETAILS_TYPES = ['OwnerContact', 'Agent', 'InvoicePayer'] as const;

export const REGISTERED_OWNER = 'RegisteredOwner';
export const ADDITIONAL_OWNER = 'AdditionalOwner';
export const OWNER_CONTACT = 'OwnerContact';
export const DEFAULT_GROUP_NAME = 'Owners Group';

/** Invitation states (docs/participants.md). */
export const INVITATION_STATES = [
  'None',
  'Queued',
  'Unregistered',
  'Pending',
  'Accepted',
  'Rejected',
  'Error',
] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** What the rules read of a participant. */
export interface ParticipantFacts {
  id: string;
  loginUserId?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  address?: { fullAddress?: string | undefined } | undefined;
  participantTypes?: readonly string[] | undefined;
  accessLevel: AccessLevel;
  invitation?: InvitationState | undefined;
  isDeleted?: boolean | undefined;
}

/** The reference data's types (shared/reference/participant-types.json): what a request's schema reads. */
export const REFERENCE_PARTICIPANT_TYPES: readonly Pick<ParticipantType, 'id' | 'name'>[] =
  participantTypesJson;

/**
 * A type by its name or id, in any case (docs/participants.md: `agent`, `Agent` and `AGENT` are one type). Stored
 * lists hold names; older items and requests may hold ids.
 */
export function typeOf<T extends Pick<ParticipantType, 'id' | 'name'>>(
  types: readonly T[],
  nameOrId: string,
): T | undefined {
  const exact = types.find((t) => t.name === nameOrId || t.id === nameOrId);
  if (exact) return exact;
  const key = nameOrId.trim().toLowerCase();
  return types.find((t) => t.name.toLowerCase() === key || t.id.toLowerCase() === key);
}

/**
 * The reference data's names for `namesOrIds` (docs/participants.md), so every rule that reads names
 * sees names: run before any rule. An unknown spelling is kept as given, for the service to refuse.
 */
export function typeNames(
  types: readonly Pick<ParticipantType, 'id' | 'name'>[],
  namesOrIds: readonly string[],
): string[] {
  return namesOrIds.map((n) => typeOf(types, n)?.name ?? n);
}

/** Whether only one person may hold the type (ExactlyOne or MaximumOne). */
export const isOnePersonType = (t: Pick<ParticipantType, 'number'>): boolean =>
  t.number === 'ExactlyOne' || t.number === 'MaximumOne';

/**
 * Whether the application needs someone in the type (docs/participants.md, read plainly: "A type with
 * ExactlyOne or MinimumOne that no one holds is reported as needed", required or not).
 */
export const isNeededType = (t: Pick<ParticipantType, 'number'>): boolean =>
  t.number === 'ExactlyOne' || t.number === 'MinimumOne';

/** Type names, in the types' display order, unknown names dropped. */
export function sortTypeNames(types: readonly ParticipantType[], names: readonly string[]): string[] {
  return [...new Set(names.map((n) => typeOf(types, n)?.name).filter((n): n is string => !!n))].sort(
    (a, b) => typeOf(types, a)!.displayOrder - typeOf(types, b)!.displayOrder,
  );
}

/**
 * A participant's roles after they pick `names` (docs/participants.md): RegisteredOwner removes
 * AdditionalOwner. Unknown names are dropped and the list follows the types' display order.
 */
export function selectTypes(types: readonly ParticipantType[], names: readonly string[]): string[] {
  const chosen = sortTypeNames(types, names);
  return chosen.includes(REGISTERED_OWNER) ? chosen.filter((n) => n !== ADDITIONAL_OWNER) : chosen;
}

/**
 * The types the dialog lists for a participant holding `held` (docs/participants.md): a type masked by a
 * held type is hidden (a registered owner is an owner: Owner is implied, not offered), and
 * AdditionalOwner is not offered while RegisteredOwner is held.
 */
export function offeredTypes(
  types: readonly ParticipantType[],
  heldNames: readonly string[],
): ParticipantType[] {
  const held = typeNames(types, heldNames);
  return [...types]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .filter((t) => !t.maskedBy.some((m) => held.includes(m)))
    .filter((t) => !(t.name === ADDITIONAL_OWNER && held.includes(REGISTERED_OWNER)));
}

/** The highest minimum access of the selected types ('None' without types). */
export function minimumAccessOf(types: readonly ParticipantType[], names: readonly string[]): AccessLevel {
  let best: AccessLevel = 'None';
  for (const n of names) {
    const min = typeOf(types, n)?.minimumAccessLevel;
    if (min && accessRank(min) > accessRank(best)) best = min;
  }
  return best;
}

/** The access a participant gets: what was asked, raised to the roles' minimum. */
export function effectiveAccess(
  types: readonly ParticipantType[],
  names: readonly string[],
  asked: AccessLevel,
): { accessLevel: AccessLevel; raised: boolean } {
  const min = minimumAccessOf(types, names);
  const askedRank = asked === 'Unassigned' ? 0 : accessRank(asked);
  return accessRank(min) > askedRank
    ? { accessLevel: min, raised: true }
    : { accessLevel: asked, raised: false };
}

/**
 * Whether a caller with `own` access may lower the access of, change the email of (where an
 * invitation goes) or remove a participant at `target` (docs/participants.md): not one whose access is above
 * their own, so Manage may change anyone. The server refuses it (participants service, 403); the
 * card and the dialog do not offer it.
 */
export const canChangeParticipant = (own: AccessLevel, target: AccessLevel): boolean =>
  accessRank(target) <= accessRank(own);

/** Whether a role needs the holder's contact number and full address (names or ids). */
export const needsContactDetails = (
  names: readonly string[],
  types: readonly Pick<ParticipantType, 'id' | 'name'>[] = REFERENCE_PARTICIPANT_TYPES,
): boolean => typeNames(types, names).some((n) => (CONTACT_DETAILS_TYPES as readonly string[]).includes(n));

/** Whether the email is required: access at least ReadOnly, or any role selected (docs/participants.md). */
export const isEmailRequired = (accessLevel: AccessLevel, names: readonly string[]): boolean =>
  accessRank(accessLevel) >= 1 || names.length > 0;

/**
 * The owners group's member list normalised (docs/participants.md): dots to spaces, comma-separated,
 * trimmed, empty names dropped.
 */
export function normaliseGroupList(list: string): string {
  return list
    .replace(/\./g, ' ')
    .split(',')
    .map((n) => n.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(', ');
}

/** Members of an owners group: the list's names plus the participant themself. */
export const groupMemberCount = (groupList: string | undefined): number =>
  (groupList ? normaliseGroupList(groupList).split(', ').filter(Boolean).length : 0) + 1;

/**
 * Whether the participant is only an owners group (docs/participants.md "An owners group is shown as
 * created by an AI assistant"): a member list and no role, as the title extraction proposes it. It is
 * named by its group name (§5 default 'Owners Group'), so it needs no person's first and last name.
 */
export const isGroupOnly = (p: {
  groupList?: string | undefined;
  participantTypes: readonly string[];
}): boolean => !!p.groupList?.trim() && p.participantTypes.length === 0;

/** Whether a group may be given: a selected role allows groups, or the participant is the OwnerContact. */
export const allowsGroup = (types: readonly ParticipantType[], names: readonly string[]): boolean =>
  typeNames(types, names).includes(OWNER_CONTACT) || names.some((n) => typeOf(types, n)?.enableGroups);

/** Whether the participant's invitation can be (re)sent (docs/participants.md). */
export const canResendInvitation = (p: ParticipantFacts): boolean =>
  !!p.email &&
  !p.loginUserId &&
  accessRank(p.accessLevel) >= 1 &&
  (p.invitation === 'Unregistered' || p.invitation === 'Error' || p.invitation === 'Queued');

/** The card's pending display: invited, no sign-in yet, access above None. */
export const isInvitationPending = (p: ParticipantFacts): boolean =>
  (p.invitation === 'Queued' || p.invitation === 'Unregistered') &&
  !p.loginUserId &&
  accessRank(p.accessLevel) >= 1;

/** Whether the participant should be invited: no sign-in, an email, access above None. */
export const shouldInvite = (p: Pick<ParticipantFacts, 'loginUserId' | 'email' | 'accessLevel'>): boolean =>
  !p.loginUserId && !!p.email && accessRank(p.accessLevel) >= 1;

/** The card's warning: a required role held with any of the contact details missing. */
export function isMissingDetails(
  types: readonly ParticipantType[],
  p: Pick<ParticipantFacts, 'participantTypes' | 'email' | 'address' | 'phone' | 'firstName' | 'lastName'>,
): boolean {
  const holdsRequired = (p.participantTypes ?? []).some((n) => typeOf(types, n)?.required);
  if (!holdsRequired) return false;
  return [p.email, p.address?.fullAddress, p.phone, p.firstName, p.lastName].some((v) => !v?.trim());
}

const active = (ps: readonly ParticipantFacts[]) => ps.filter((p) => !p.isDeleted);

/** Who (else) holds the type among the application's participants. */
export function holdersOf(
  ps: readonly ParticipantFacts[],
  type: ParticipantType,
  except?: string,
): ParticipantFacts[] {
  return active(ps).filter(
    (p) => p.id !== except && (p.participantTypes ?? []).some((n) => typeOf([type], n) !== undefined),
  );
}

/** The needed types nobody holds (docs/participants.md), in display order. */
export function missingTypes(
  types: readonly ParticipantType[],
  ps: readonly ParticipantFacts[],
): ParticipantType[] {
  return [...types]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .filter((t) => isNeededType(t) && holdersOf(ps, t).length === 0);
}

/**
 * The roles a participant may not give up (docs/participants.md, read plainly: "Mandatory or required
 * (when not Draft) roles already held cannot be unselected"): every mandatory role they hold, and
 * every required one once the application is past Draft, whoever else holds it too. A one-person
 * role still leaves them by a transfer: giving it to someone else moves it (the reassignment), which
 * is not unselecting it.
 */
export function lockedTypes(
  types: readonly ParticipantType[],
  participant: Pick<ParticipantFacts, 'participantTypes'>,
  isDraft: boolean,
): ParticipantType[] {
  return heldTypes(types, participant).filter((t) => t.mandatory || (t.required && !isDraft));
}

/**
 * The required (or mandatory) types a participant holds (docs/participants.md, read plainly: "Removing a
 * participant holding a required type is blocked ('{types} type is required')"), in every status,
 * whoever else holds them too.
 */
export function requiredTypesHeld(
  types: readonly ParticipantType[],
  participant: Pick<ParticipantFacts, 'participantTypes'>,
): ParticipantType[] {
  return heldTypes(types, participant).filter((t) => t.required || t.mandatory);
}

/** The types a participant holds, whatever their spelling, once each, in display order. */
function heldTypes(
  types: readonly ParticipantType[],
  participant: Pick<ParticipantFacts, 'participantTypes'>,
): ParticipantType[] {
  return sortTypeNames(types, participant.participantTypes ?? []).map((n) => typeOf(types, n)!);
}

/** '{types} type is required' with the display names joined. */
export const typeRequiredMessage = (required: readonly ParticipantType[]): string =>
  formatMessage(participantMessages.typeRequired, { types: required.map((t) => t.displayName).join(', ') });

/**
 * The types a caller without Edit may set themselves to (docs/participants.md): those managed by a type
 * they hold.
 */
export function typesManagedBy(types: readonly ParticipantType[], heldNames: readonly string[]): string[] {
  const held = typeNames(types, heldNames);
  return types.filter((t) => t.managedBy.some((m) => held.includes(m))).map((t) => t.name);
}

/**
 * The types the card's 'Set type' offers (docs/participants.md): the offered types the participant does not
 * hold yet; without Edit (a caller on their own card) only those their held types manage.
 */
export function settableTypes(
  types: readonly ParticipantType[],
  heldNames: readonly string[],
  canEdit: boolean,
): ParticipantType[] {
  const held = typeNames(types, heldNames);
  const managed = canEdit ? undefined : typesManagedBy(types, held);
  return offeredTypes(types, held).filter(
    (t) => !held.includes(t.name) && (!managed || managed.includes(t.name)),
  );
}

/**
 * A participant set to `type` (the card's 'Set type'): the role is added to the ones they hold
 * ({@link selectTypes}: RegisteredOwner drops AdditionalOwner), the access raised to its minimum.
 */
export function withType(
  types: readonly ParticipantType[],
  p: { participantTypes: readonly string[]; accessLevel: AccessLevel },
  type: string,
): { participantTypes: string[]; accessLevel: AccessLevel } {
  const participantTypes = selectTypes(types, [...p.participantTypes, type]);
  return {
    participantTypes,
    accessLevel: effectiveAccess(types, participantTypes, p.accessLevel).accessLevel,
  };
}

/** The AI prefix of modifiedBy (the documents issue writes it) and how it is shown. */
export const AI_AUTHOR_PREFIX = 'ai:';
export const displayAuthor = (modifiedBy: string | undefined): string | undefined =>
  modifiedBy?.startsWith(AI_AUTHOR_PREFIX) ? 'AI' : modifiedBy;
