import type { EventConsumer } from '../platform/events/consumers.js';
import { councilInvitationConsumers } from './invitations/consumers.js';

/**
 * The council feature's consumers of domain events (docs/council-api.md): the registered-applicant
 * invitation mail (./invitations/consumers.ts).
 */
export function councilConsumers(): EventConsumer[] {
  return [...councilInvitationConsumers()];
}
