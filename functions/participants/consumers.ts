import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import { sendMail } from '../platform/adapters/mail.js';
import { webUrl } from '../platform/adapters/web-url.js';
import { referenceData } from '../reference/index.js';
import {
  getApplicationRecord,
  getParticipant,
  invitedByEmail,
  listParticipants,
  setInvitation,
  writeParticipants,
} from './repository.js';
import { invitationsService } from './service/invitations.js';
import type { InvitationPorts } from './service/invitations.js';
import '../accounts/events.js';

export const tablePorts: InvitationPorts = {
  participant: getParticipant,
  participants: listParticipants,
  invitedByEmail,
  application: getApplicationRecord,
  participantTypes: () => referenceData().participantTypes,
  sendMail,
  setInvitation,
  write: (change) => writeParticipants(change, referenceData().participantTypes),
  webUrl,
  now: () => new Date().toISOString(),
};

/**
 * The participants' consumers of domain events (docs/events.md):
 * - `participants.invitations`: sends the invitation mail of a participant whose change asked for it
 *   (`invite`), then records Unregistered or Error; a replay finds the invitation no longer Queued.
 * - `participants.attach`: a new user (UserRegistered) is attached to the participants invited by
 *   their email, with their access rows; an attached participant is skipped on a replay.
 */
export function participantConsumers(ports: InvitationPorts = tablePorts): EventConsumer[] {
  const invitations = invitationsService(ports);
  return [
    defineConsumer({
      name: 'participants.invitations',
      handles: ['ParticipantAdded', 'ParticipantUpdated', 'ParticipantRestored'],
      async handle(event, { logger }) {
        if (!event.data.invite) return;
        const result = await invitations.send(event.aggregate.id, event.data.participantId);
        logger.info('participants: invitation', { applicationId: event.aggregate.id, result });
      },
    }),
    defineConsumer({
      name: 'participants.attach',
      handles: ['UserRegistered'],
      async handle(event, { logger }) {
        const attached = await invitations.attach(event.aggregate.id, event.data.email);
        logger.info('participants: new user attached to invitations', {
          userId: event.aggregate.id,
          attached,
        });
      },
    }),
  ];
}
