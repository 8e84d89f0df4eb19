/**
 * The organisation pages' rules as pure functions (docs/organisations.md): the form
 * states of the invite, profile and merge forms on the shared request schemas, and which member
 * actions an admin may take (the shared last-admin rule; the server enforces it anyway).
 */
import * as z from 'zod';
import {
  InviteMemberRequest,
  OrganisationLookupQuery,
  OrganisationUpdateRequest,
  type OrganisationMember,
} from '../../../../shared/schemas/organisations';
import { leavesNoAdmin, type MemberChange } from '../../../../shared/domain/organisations';
import { formState, type FormState } from '../auth/forms';

export interface InviteValues {
  email: string;
  firstName: string;
  lastName: string;
  captchaToken: string;
}
export const INITIAL_INVITE: InviteValues = { email: '', firstName: '', lastName: '', captchaToken: '' };
export const inviteFormState = (values: InviteValues): FormState<keyof InviteValues> =>
  formState<keyof InviteValues, InviteValues>(InviteMemberRequest, values, INITIAL_INVITE);

export interface ProfileValues {
  displayName: string;
  colour: string;
}
export const profileFormState = (values: ProfileValues, initial: ProfileValues) =>
  formState<keyof ProfileValues, ProfileValues>(
    OrganisationUpdateRequest.pick({ displayName: true, colour: true }),
    values,
    initial,
  );

const MergeLookupForm = z.object({ email: OrganisationLookupQuery.shape.email });
export const mergeLookupFormState = (values: { email: string }) =>
  formState<'email', { email: string }>(MergeLookupForm, values, { email: '' });

/** A member's full name, else their email. */
export const memberName = (m: Pick<OrganisationMember, 'firstName' | 'lastName' | 'email'>): string =>
  [m.firstName, m.lastName].filter((p) => p && p.trim()).join(' ') || m.email;

export type MemberAction = 'makeAdmin' | 'removeAdmin' | 'disable' | 'enable' | 'release';

const CHANGES: Record<MemberAction, MemberChange> = {
  makeAdmin: { kind: 'role', role: 'Admin' },
  removeAdmin: { kind: 'role', role: 'Normal' },
  disable: { kind: 'status', status: 'Disabled' },
  enable: { kind: 'status', status: 'Active' },
  release: { kind: 'release' },
};

/**
 * The actions offered on a member's row: the role change that applies, disable (or enable), and
 * release (never oneself); each `blocked` when it would leave the organisation without an active
 * admin (docs/organisations.md: the admin count excludes disabled members).
 */
export function memberActions(
  members: readonly OrganisationMember[],
  member: OrganisationMember,
  currentUserId: string,
): { action: MemberAction; blocked: boolean }[] {
  const actions: MemberAction[] =
    member.status === 'Disabled'
      ? ['enable']
      : [member.role === 'Admin' ? 'removeAdmin' : 'makeAdmin', 'disable'];
  if (member.status === 'Active' && member.userId !== currentUserId) actions.push('release');
  return actions.map((action) => ({
    action,
    blocked: leavesNoAdmin(members, member.userId, CHANGES[action]),
  }));
}

/** The members of each page: the active ones on /organisation-members, the disabled ones on their own page. */
export const membersWithStatus = (
  members: readonly OrganisationMember[],
  status: OrganisationMember['status'],
): OrganisationMember[] => members.filter((m) => m.status === status);
