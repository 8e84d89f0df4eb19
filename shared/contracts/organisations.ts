import { defineContract } from './define.js';
import {
  InviteMemberRequest,
  MemberRoleRequest,
  MemberStatusRequest,
  MergeInvitation,
  MergeInvitationRequest,
  MergeInvitationsResponse,
  MergeRequest,
  MergeResponse,
  Organisation,
  OrganisationIdParams,
  OrganisationInvitation,
  OrganisationInvitationsResponse,
  OrganisationLookupQuery,
  OrganisationLookupResponse,
  OrganisationMember,
  OrganisationMembersResponse,
  OrganisationUpdateRequest,
  ReleaseMemberRequest,
  RespondInvitationRequest,
  RevokeInvitationRequest,
  OrganisationImageUploadRequest,
} from '../schemas/organisations.js';
import { ThumbnailUploadResponse } from '../schemas/thumbnail-uploads.js';

/** The organisations' routes (docs/organisations.md). */
export const contract = defineContract('organisations', {
  'GET /user/organisation/members': {
    response: OrganisationMembersResponse,
    summary: "The caller's organisation and its members (disabled ones included)",
  },
  'PATCH /user/organisation/members/{id}/roles': {
    params: OrganisationIdParams,
    body: MemberRoleRequest,
    response: OrganisationMember,
    summary: 'Makes a member an admin or removes the admin role (never the last active admin)',
  },
  'PUT /user/organisation/members/{id}/status': {
    params: OrganisationIdParams,
    body: MemberStatusRequest,
    response: OrganisationMember,
    summary: 'Enables or disables a member (never the last active admin)',
  },
  'POST /user/organisation': {
    body: ReleaseMemberRequest,
    status: 201,
    response: Organisation,
    summary: 'Releases a member into a new organisation of their own (they become its admin)',
  },
  'PATCH /user/organisation': {
    body: OrganisationUpdateRequest,
    response: Organisation,
    summary:
      "Changes the organisation's display name, colour and image (the key of an uploaded image, scaled to fit 250 x 150; null removes it)",
  },
  'POST /user/organisation/image-uploads': {
    body: OrganisationImageUploadRequest,
    status: 201,
    response: ThumbnailUploadResponse,
    summary:
      "A presigned PUT for the organisation's image (JPG, PNG or GIF of at most 26214400 bytes; type and length signed); PATCH /user/organisation names its key in image",
  },
  'GET /user/organisation/lookup': {
    query: OrganisationLookupQuery,
    response: OrganisationLookupResponse,
    summary:
      'The organisation of an active administrator with this email, and that administrator only (for a merge); limited per user (429 with Retry-After)',
  },
  'GET /user/organisation/invitations': {
    response: OrganisationInvitationsResponse,
    summary: 'Invitations sent from the organisation, newest first',
  },
  'POST /user/organisation/invitations': {
    body: InviteMemberRequest,
    status: 201,
    response: OrganisationInvitation,
    summary: 'Invites a person by email (one pending invitation per email); mails the link',
  },
  'PATCH /user/organisation/invitations/{id}': {
    params: OrganisationIdParams,
    body: RevokeInvitationRequest,
    response: OrganisationInvitation,
    summary: 'Revokes a pending invitation',
  },
  'POST /user/organisation/invitations/{id}/notifications': {
    params: OrganisationIdParams,
    status: 204,
    summary: 'Resends a pending invitation (its expiry starts again)',
  },
  'GET /user/organisation-invitations': {
    response: OrganisationInvitationsResponse,
    summary: "Invitations sent to the caller's email, newest first",
  },
  'PATCH /user/organisation-invitations/{id}': {
    params: OrganisationIdParams,
    body: RespondInvitationRequest,
    response: OrganisationInvitation,
    summary:
      'Accepts (joins the organisation as a Normal member) or rejects an invitation sent to the caller',
  },
  'POST /user/organisation/merge': {
    body: MergeRequest,
    response: MergeResponse,
    summary:
      'Accepts the pending merge invitation of organisationId: every member and contact moves into it (idempotent)',
  },
  'GET /user/organisation/merge-invitations': {
    response: MergeInvitationsResponse,
    summary: 'Merge invitations sent from the organisation, newest first',
  },
  'POST /user/organisation/merge-invitations': {
    body: MergeInvitationRequest,
    status: 201,
    response: MergeInvitation,
    summary: "Invites another organisation (by its admin's email) to merge into this one",
  },
  'PATCH /user/organisation/merge-invitations/{id}': {
    params: OrganisationIdParams,
    body: RevokeInvitationRequest,
    response: MergeInvitation,
    summary: 'Revokes a pending merge invitation',
  },
  'POST /user/organisation/merge-invitations/{id}/notifications': {
    params: OrganisationIdParams,
    status: 204,
    summary: 'Resends a pending merge invitation (its expiry starts again)',
  },
  'GET /user/merge-invitations': {
    response: MergeInvitationsResponse,
    summary: "Merge invitations addressed to the caller's organisation, newest first",
  },
  'PATCH /user/merge-invitations/{id}': {
    params: OrganisationIdParams,
    body: RespondInvitationRequest,
    response: MergeInvitation,
    summary: 'Accepts (merges into the inviting organisation, idempotent) or rejects a merge invitation',
  },
});
