/**
 * The council events the webhook consumer delivers, from the domain events (docs/council-api.md §5):
 * until council-core's mapping (the one the feed uses) is merged, the submission only.
 * TODO(B1 merge): replace with council-core's domain event → CouncilEvent function.
 */
import type { CouncilEvent } from '../../shared/schemas/council.js';
import type { DomainEvent, EventType } from '../platform/events/types.js';

/** The domain events that become council events. */
export const councilEventSources = ['ApplicationSubmitted'] as const satisfies readonly EventType[];

/** The council event of a domain event and the authority it goes to, or undefined. */
export function councilEventOf(event: DomainEvent): { authorityId: string; event: CouncilEvent } | undefined {
  if (event.type !== 'ApplicationSubmitted' || !event.data.authorityId) return undefined;
  return {
    authorityId: event.data.authorityId,
    event: {
      eventId: event.eventId,
      type: 'ApplicationSubmitted',
      applicationId: event.aggregate.id,
      occurredAt: event.occurredAt,
    },
  };
}
