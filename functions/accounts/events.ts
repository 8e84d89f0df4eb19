/** The accounts' domain events (docs/events.md). */
declare module '../platform/events/types.js' {
  interface DomainEventCatalogue {
    /** A confirmed account's user record was created (the PostConfirmation trigger). */
    UserRegistered: { aggregate: 'user'; data: { email: string } };
  }
}
export {};
