/**
 * The council feature's consumers of domain events run by the event consumers' Lambda
 * (docs/events.md, docs/council-api.md §4): the registered-applicant invitation mail
 * (./invitations/consumers.ts). The `council.webhooks` consumer is not here: webhook deliveries run
 * in a Lambda of their own (./webhooks-delivery.ts), on an event source mapping of their own, with
 * grants to the delivery log and the sealed signing secrets only (docs/council-api.md).
 */
import type { EventConsumer } from '../platform/events/consumers.js';
import { councilInvitationConsumers } from './invitations/consumers.js';

export function councilConsumers(): EventConsumer[] {
  return [...councilInvitationConsumers()];
}
