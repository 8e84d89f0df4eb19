import type {
  InviteMemberRequest,
  MemberStatus,
  MergeInvitation,
  MergeInvitationRequest,
  MergeInvitationsResponse,
  MergeResponse,
  Organisation,
  OrganisationInvitation,
  OrganisationInvitationsResponse,
  OrganisationLookupResponse,
  OrganisationMember,
  OrganisationMembersResponse,
  OrganisationImageUploadRequest,
  OrganisationUpdateRequest,
} from '../../../shared/schemas/organisations';
import type { ThumbnailUploadResponse } from '../../../shared/schemas/thumbnail-uploads';
import { apiRequest } from './client';

/** The organisation calls (portal-organisation §7 Organisation; docs/organisations.md "Web"). */
const org = '/user/organisation';
const member = (id: string) => `${org}/members/${encodeURIComponent(id)}`;
const invitation = (id: string) => `${org}/invitations/${encodeURIComponent(id)}`;
const mergeInvitation = (id: string) => `${org}/merge-invitations/${encodeURIComponent(id)}`;

export const organisationsApi = {
  members: (signal?: AbortSignal) => apiRequest<OrganisationMembersResponse>(`${org}/members`, { signal }),
  setRole: (id: string, isAdministrator: boolean) =>
    apiRequest<OrganisationMember>(`${member(id)}/roles`, { method: 'PATCH', body: { isAdministrator } }),
  setStatus: (id: string, status: MemberStatus) =>
    apiRequest<OrganisationMember>(`${member(id)}/status`, { method: 'PUT', body: { status } }),
  release: (existingUserId: string) =>
    apiRequest<Organisation>(org, { method: 'POST', body: { existingUserId } }),
  update: (body: OrganisationUpdateRequest) => apiRequest<Organisation>(org, { method: 'PATCH', body }),
  /** A presigned PUT for the organisation's image (then PATCH names its key). */
  imageUpload: (body: OrganisationImageUploadRequest) =>
    apiRequest<ThumbnailUploadResponse>(`${org}/image-uploads`, { method: 'POST', body }),
  lookup: (email: string, signal?: AbortSignal) =>
    apiRequest<OrganisationLookupResponse>(`${org}/lookup`, { query: { email }, signal }),

  sentInvitations: (signal?: AbortSignal) =>
    apiRequest<OrganisationInvitationsResponse>(`${org}/invitations`, { signal }),
  invite: (body: InviteMemberRequest) =>
    apiRequest<OrganisationInvitation>(`${org}/invitations`, { method: 'POST', body }),
  revokeInvitation: (id: string) =>
    apiRequest<OrganisationInvitation>(invitation(id), { method: 'PATCH', body: { status: 'Revoked' } }),
  resendInvitation: (id: string) => apiRequest<void>(`${invitation(id)}/notifications`, { method: 'POST' }),
  myInvitations: (signal?: AbortSignal) =>
    apiRequest<OrganisationInvitationsResponse>('/user/organisation-invitations', { signal }),
  respondInvitation: (id: string, status: 'Accepted' | 'Rejected') =>
    apiRequest<OrganisationInvitation>(`/user/organisation-invitations/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { status },
    }),

  sentMergeInvitations: (signal?: AbortSignal) =>
    apiRequest<MergeInvitationsResponse>(`${org}/merge-invitations`, { signal }),
  inviteMerge: (body: MergeInvitationRequest) =>
    apiRequest<MergeInvitation>(`${org}/merge-invitations`, { method: 'POST', body }),
  revokeMergeInvitation: (id: string) =>
    apiRequest<MergeInvitation>(mergeInvitation(id), { method: 'PATCH', body: { status: 'Revoked' } }),
  resendMergeInvitation: (id: string) =>
    apiRequest<void>(`${mergeInvitation(id)}/notifications`, { method: 'POST' }),
  receivedMergeInvitations: (signal?: AbortSignal) =>
    apiRequest<MergeInvitationsResponse>('/user/merge-invitations', { signal }),
  respondMergeInvitation: (id: string, status: 'Accepted' | 'Rejected') =>
    apiRequest<MergeInvitation>(`/user/merge-invitations/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { status },
    }),
  merge: (organisationId: string) =>
    apiRequest<MergeResponse>(`${org}/merge`, { method: 'POST', body: { organisationId } }),
};

export const organisationKeys = {
  all: ['organisation'] as const,
  members: () => ['organisation', 'members'] as const,
  sentInvitations: () => ['organisation', 'invitations', 'sent'] as const,
  myInvitations: () => ['organisation', 'invitations', 'mine'] as const,
  sentMergeInvitations: () => ['organisation', 'merge-invitations', 'sent'] as const,
  receivedMergeInvitations: () => ['organisation', 'merge-invitations', 'received'] as const,
};
