/**
 * The participants' domain events (docs/events.md), written with each change (repository.ts) and
 * consumed by the applications' read models (an access row gained, changed or lost: `userIds`) and
 * the invitations consumer (`invite`) and the contact library (`libraryContactId`: lastUsed).
 */
export const PARTICIPANT_EVENTS = [
  'ParticipantAdded',
  'ParticipantUpdated',
  'ParticipantRemoved',
  'ParticipantRestored',
] as const;
export type ParticipantEventType = (typeof PARTICIPANT_EVENTS)[number];

interface ParticipantEventData {
  participantId: string;
  /** Users whose access row was created, changed or deleted by the change. */
  userIds: string[];
  /** Set when the participant's invitation is to be sent. */
  invite?: boolean;
  /** Participants a one-person role was taken from. */
  reassignedFrom: string[];
  /** The library contact the participant came from (the contacts.lastUsed consumer marks it used). */
  libraryContactId?: string;
  /** The access request whose approval added the participant (its own event tells the requester). */
  accessRequestGuid?: string;
}

declare module '../platform/events/types.js' {
  interface DomainEventCatalogue {
    ParticipantAdded: { aggregate: 'application'; data: ParticipantEventData };
    ParticipantUpdated: { aggregate: 'application'; data: ParticipantEventData };
    ParticipantRemoved: { aggregate: 'application'; data: ParticipantEventData };
    ParticipantRestored: { aggregate: 'application'; data: ParticipantEventData };
  }
}
