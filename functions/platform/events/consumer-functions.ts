/**
 * The event consumers' functions: one per feature that consumes domain events, each running only
 * its own feature's consumers (`functions/<feature>/stream.ts`), behind an event source mapping of
 * its own on the table stream that lets through only the outbox INSERTs of the types its consumers
 * handle. So a failing or slow consumer holds back its own feature's events only, and each function
 * has its own grants (infra/constructs/event-consumers.ts) and bundle.
 *
 * Kept light (types and constants only): CDK and the local stream poller (infra/local/streams.ts)
 * read it. test/unit/functions/platform/events/consumer-functions.test.ts checks that each entry's
 * `handles` is exactly what its feature's consumers handle and that every consumer of the registry
 * (./registry.ts) runs in exactly one function.
 */
import { ENTITY_ATTRIBUTE, OUTBOX_ENTITY, type FilterPattern } from './filter.js';
import type { EventType } from './types.js';

export interface ConsumerFunction {
  /** The feature (construct ids, the Powertools service name `consent-portal-events-<feature>`). */
  feature: string;
  /** Its entry module under functions/ without `.ts` (the local stack's handler module). */
  handler: string;
  /** The prefix of its consumers' names (`<prefix>.<consumer>`). */
  consumerPrefix: string;
  /** The event types its consumers handle: its mapping's filter. */
  handles: readonly EventType[];
}

export const consumerFunctions = [
  {
    feature: 'applications',
    handler: 'applications/stream',
    consumerPrefix: 'applications',
    handles: [
      'ApplicationCreated',
      'ApplicationUpdated',
      'ApplicationSubmitted',
      'ApplicationVisibilityChanged',
      'ApplicationDeleted',
      'ParticipantAdded',
      'ParticipantUpdated',
      'ParticipantRemoved',
      'ParticipantRestored',
    ],
  },
  {
    feature: 'documents',
    handler: 'documents/stream',
    consumerPrefix: 'documents',
    handles: ['ApplicationDeleted', 'ApplicationSubmitted', 'DocumentSettled', 'ContainerMergeStatusChanged'],
  },
  {
    feature: 'participants',
    handler: 'participants/stream',
    consumerPrefix: 'participants',
    handles: ['ParticipantAdded', 'ParticipantUpdated', 'ParticipantRestored', 'UserRegistered'],
  },
  {
    feature: 'contacts',
    handler: 'contacts/stream',
    consumerPrefix: 'contacts',
    handles: ['ParticipantAdded', 'ParticipantUpdated'],
  },
  {
    feature: 'organisations',
    handler: 'organisations/stream',
    consumerPrefix: 'organisations',
    handles: [
      'OrganisationInvitationSent',
      'OrganisationInvitationClosed',
      'MergeInvitationSent',
      'MergeInvitationClosed',
      'OrganisationsMerged',
    ],
  },
  {
    feature: 'access-requests',
    handler: 'access-requests/stream',
    consumerPrefix: 'accessRequests',
    handles: ['AccessRequestCreated', 'AccessRequestApproved', 'AccessRequestDenied'],
  },
  {
    feature: 'council',
    handler: 'council/stream',
    consumerPrefix: 'council',
    handles: ['RegisteredApplicantInvitationSent'],
  },
  {
    feature: 'payments',
    handler: 'payments/stream',
    consumerPrefix: 'payments',
    handles: [
      'CardPaymentSettled',
      'DepositConfirmed',
      'PaymentMarkedPaid',
      'PaymentRequestSent',
      'PaymentRequestCancelled',
      'PaymentRequestExpired',
      'PaymentRequestClosed',
    ],
  },
  {
    feature: 'notifications',
    handler: 'notifications/stream',
    consumerPrefix: 'notifications',
    handles: [
      'RfiRoundRaised',
      'RfiPointSignedOff',
      'RfiRoundSubmitted',
      'PaymentIssued',
      'DepositRejected',
      'DepositConfirmed',
      'PaymentMarkedPaid',
      'CardPaymentSettled',
      'DepositClaimed',
      'ApplicationSubmitted',
      'ApplicationUpdated',
      'ParticipantAdded',
      'ParticipantUpdated',
      'ParticipantRemoved',
      'AccessRequestCreated',
      'AccessRequestApproved',
      'AccessRequestDenied',
      'AccessRequestExpired',
      'OrganisationInvitationSent',
      'OrganisationInvitationClosed',
      'OrganisationMemberChanged',
      'OrganisationMemberLeft',
      'OrganisationsMerged',
    ],
  },
] as const satisfies readonly ConsumerFunction[];

export type ConsumerFeature = (typeof consumerFunctions)[number]['feature'];

/** A consumer function's stream filter: new outbox items of the types it handles only. */
export const consumerFilterPattern = (fn: Pick<ConsumerFunction, 'handles'>) =>
  ({
    eventName: ['INSERT'],
    dynamodb: { NewImage: { [ENTITY_ATTRIBUTE]: { S: [OUTBOX_ENTITY] }, type: { S: [...fn.handles] } } },
  }) satisfies FilterPattern;
