/**
 * The participants feature's public face (docs/architecture.md "Public faces"): what another feature
 * may use of it — the participants of an application on the table, the guards of the roles, the
 * qualification rules, the DTOs, the owners' group a title extraction proposes, and its event types.
 */
export { participantsOnTable } from './ports.js';
export { PARTICIPANT_EVENTS } from './events.js';
export { guardsOf } from './guards.js';
export { toParticipantDto, toQualificationDtos } from './dto.js';
export { qualificationRules, type QualificationPorts } from './service/qualifications.js';
export {
  applicationOf,
  participantsOf,
  writeProposedOwnersGroup,
  type ParticipantRecord,
  type ProposedOwnersGroup,
} from './owners-group.js';
