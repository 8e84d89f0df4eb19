/**
 * The organisations' domain events (docs/events.md, docs/organisations.md), written in the
 * transaction of each change (repository/*.ts). The mail consumer (consumers.ts) sends the
 * invitation and merge mails; a merge's move of members and contacts is finished by its consumer
 * when the request that accepted it did not get to the end.
 */
declare module '../platform/events/types.js' {
  interface DomainEventCatalogue {
    /**
     * An invitation to join was sent (or resent: `resent`, and the sent date it replaces, whose
     * expiry job is cancelled).
     */
    OrganisationInvitationSent: {
      aggregate: 'organisation';
      data: { invitationId: string; email: string; resent: boolean; replacesSentDate?: string };
    };
    /** An invitation to join changed status (Revoked, Accepted, Rejected, Expired by its job). */
    OrganisationInvitationClosed: {
      aggregate: 'organisation';
      data: { invitationId: string; status: string; userId?: string };
    };
    /** A member's role or status changed (`changed`: which; absent in events written before it). */
    OrganisationMemberChanged: {
      aggregate: 'organisation';
      data: { userId: string; role: string; status: string; changed?: 'role' | 'status' };
    };
    /**
     * A member left for an organisation of their own (`reason` Release) or joined another one by
     * accepting its invitation (Invitation).
     */
    OrganisationMemberLeft: {
      aggregate: 'organisation';
      data: { userId: string; toOrganisationId: string; reason: string };
    };
    /** The organisation's profile changed. */
    OrganisationUpdated: { aggregate: 'organisation'; data: { changed: string[] } };
    /** A merge invitation was sent (or resent: `resent`, `replacesSentDate` as above). */
    MergeInvitationSent: {
      aggregate: 'organisation';
      data: {
        invitationId: string;
        inviteeOrganisationId: string;
        email: string;
        resent: boolean;
        replacesSentDate?: string;
      };
    };
    /** A merge invitation changed status (Revoked, Rejected, Expired by its job). */
    MergeInvitationClosed: { aggregate: 'organisation'; data: { invitationId: string; status: string } };
    /** Accepted: `from` merges into the aggregate organisation (its members and contacts move). */
    OrganisationsMerged: {
      aggregate: 'organisation';
      data: { invitationId: string; fromOrganisationId: string };
    };
  }
}

export {};
