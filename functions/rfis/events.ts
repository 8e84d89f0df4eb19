/**
 * The RFIs' domain events (docs/events.md, docs/rfis.md), written in the transaction of each change
 * (repository/points.ts). RfiRoundSubmitted reaches the council (its feed entry is in the same
 * transaction; the webhook consumer sends it); the notifications issue tells the people concerned.
 */
interface RfiRoundData {
  authorityId: string;
  type: string;
  team: string;
  round: number;
  rfiPointIds: string[];
}
declare module '../platform/events/types.js' {
  interface DomainEventCatalogue {
    /** The council raised a round of points. */
    RfiRoundRaised: { aggregate: 'application'; data: RfiRoundData };
    /** An applicant submitted a round: the council reads the responses. */
    RfiRoundSubmitted: { aggregate: 'application'; data: RfiRoundData };
    /** The council signed a submitted point off. */
    RfiPointSignedOff: { aggregate: 'application'; data: RfiRoundData & { status: string } };
    /** An applicant saved a point's response (not yet submitted). */
    RfiPointResponded: { aggregate: 'application'; data: { rfiPointId: string } };
  }
}

export {};
