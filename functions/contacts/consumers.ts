import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import '../participants/events.js';
import { contactsService } from './service.js';
import type { ContactPorts } from './service.js';
import { tablePorts } from './ports.js';

/**
 * The contact library's consumers of domain events (docs/events.md):
 * - `contacts.lastUsed`: a participant added or edited with a library contact (`libraryContactId`
 *   in the event) is a use of that contact: its lastUsed becomes the event's time, in the library of
 *   the user who made the change. Idempotent: only a later time is written, and a contact gone or of
 *   another library is left alone.
 */
export function contactConsumers(ports: ContactPorts = tablePorts): EventConsumer[] {
  const contacts = contactsService(ports);
  return [
    defineConsumer({
      name: 'contacts.lastUsed',
      handles: ['ParticipantAdded', 'ParticipantUpdated'],
      async handle(event, { logger }) {
        const contactId = event.data.libraryContactId;
        if (!contactId) return;
        const changed = await contacts.markUsed(event.actor, contactId, event.occurredAt);
        logger.info('contacts: lastUsed', { contactId, changed });
      },
    }),
  ];
}
