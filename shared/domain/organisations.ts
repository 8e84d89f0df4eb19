/**
 * Organisation rules both the web and the functions run (docs/organisations.md). The organisation name pattern and its message live with the other shared
 * patterns (shared/domain/validation.ts `isValidOrganisationName`, `messages.organisationName`).
 */
import type { OrganisationRole } from '../schemas/common.js';
import { TEMPLATE_THUMBNAIL } from './thumbnails.js';
import { imageUploadKeys } from './images.js';

export const invitationStatuses = ['Pending', 'Accepted', 'Rejected', 'Expired', 'Revoked', 'Error'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const mergeInvitationStatuses = ['Pending', 'Accepted', 'Rejected', 'Expired', 'Revoked'] as const;
export type MergeInvitationStatus = (typeof mergeInvitationStatuses)[number];

export const memberStatuses = ['Active', 'Disabled'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** How long an organisation invitation stays open after it is sent (or resent). */
export const INVITATION_VALIDITY_DAYS = 7;
/** How long a merge invitation stays open after it is sent (or resent). */
export const MERGE_INVITATION_VALIDITY_DAYS = 7;

const DAY_MS = 24 * 3600 * 1000;

/** The expiry of an invitation sent at `sentDate` (ISO 8601) valid for `days`. */
export const expiryOf = (sentDate: string, days: number): string =>
  new Date(Date.parse(sentDate) + days * DAY_MS).toISOString();

/** An invitation status as stored or received: 'Unregistered' reads as Pending, unknown values as Error. */
export function readInvitationStatus(value: unknown): InvitationStatus {
  if (value === 'Unregistered') return 'Pending';
  return (invitationStatuses as readonly unknown[]).includes(value) ? (value as InvitationStatus) : 'Error';
}

/**
 * The status a reader sees: a Pending invitation past its expiry reads as Expired, whether or not
 * the expiry schedule has run yet (a late schedule never shows a wrong status).
 */
export function effectiveStatus<S extends string>(
  status: S,
  expiryDate: string,
  now: Date | string = new Date(),
): S | 'Expired' {
  const at = typeof now === 'string' ? Date.parse(now) : now.getTime();
  return status === 'Pending' && Date.parse(expiryDate) <= at ? 'Expired' : status;
}

/** The invitation status of a stored record as a reader sees it (read, then expiry derived). */
export const invitationStatusOf = (
  inv: { status?: unknown; expiryDate: string },
  now: Date | string = new Date(),
): InvitationStatus => effectiveStatus(readInvitationStatus(inv.status), inv.expiryDate, now);

export interface MemberState {
  userId: string;
  role: OrganisationRole;
  status: MemberStatus;
}

/** Admins counted for the last-admin rule: disabled members do not count. */
export const activeAdminCount = (members: readonly MemberState[]): number =>
  members.filter((m) => m.role === 'Admin' && m.status === 'Active').length;

/** A member change the last-admin rule judges: a demotion, a disabling, or a release. */
export type MemberChange =
  { kind: 'role'; role: OrganisationRole } | { kind: 'status'; status: MemberStatus } | { kind: 'release' };

/** The members after a change of `userId` (a release removes the member). */
export function applyMemberChange(
  members: readonly MemberState[],
  userId: string,
  change: MemberChange,
): MemberState[] {
  if (change.kind === 'release') return members.filter((m) => m.userId !== userId);
  return members.map((m) =>
    m.userId !== userId
      ? m
      : change.kind === 'role'
        ? { ...m, role: change.role }
        : { ...m, status: change.status },
  );
}

/**
 * The last-admin invariant: an organisation always keeps at least one active admin. True when the
 * change would leave none (and it had one).
 */
export const leavesNoAdmin = (
  members: readonly MemberState[],
  userId: string,
  change: MemberChange,
): boolean => activeAdminCount(applyMemberChange(members, userId, change)) < 1;

/**
 * A user's organisation role as GET /user tells it: one who never joined an organisation (no
 * organisationId) is the admin of their own, a sole trader's (docs/organisations.md "Sole traders").
 */
export const userOrganisationRole = (user: {
  organisationId?: string;
  organisationRole: OrganisationRole;
}): OrganisationRole => (user.organisationId ? user.organisationRole : 'Admin');

/** Whether a user of this role sees the merge invitations on the dashboard (docs/organisations.md). */
export const fetchesMergeInvitations = (role: OrganisationRole): boolean => role === 'Admin';

/**
 * The organisation of a user who never joined one: their own, as a sole trader's (its contact
 * library is this id's; docs/organisations.md "Sole traders").
 */
export const soleTraderOrganisationId = (userId: string) => `sole-trader-${userId}`;

/** The server's messages for refused organisation changes (shown to the user as they are). */
export const organisationMessages = {
  lastAdmin: 'An organisation must keep at least one active administrator',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  invitationNotPending: 'This invitation is no longer pending',
  alreadyInvited: 'A pending invitation has already been sent to this email',
  alreadyMember: 'This person is already a member of your organisation',
  organisationNotFound: 'Organisation not found',
  noAdministrator: 'No organisation administrator uses this email',
  sameOrganisation: 'An organisation cannot merge with itself',
  mergeAlreadyInvited: 'A pending merge invitation has already been sent to this organisation',
  releaseSelf: 'You cannot release yourself',
  soleMember: 'This member is the only member of the organisation',
  // Ours (docs/organisations.md): an organisation that merged into another takes nobody in.
  organisationMerged: 'This organisation has merged into another and no longer takes members',
} as const;

/**
 * The organisation's image (docs/organisations.md Organisation: image). The spec gives it no limits
 * of its own, so it takes the template thumbnail's (docs/organisations.md): one JPG, JPEG, PNG or GIF of at
 * most 26214400 bytes, uploaded by presigned PUT (POST /user/organisation/image-uploads) to
 * `organisation-images/{userId}/{uploadId}`, scaled on the server to fit 250 x 150, JPEG quality 90.
 */
export const ORGANISATION_IMAGE = TEMPLATE_THUMBNAIL;
export const ORGANISATION_IMAGE_MESSAGE = `Image must be a JPG, JPEG, PNG or GIF image of at most ${ORGANISATION_IMAGE.maxBytes} bytes`;
export const ORGANISATION_IMAGE_UPLOAD_NOT_FOUND = 'Image upload not found: upload the image again';
export const ORGANISATION_IMAGE_UPLOADS = imageUploadKeys('organisation-images/');
