import type { notificationLevels } from '../data/entities/common.js';

/**
 * Domain events: what changed, written in the same transaction as the change (outbox.ts) and
 * delivered by the table stream to the consumers of registry.ts.
 *
 * The catalogue is an interface, so a feature adds its events without editing this file:
 *
 * ```ts
 * declare module '../platform/events/types.js' {
 *   interface DomainEventCatalogue {
 *     AccessRequestCreated: { aggregate: 'accessRequest'; data: { requestGuid: string } };
 *   }
 * }
 * ```
 *
 * Payloads stay small (ids and what changed): a consumer that needs more reads the current state.
 */
/** The values an application's search entries are built from (before a change or a delete). */
export interface SearchValues {
  authorityId: string;
  applicationNumber?: string;
  consentNumber?: string;
  fullAddress?: string;
}

export interface DomainEventCatalogue {
  /** A new application (or template, duplicate, child) with its access rows and history. */
  ApplicationCreated: {
    aggregate: 'application';
    data: {
      applicationNumber?: string;
      authorityId?: string;
      formId?: string;
      recordType?: string;
      /** Set when the application was created as a child (amendment, CCC, ...). */
      parentApplicationId?: string;
      /** Set when it is a duplicate of another application. */
      duplicatedFrom?: string;
      /** The users given an access row in the same transaction. */
      userIds?: string[];
    };
  };
  ApplicationUpdated: {
    aggregate: 'application';
    /**
     * Names of the fields (or `step:<stepId>`) that changed; `searchBefore` when a field of the
     * search entries (address, application or consent number) changed: their values before.
     */
    data: {
      changed: string[];
      searchBefore?: SearchValues;
      /** A council's change of a lodged application: its history action (LodgementAccepted, ...). */
      action?: string;
    };
  };
  ApplicationDeleted: {
    aggregate: 'application';
    /** What consumers cannot read any more: the users who had a row, the search entries' values. */
    data: {
      applicationNumber?: string;
      recordType?: string;
      userIds: string[];
      search: SearchValues;
    };
  };
  ApplicationSubmitted: {
    aggregate: 'application';
    data: { status: string; applicationNumber?: string; authorityId?: string };
  };
  ApplicationVisibilityChanged: {
    aggregate: 'application';
    /** One user's list row was hidden or shown again. */
    data: { userId: string; visibility: 'visible' | 'hidden' };
  };
  ParticipantNotificationLevelChanged: {
    aggregate: 'application';
    data: {
      participantId: string;
      /** The participant's signed-in user, whose access row changed with it. */
      userId?: string;
      notificationLevel: (typeof notificationLevels)[number];
    };
  };
}

export type EventType = keyof DomainEventCatalogue & string;

/** A user id, a council (`council:<authorityId>`) or the system itself. */
export type Actor = string;

export interface DomainEventOf<T extends EventType> {
  /** A UUID, unique per event: consumers record it to stay idempotent. */
  eventId: string;
  type: T;
  aggregate: { type: DomainEventCatalogue[T]['aggregate']; id: string };
  /** ISO 8601. */
  occurredAt: string;
  actor: Actor;
  data: DomainEventCatalogue[T]['data'];
}

/** The events of the types `T`, discriminated on `type`. */
export type EventOf<T extends EventType> = { [K in T]: DomainEventOf<K> }[T];

/** Every domain event, discriminated on `type`. */
export type DomainEvent = EventOf<EventType>;

/** The actor of a change made by a council. */
export const councilActor = (authorityId: string): Actor => `council:${authorityId}`;
export const SYSTEM_ACTOR: Actor = 'system';
