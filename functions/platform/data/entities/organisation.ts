import { lazyEntity } from '../lazy.js';
import { model, timestamps } from './common.js';

const invitationStatuses = ['Pending', 'Accepted', 'Rejected', 'Expired', 'Revoked', 'Error'] as const;

export const organisation = lazyEntity({
  model: model('organisation'),
  attributes: {
    organisationId: { type: 'string', required: true, readOnly: true },
    displayName: { type: 'string', required: true },
    colour: { type: 'string' },
    image: { type: 'string' },
    /**
     * Bumped by every member change, each conditional on the value it read: two concurrent changes
     * cannot both pass the last-admin rule on the same members (docs/organisations.md).
     */
    membersVersion: { type: 'number' },
    /** Set when the organisation merged into another (its members and contacts move there). */
    mergedInto: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byId: {
      collection: 'organisation',
      pk: { field: 'pk', casing: 'none', composite: ['organisationId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

export const organisationMember = lazyEntity({
  model: model('organisationMember'),
  attributes: {
    organisationId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string', required: true },
    role: { type: ['Admin', 'Normal'] as const, required: true, default: 'Normal' },
    status: { type: ['Active', 'Disabled'] as const, required: true, default: 'Active' },
    ...timestamps,
  },
  indexes: {
    byOrganisation: {
      collection: 'organisation',
      pk: { field: 'pk', casing: 'none', composite: ['organisationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['userId'] },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: ['organisationId'] },
    },
  },
});

export const organisationInvitation = lazyEntity({
  model: model('organisationInvitation'),
  attributes: {
    invitationId: { type: 'string', required: true, readOnly: true },
    organisationId: { type: 'string', required: true },
    organisationName: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string', required: true, set: (v?: string) => v?.trim().toLowerCase() },
    status: { type: invitationStatuses, required: true, default: 'Pending' },
    expiryDate: { type: 'string', required: true },
    sentDate: { type: 'string', required: true },
    /**
     * SHA-256 (base64url) of the secret in the newest registration link mailed for it (never the
     * secret; never in a response): the link works only while it names this hash
     * (organisationInvitationToken; docs/organisations.md "The registration link").
     */
    tokenHash: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', casing: 'none', composite: ['invitationId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
    byOrganisation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['organisationId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: ['sentDate'] },
    },
    byEmail: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', casing: 'none', composite: ['email'] },
      sk: { field: 'gsi2sk', casing: 'none', composite: ['sentDate'] },
    },
  },
});

/**
 * The registration link of an organisation invitation (docs/organisations.md "The registration
 * link"): only the SHA-256 of the link's random secret (32 bytes, base64url) is kept, read by its
 * hash (its own key, no index), naming its invitation; deleted when the link registers an account,
 * dropped by the table a day after the invitation's expiry.
 */
export const organisationInvitationToken = lazyEntity({
  model: model('organisationInvitationToken'),
  attributes: {
    /** Its own key name, so a grant can name these partitions alone (`$portal#invitationTokenHash_*`). */
    invitationTokenHash: { type: 'string', required: true, readOnly: true },
    invitationId: { type: 'string', required: true, readOnly: true },
    expiresAt: { type: 'string', required: true },
    /** Epoch seconds: the table drops it after its expiry. */
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byHash: {
      pk: { field: 'pk', casing: 'none', composite: ['invitationTokenHash'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

export const mergeInvitation = lazyEntity({
  model: model('mergeInvitation'),
  attributes: {
    invitationId: { type: 'string', required: true, readOnly: true },
    organisationId: { type: 'string', required: true },
    organisationName: { type: 'string' },
    inviteeFirstName: { type: 'string' },
    inviteeLastName: { type: 'string' },
    inviteeEmail: { type: 'string', required: true },
    inviteeOrganisationId: { type: 'string', required: true },
    inviteeOrganisationName: { type: 'string' },
    status: {
      type: ['Pending', 'Accepted', 'Rejected', 'Expired', 'Revoked'] as const,
      required: true,
      default: 'Pending',
    },
    expiryDate: { type: 'string', required: true },
    sentDate: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', casing: 'none', composite: ['invitationId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
    byInviter: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['organisationId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: ['sentDate'] },
    },
    byInvitee: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', casing: 'none', composite: ['inviteeOrganisationId'] },
      sk: { field: 'gsi2sk', casing: 'none', composite: ['sentDate'] },
    },
  },
});

/**
 * The one pending invitation of an email to an organisation: created with the invitation, on
 * condition that none exists or the one it names is no longer pending; deleted when it closes.
 */
export const organisationInvitationGuard = lazyEntity({
  model: model('organisationInvitationGuard'),
  attributes: {
    organisationId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    invitationId: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', casing: 'none', composite: ['organisationId', 'email'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

/** Who belonged where: one item per membership a user gained or lost (joined, released, merged). */
export const membershipHistory = lazyEntity({
  model: model('membershipHistory'),
  attributes: {
    userId: { type: 'string', required: true },
    at: { type: 'string', required: true },
    organisationId: { type: 'string', required: true },
    change: { type: ['Joined', 'Left'] as const, required: true },
    reason: { type: ['Invitation', 'Release', 'Merge', 'SoleTrader'] as const, required: true },
    /** The organisation the user came from (Joined) or went to (Left). */
    otherOrganisationId: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'sk', casing: 'none', composite: ['at', 'organisationId', 'change'] },
    },
  },
});

/** A council's invitation to become a registered applicant. */
export const registeredApplicantInvitation = lazyEntity({
  model: model('registeredApplicantInvitation'),
  attributes: {
    invitationId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, set: (v?: string) => v?.trim().toLowerCase() },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    status: { type: ['Pending', 'Accepted', 'Rejected'] as const, required: true, default: 'Pending' },
    sendingDate: { type: 'string', required: true },
    expiryDate: { type: 'string' },
    userId: { type: 'string' },
    registeredApplicantId: { type: 'string' },
    bcaCode: { type: 'string' },
    /** The inviting authority (docs/council-api.md §4): the council sees only its own. */
    authorityId: { type: 'string' },
    /** The authority's name when it was sent (shown to the invitee). */
    bcaName: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', casing: 'none', composite: ['invitationId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
    byEmail: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['email'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: ['status', 'sendingDate'] },
    },
    /** An authority's invitations, newest last (GET /council/registered-applicant-invitations). */
    byAuthority: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', casing: 'none', composite: ['authorityId'] },
      sk: { field: 'gsi2sk', casing: 'none', composite: ['sendingDate', 'invitationId'] },
    },
  },
});
