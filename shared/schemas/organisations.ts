/**
 * The organisation calls' requests and responses (docs/organisations.md Organisation member,
 * Organisation, Organisation invitation, Merge invitation; organisation name; Organisation). Field names are the spec's. Statuses read through shared/domain/organisations.ts.
 */
import * as z from 'zod';
import { Id, OrganisationRole } from './common.js';
import { Email, OrganisationName, PersonName } from './fields.js';
import { CaptchaToken } from './accounts.js';
import {
  invitationStatuses,
  memberStatuses,
  mergeInvitationStatuses,
  ORGANISATION_IMAGE,
  ORGANISATION_IMAGE_MESSAGE,
  ORGANISATION_IMAGE_UPLOADS,
} from '../domain/organisations.js';

export const MemberStatus = z.enum(memberStatuses);
export type MemberStatus = z.infer<typeof MemberStatus>;
export const InvitationStatus = z.enum(invitationStatuses);
export type InvitationStatus = z.infer<typeof InvitationStatus>;
export const MergeInvitationStatus = z.enum(mergeInvitationStatuses);
export type MergeInvitationStatus = z.infer<typeof MergeInvitationStatus>;

/** `{id}` of a member (its userId) or of an invitation. */
export const OrganisationIdParams = z.object({ id: Id });

// ---------------------------------------------------------------------------------------------
// Members

/** Organisation member (docs/organisations.md); `id` is the member's userId. */
export const OrganisationMember = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string(),
  organisationId: z.string(),
  role: OrganisationRole,
  status: MemberStatus,
});
export type OrganisationMember = z.infer<typeof OrganisationMember>;

/** Organisation (docs/organisations.md). */
export const Organisation = z.object({
  id: z.string(),
  displayName: z.string(),
  colour: z.string().optional(),
  image: z.string().optional(),
});
export type Organisation = z.infer<typeof Organisation>;

/**
 * GET /user/organisation/members → users and organisationId (every member, disabled ones
 * included: the web splits them), plus the organisation itself for the profile.
 */
export const OrganisationMembersResponse = z.object({
  users: z.array(OrganisationMember),
  organisationId: z.string(),
  organisation: Organisation,
});
export type OrganisationMembersResponse = z.infer<typeof OrganisationMembersResponse>;

/** PATCH /user/organisation/members/{id}/roles { isAdministrator } → the member. */
export const MemberRoleRequest = z.object({ isAdministrator: z.boolean() });
export type MemberRoleRequest = z.input<typeof MemberRoleRequest>;

/** PUT /user/organisation/members/{id}/status { status } → the member. */
export const MemberStatusRequest = z.object({ status: MemberStatus });
export type MemberStatusRequest = z.input<typeof MemberStatusRequest>;

/** POST /user/organisation { existingUserId }: releases a member into a new organisation of their own → it. */
export const ReleaseMemberRequest = z.object({ existingUserId: Id });
export type ReleaseMemberRequest = z.input<typeof ReleaseMemberRequest>;

/** A colour as the web's picker gives it: #rgb or #rrggbb. */
export const OrganisationColour = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Please choose a valid colour');

/**
 * POST /user/organisation/image-uploads: the organisation's image (the template thumbnail's limits:
 * one JPG/JPEG/PNG/GIF of at most 26214400 bytes) goes straight to the uploads bucket with a
 * presigned PUT whose content type and exact length are signed; PATCH /user/organisation then names
 * the upload's key in `image`. The response is the thumbnail upload's ({ key, presignedUrl, expiresAt }).
 */
export const OrganisationImageUploadRequest = z
  .object({
    contentType: z.enum(ORGANISATION_IMAGE.accept, { message: ORGANISATION_IMAGE_MESSAGE }),
    contentLength: z
      .number()
      .int()
      .min(1, ORGANISATION_IMAGE_MESSAGE)
      .max(ORGANISATION_IMAGE.maxBytes, ORGANISATION_IMAGE_MESSAGE),
  })
  .strict();
export type OrganisationImageUploadRequest = z.infer<typeof OrganisationImageUploadRequest>;

/**
 * The organisation's image in a profile change: the key of the caller's upload (the server scales
 * and stores it), or null to remove the image; absent keeps it.
 */
export const OrganisationImage = z
  .string()
  .trim()
  .max(200)
  .refine(ORGANISATION_IMAGE_UPLOADS.isKey, 'Image must be the key of an uploaded image')
  .nullable();

/** PATCH /user/organisation: the organisation info (displayName required, the name pattern) → it. */
export const OrganisationUpdateRequest = z.object({
  displayName: OrganisationName.pipe(z.string().max(100)),
  colour: OrganisationColour.optional(),
  image: OrganisationImage.optional(),
});
export type OrganisationUpdateRequest = z.input<typeof OrganisationUpdateRequest>;

