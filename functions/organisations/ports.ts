import { randomUUID } from 'node:crypto';
import { requireCaptcha } from '../accounts/index.js';
import { moveLibrary } from '../contacts/index.js';
import { tableRateCounter } from '../platform/data/rate-counter.js';
import { rateLimiter, rateLimitsFrom, type RateLimiter } from '../platform/rate-limit.js';
import * as members from './repository/members.js';
import * as invitations from './repository/invitations.js';
import * as merges from './repository/merges.js';
import type { MemberRecord, OrganisationState, UserRecord } from './repository/members.js';
import type { InvitationRecord, JoinWrite } from './repository/invitations.js';
import type { MergeInvitationRecord } from './repository/merges.js';

/** What the organisations service needs: the table (repository/*.ts), the captcha, a clock, ids. */
export interface OrganisationPorts {
  readOrganisation(organisationId: string): Promise<OrganisationState>;
  getUser(userId: string): Promise<UserRecord | undefined>;
  userByEmail(email: string): Promise<UserRecord | undefined>;
  createSoleTraderOrganisation(
    user: UserRecord,
    organisationId: string,
    name: string,
    now: string,
  ): Promise<boolean>;
  ensureOrganisationRecord(organisationId: string, displayName: string): Promise<void>;
  writeMemberChange(change: members.MemberChangeWrite): Promise<boolean>;
  writeRelease(write: members.ReleaseWrite): Promise<boolean>;
  writeOrganisationProfile(
    organisationId: string,
    fields: members.ProfileFields,
    actor: string,
  ): Promise<void>;

  getInvitation(invitationId: string): Promise<InvitationRecord | undefined>;
  invitationsOf(organisationId: string): Promise<InvitationRecord[]>;
  invitationsTo(email: string): Promise<InvitationRecord[]>;
  pendingInvitationIdOf(organisationId: string, email: string): Promise<string | undefined>;
  writeNewInvitation(
    invitation: InvitationRecord,
    stale: string | undefined,
    actor: string,
  ): Promise<boolean>;
  closeInvitation(
    invitation: InvitationRecord,
    status: 'Revoked' | 'Rejected',
    actor: string,
  ): Promise<boolean>;
  writeResend(
    invitation: InvitationRecord,
    dates: { sentDate: string; expiryDate: string },
    actor: string,
  ): Promise<boolean>;
  writeJoin(write: JoinWrite): Promise<boolean>;
  expireInvitation(invitation: InvitationRecord, releaseGuard: boolean, now: string): Promise<boolean>;

  getMergeInvitation(invitationId: string): Promise<MergeInvitationRecord | undefined>;
  mergeInvitationsFrom(organisationId: string): Promise<MergeInvitationRecord[]>;
  mergeInvitationsTo(organisationId: string): Promise<MergeInvitationRecord[]>;
  writeNewMergeInvitation(invitation: MergeInvitationRecord, actor: string): Promise<void>;
  closeMergeInvitation(
    invitation: MergeInvitationRecord,
    status: 'Revoked' | 'Rejected',
    actor: string,
  ): Promise<boolean>;
  writeMergeResend(
    invitation: MergeInvitationRecord,
    dates: { sentDate: string; expiryDate: string },
    actor: string,
  ): Promise<boolean>;
  expireMergeInvitation(invitation: MergeInvitationRecord, now: string): Promise<boolean>;
  writeMergeAccepted(invitation: MergeInvitationRecord, actor: string, now: string): Promise<boolean>;
  moveMember(member: MemberRecord, to: string, now: string): Promise<boolean>;
  /** Moves what is left of a contact library into another; how many moved. */
  moveLibrary(from: string, to: string): Promise<number>;
  /** Verifies and records a captcha payload once (400 on body.captchaToken otherwise). */
  requireCaptcha(token: string): Promise<void>;
  /** The named rate limits (functions/platform/rate-limit.ts): the look-up's per user. */
  limits: RateLimiter;
  now(): Date;
  newId(): string;
}

export const tablePorts: OrganisationPorts = {
  ...members,
  ...invitations,
  ...merges,
  moveLibrary,
  requireCaptcha,
  limits: rateLimiter({ counter: tableRateCounter, limits: rateLimitsFrom(process.env.RATE_LIMITS) }),
  now: () => new Date(),
  newId: () => randomUUID(),
};
