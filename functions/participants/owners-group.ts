/**
 * What the participants feature offers the documents' title extraction (functions/documents/extraction/
 * service/propose.ts): the application and its participants as they are, and writing a proposed
 * owners group (./service/owners-group.ts) through the participants' own transactional write.
 */
import { referenceData } from '../reference/index.js';
import { getApplicationRecord, listParticipants, writeParticipants } from './repository.js';
import type { ParticipantRecord } from './repository.js';
import type { ApplicationRecord } from '../platform/access.js';
import { ownersGroupWrite, type ProposedOwnersGroup } from './service/owners-group.js';

export type { ParticipantRecord, ProposedOwnersGroup };

export const applicationOf = (applicationId: string): Promise<ApplicationRecord | undefined> =>
  getApplicationRecord(applicationId);

export const participantsOf = (applicationId: string): Promise<ParticipantRecord[]> =>
  listParticipants(applicationId);

/** Writes the group as `actor`; false when the participants changed meanwhile (nothing written). */
export function writeProposedOwnersGroup(
  application: ApplicationRecord,
  group: ProposedOwnersGroup,
  previous: ParticipantRecord | undefined,
  actor: string,
): Promise<boolean> {
  return writeParticipants(
    ownersGroupWrite(application, group, previous, actor, new Date().toISOString()),
    referenceData().participantTypes,
  );
}