/** GET /user/organisation/lookup?email= (an administrator's email). */
export const OrganisationLookupQuery = z.object({ email: Email });
export type OrganisationLookupQuery = z.input<typeof OrganisationLookupQuery>;

/**
 * The organisation whose active administrator uses the email. `administrators` (the spec's field)
 * holds that administrator only, the one the caller named: never another person's email or name
 * (docs/organisations.md "Merge").
 */
export const OrganisationLookupResponse = Organisation.extend({
  administrators: z.array(z.object({ name: z.string(), email: z.string() })).length(1),
});
export type OrganisationLookupResponse = z.infer<typeof OrganisationLookupResponse>;

// ---------------------------------------------------------------------------------------------
// Invitations to join

/** Organisation invitation (docs/organisations.md); `status` as a reader sees it (expiry derived). */
export const OrganisationInvitation = z.object({
  id: z.string(),
  organisationId: z.string(),
  organisationName: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string(),
  status: InvitationStatus,
  expiryDate: z.string(),
  sentDate: z.string(),
});
export type OrganisationInvitation = z.infer<typeof OrganisationInvitation>;

/** GET /user/organisation/invitations (sent from the organisation) and GET /user/organisation-invitations (to the user). */
export const OrganisationInvitationsResponse = z.object({ invitations: z.array(OrganisationInvitation) });
export type OrganisationInvitationsResponse = z.infer<typeof OrganisationInvitationsResponse>;

/** POST /user/organisation/invitations { email, firstName, lastName, captchaToken } → 201 the invitation. */
export const InviteMemberRequest = z.object({
  email: Email,
  firstName: PersonName,
  lastName: PersonName,
  captchaToken: CaptchaToken,
});
export type InviteMemberRequest = z.input<typeof InviteMemberRequest>;

/** PATCH /user/organisation/invitations/{id} and .../merge-invitations/{id}: { status: Revoked }. */
export const RevokeInvitationRequest = z.object({ status: z.literal('Revoked') });
export type RevokeInvitationRequest = z.input<typeof RevokeInvitationRequest>;

/** PATCH /user/organisation-invitations/{id} and /user/merge-invitations/{id}: the invitee's answer. */
export const RespondInvitationRequest = z.object({ status: z.enum(['Accepted', 'Rejected']) });
export type RespondInvitationRequest = z.input<typeof RespondInvitationRequest>;

// ---------------------------------------------------------------------------------------------
// Merges

/** Merge invitation (docs/organisations.md): sent by `organisationId`'s admin to the invitee organisation's admin. */
export const MergeInvitation = z.object({
  id: z.string(),
  organisationId: z.string(),
  organisationName: z.string().optional(),
  inviteeFirstName: z.string().optional(),
  inviteeLastName: z.string().optional(),
  inviteeEmail: z.string(),
  status: MergeInvitationStatus,
  expiryDate: z.string(),
  sentDate: z.string(),
  inviteeOrganisationId: z.string(),
  inviteeOrganisationName: z.string().optional(),
});
export type MergeInvitation = z.infer<typeof MergeInvitation>;

/** GET /user/organisation/merge-invitations (sent) and GET /user/merge-invitations (received) → mergeInvitations. */
export const MergeInvitationsResponse = z.object({ mergeInvitations: z.array(MergeInvitation) });
export type MergeInvitationsResponse = z.infer<typeof MergeInvitationsResponse>;

/** POST /user/organisation/merge-invitations { inviteeOrganisationId, inviteeAdminEmail } → 201 the invitation. */
export const MergeInvitationRequest = z.object({ inviteeOrganisationId: Id, inviteeAdminEmail: Email });
export type MergeInvitationRequest = z.input<typeof MergeInvitationRequest>;

/**
 * POST /user/organisation/merge { organisationId }: the caller's organisation (its admin) accepts the
 * pending merge invitation of `organisationId` and merges into it (as PATCH /user/merge-invitations/{id}
 * Accepted) → the organisation the caller now belongs to.
 */
export const MergeRequest = z.object({ organisationId: Id });
export type MergeRequest = z.input<typeof MergeRequest>;
export const MergeResponse = z.object({ organisationId: z.string() });
export type MergeResponse = z.infer<typeof MergeResponse>;

/**
 * A scheduled job of the organisations (functions/organisations/scheduled.ts): the expiry of an
 * invitation to join or of a merge invitation, at its expiry date.
 */
export const OrganisationScheduledJob = z.object({
  target: z.literal('organisations/scheduled'),
  job: z.enum(['invitationExpiry', 'mergeInvitationExpiry']),
  invitationId: Id,
});
export type OrganisationScheduledJob = z.infer<typeof OrganisationScheduledJob>;
