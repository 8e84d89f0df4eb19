import { randomUUID } from 'node:crypto';
import { lookupAdapters } from '../platform/adapters/lookups/index.js';
import { referenceData } from '../reference/index.js';
import {
  listParticipants,
  setParticipantNotificationLevel,
  userByEmail,
  writeParticipants,
} from './repository.js';
import { participantsService } from './service/participants.js';

/**
 * The participants service on the table: the participants' handler and another feature that adds a
 * participant with its own change (functions/access-requests approves with one) use this one.
 */
export const participantsOnTable = () =>
  participantsService({
    participants: listParticipants,
    participantTypes: () => referenceData().participantTypes,
    qualificationTypes: () => referenceData().qualificationTypes,
    userByEmail,
    practitioner: (lbpNumber) => lookupAdapters().lbp.get(lbpNumber),
    write: (change) => writeParticipants(change, referenceData().participantTypes),
    setNotificationLevel: setParticipantNotificationLevel,
    now: () => new Date().toISOString(),
    newId: () => randomUUID(),
  });
