import type { OrganisationGrant } from '../../platform/access.js';
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
  OrganisationUpdateRequest,
} from '../../../shared/schemas/organisations.js';
import type { z } from 'zod';
import type * as S from '../../../shared/schemas/organisations.js';
import { DomainError } from '../../platform/errors.js';
import type { OrganisationPorts } from '../ports.js';

export type Membership = OrganisationGrant['membership'];

/** The organisations service: every call of the feature (docs/organisations.md). */
export interface OrganisationsService {
  members(m: Membership): Promise<OrganisationMembersResponse>;
  setRole(m: Membership, userId: string, isAdministrator: boolean): Promise<OrganisationMember>;
  setStatus(m: Membership, userId: string, status: MemberStatus): Promise<OrganisationMember>;
  release(m: Membership, userId: string): Promise<Organisation>;
  updateOrganisation(
    m: Membership,
    update: z.output<typeof S.OrganisationUpdateRequest>,
  ): Promise<Organisation>;
  lookup(m: Membership, email: string): Promise<OrganisationLookupResponse>;
  sentInvitations(m: Membership): Promise<OrganisationInvitationsResponse>;
  invite(m: Membership, request: z.output<typeof S.InviteMemberRequest>): Promise<OrganisationInvitation>;
  revokeInvitation(m: Membership, invitationId: string): Promise<OrganisationInvitation>;
  resendInvitation(m: Membership, invitationId: string): Promise<void>;
  receivedInvitations(userId: string): Promise<OrganisationInvitationsResponse>;
  respondInvitation(
    userId: string,
    invitationId: string,
    status: 'Accepted' | 'Rejected',
  ): Promise<OrganisationInvitation>;
  merge(m: Membership, organisationId: string): Promise<MergeResponse>;
  sentMergeInvitations(m: Membership): Promise<MergeInvitationsResponse>;
  inviteMerge(m: Membership, request: z.output<typeof S.MergeInvitationRequest>): Promise<MergeInvitation>;
  revokeMergeInvitation(m: Membership, invitationId: string): Promise<MergeInvitation>;
  resendMergeInvitation(m: Membership, invitationId: string): Promise<void>;
  receivedMergeInvitations(m: Membership): Promise<MergeInvitationsResponse>;
  respondMergeInvitation(
    m: Membership,
    invitationId: string,
    status: 'Accepted' | 'Rejected',
  ): Promise<MergeInvitation>;
}

export type { InviteMemberRequest, MergeInvitationRequest, OrganisationUpdateRequest };

const notYet = (): never => {
  throw new DomainError('unavailable', 'ServerError', 'Not available yet');
};

/** The service on its ports (being built: every call answers 503 until its step lands). */
export function organisationsService(_ports: OrganisationPorts): OrganisationsService {
  return new Proxy({} as OrganisationsService, { get: () => async () => notYet() });
}
