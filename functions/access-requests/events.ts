/**
 * The access requests' domain events (docs/events.md, docs/access-requests.md), written in the
 * transaction of each change (repository/requests.ts). The expiry consumer (consumers.ts) schedules
 * and cancels the one-off expiry job; the notifications issue will tell the people concerned.
 */
declare module '../platform/events/types.js' {
  interface DomainEventCatalogue {
    /** A request was sent: `ownerId` reviews it; it expires at `expireTime`. */
    AccessRequestCreated: {
      aggregate: 'accessRequest';
      data: {
        requestGuid: string;
        applicationId: string;
        requesterId: string;
        ownerId: string;
        expireTime: string;
      };
    };
    /** The owner approved: the requester was added as `participantId` in the same transaction. */
    AccessRequestApproved: {
      aggregate: 'accessRequest';
      data: { requestGuid: string; applicationId: string; requesterId: string; participantId: string };
    };
    /** The owner declined. */
    AccessRequestDenied: {
      aggregate: 'accessRequest';
      data: { requestGuid: string; applicationId: string; requesterId: string };
    };
    /** Nobody answered within seven days. */
    AccessRequestExpired: {
      aggregate: 'accessRequest';
      data: { requestGuid: string; applicationId: string; requesterId: string };
    };
  }
}

export {};
