import type {
  InviteMemberRequest,
  MemberStatus,
  MergeInvitationRequest,
  OrganisationImageUploadRequest,
  OrganisationUpdateRequest,
} from '../../../shared/schemas/organisations';
import { api } from './call';

/** The organisation calls (docs/organisations.md "Web"). */
export const organisationsApi = {
  members: (signal?: AbortSignal) => api('GET /user/organisation/members', { signal }),
  setRole: (id: string, isAdministrator: boolean) =>
    api('PATCH /user/organisation/members/{id}/roles', { params: { id }, body: { isAdministrator } }),
  setStatus: (id: string, status: MemberStatus) =>
    api('PUT /user/organisation/members/{id}/status', { params: { id }, body: { status } }),
  release: (existingUserId: string) => api('POST /user/organisation', { body: { existingUserId } }),
  update: (body: OrganisationUpdateRequest) => api('PATCH /user/organisation', { body }),
  /** A presigned PUT for the organisation's image (then PATCH names its key). */
  imageUpload: (body: OrganisationImageUploadRequest) =>
    api('POST /user/organisation/image-uploads', { body }),
  lookup: (email: string, signal?: AbortSignal) =>
    api('GET /user/organisation/lookup', { query: { email }, signal }),

  sentInvitations: (signal?: AbortSignal) => api('GET /user/organisation/invitations', { signal }),
  invite: (body: InviteMemberRequest) => api('POST /user/organisation/invitations', { body }),
  revokeInvitation: (id: string) =>
    api('PATCH /user/organisation/invitations/{id}', { params: { id }, body: { status: 'Revoked' } }),
  resendInvitation: (id: string) =>
    api('POST /user/organisation/invitations/{id}/notifications', { params: { id } }),
  myInvitations: (signal?: AbortSignal) => api('GET /user/organisation-invitations', { signal }),
  respondInvitation: (id: string, status: 'Accepted' | 'Rejected') =>
    api('PATCH /user/organisation-invitations/{id}', { params: { id }, body: { status } }),

  sentMergeInvitations: (signal?: AbortSignal) => api('GET /user/organisation/merge-invitations', { signal }),
  inviteMerge: (body: MergeInvitationRequest) => api('POST /user/organisation/merge-invitations', { body }),
  revokeMergeInvitation: (id: string) =>
    api('PATCH /user/organisation/merge-invitations/{id}', { params: { id }, body: { status: 'Revoked' } }),
  resendMergeInvitation: (id: string) =>
    api('POST /user/organisation/merge-invitations/{id}/notifications', { params: { id } }),
  receivedMergeInvitations: (signal?: AbortSignal) => api('GET /user/merge-invitations', { signal }),
  respondMergeInvitation: (id: string, status: 'Accepted' | 'Rejected') =>
    api('PATCH /user/merge-invitations/{id}', { params: { id }, body: { status } }),
  merge: (organisationId: string) => api('POST /user/organisation/merge', { body: { organisationId } }),
};

export const organisationKeys = {
  all: ['organisation'] as const,
  members: () => ['organisation', 'members'] as const,
  sentInvitations: () => ['organisation', 'invitations', 'sent'] as const,
  myInvitations: () => ['organisation', 'invitations', 'mine'] as const,
  sentMergeInvitations: () => ['organisation', 'merge-invitations', 'sent'] as const,
  receivedMergeInvitations: () => ['organisation', 'merge-invitations', 'received'] as const,
};
