/**
 * Registered-applicant invitations' domain events (docs/events.md, docs/council-api.md §4), written
 * in the transaction of each change (./repository.ts). The mail consumer (./consumers.ts) mails the
 * invitee; an answer is also the council's outbound event `RegisteredApplicantInvitation<status>`
 * (`councilEventTypeOfAnswer`).
 */
declare module '../../platform/events/types.js' {
  interface DomainEventCatalogue {
    /** A council invited a person (by email) to become a registered applicant. */
    RegisteredApplicantInvitationSent: {
      aggregate: 'registeredApplicantInvitation';
      data: { invitationId: string; authorityId: string; email: string };
    };
    /** The invitee answered (once): Accepted or Rejected. */
    RegisteredApplicantInvitationAnswered: {
      aggregate: 'registeredApplicantInvitation';
      data: { invitationId: string; authorityId: string; status: 'Accepted' | 'Rejected'; userId: string };
    };
  }
}

export {};
