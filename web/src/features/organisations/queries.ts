import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrganisationMember } from '../../../../shared/schemas/organisations';
import { userOrganisationRole } from '../../../../shared/domain/organisations';
import { organisationKeys, organisationsApi } from '../../api/organisations';
import { isServiceError } from '../../api/errors';
import { useToasts } from '../../components/toasts';
import { page } from '../../lib/reload';
import { userKeys } from '../user/queries';
import { useCurrentUser } from '../shell/useCurrentUser';
import { memberName, type MemberAction } from './organisationModel';

/** GET /user/organisation/members: the organisation and every member (the pages split them by status). */
export const useMembers = () =>
  useQuery({
    queryKey: organisationKeys.members(),
    queryFn: ({ signal }) => organisationsApi.members(signal),
  });

/**
 * Whether the user administers their organisation: their own member row's role once the members are
 * read (the server's truth: a sole trader without a row is their own admin), GET /user's role before.
 */
export function useIsAdmin(): boolean {
  const me = useCurrentUser();
  const members = useMembers();
  const row = members.data?.users.find((m) => m.userId === me.id);
  return row ? row.role === 'Admin' && row.status === 'Active' : userOrganisationRole(me) === 'Admin';
}

/** The server's words for a refused change (the last-admin rule, a stale row), else the page's. */
export const errorText = (err: unknown, fallback: string): string =>
  isServiceError(err, 'ClientError') || isServiceError(err, 'ResourceNotFound') ? err.message : fallback;

const CALLS: Record<MemberAction, (id: string) => Promise<unknown>> = {
  makeAdmin: (id) => organisationsApi.setRole(id, true),
  removeAdmin: (id) => organisationsApi.setRole(id, false),
  disable: (id) => organisationsApi.setStatus(id, 'Disabled'),
  enable: (id) => organisationsApi.setStatus(id, 'Active'),
  release: (id) => organisationsApi.release(id),
};

/**
 * A member action (role, status, release). The members are read again after it; changing one's own
 * role reloads the user's info (docs/organisations.md).
 */
export function useMemberAction(onDone?: () => void) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const client = useQueryClient();
  const me = useCurrentUser();
  return useMutation({
    mutationFn: ({ member, action }: { member: OrganisationMember; action: MemberAction }) =>
      CALLS[action](member.userId),
    onSuccess: (_, { member, action }) => {
      void client.invalidateQueries({ queryKey: organisationKeys.all });
      if (member.userId === me.id) void client.invalidateQueries({ queryKey: userKeys.me() });
      toasts.show({
        type: 'success',
        content: t(`organisation.actions.${action}Done`, { name: memberName(member) }),
      });
      onDone?.();
    },
    onError: (err) => {
      toasts.show({ type: 'error', content: errorText(err, t('organisation.actions.failed')) });
      void client.invalidateQueries({ queryKey: organisationKeys.members() });
      onDone?.();
    },
  });
}

export const useSentInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: organisationKeys.sentInvitations(),
    queryFn: ({ signal }) => organisationsApi.sentInvitations(signal),
    enabled,
  });
export const useSentMergeInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: organisationKeys.sentMergeInvitations(),
    queryFn: ({ signal }) => organisationsApi.sentMergeInvitations(signal),
    enabled,
  });
export const useReceivedMergeInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: organisationKeys.receivedMergeInvitations(),
    queryFn: ({ signal }) => organisationsApi.receivedMergeInvitations(signal),
    enabled,
  });

export type InvitationAction =
  'resend' | 'revoke' | 'resendMerge' | 'revokeMerge' | 'acceptMerge' | 'rejectMerge';

const INVITATION_CALLS: Record<InvitationAction, (id: string) => Promise<unknown>> = {
  resend: organisationsApi.resendInvitation,
  revoke: organisationsApi.revokeInvitation,
  resendMerge: organisationsApi.resendMergeInvitation,
  revokeMerge: organisationsApi.revokeMergeInvitation,
  acceptMerge: (id) => organisationsApi.respondMergeInvitation(id, 'Accepted'),
  rejectMerge: (id) => organisationsApi.respondMergeInvitation(id, 'Rejected'),
};

/**
 * An action on an invitation or a merge invitation. The lists are read again after it; accepting a
 * merge reloads the page (docs/organisations.md).
 */
export function useInvitationAction() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: InvitationAction }) => INVITATION_CALLS[action](id),
    onSuccess: (_, { action }) => {
      // A merge moves the user's organisation: everything is read again (§4).
      if (action === 'acceptMerge') return page.reload();
      void client.invalidateQueries({ queryKey: organisationKeys.all });
      toasts.show({ type: 'success', content: t(`organisation.invitations.${action}Done`) });
    },
    onError: (err) => {
      toasts.show({ type: 'error', content: errorText(err, t('organisation.invitations.failed')) });
      void client.invalidateQueries({ queryKey: organisationKeys.all });
    },
  });
}
