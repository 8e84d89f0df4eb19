import * as abuse from '../../functions/platform/data/entities/abuse.js';
import * as accessRequests from '../../functions/platform/data/entities/access-requests.js';
import * as application from '../../functions/platform/data/entities/application.js';
import * as contacts from '../../functions/platform/data/entities/contacts.js';
import * as council from '../../functions/platform/data/entities/council.js';
import * as documents from '../../functions/platform/data/entities/documents.js';
import * as events from '../../functions/platform/data/entities/events.js';
import * as notifications from '../../functions/platform/data/entities/notifications.js';
import * as organisation from '../../functions/platform/data/entities/organisation.js';
import * as paymentRequests from '../../functions/platform/data/entities/payment-requests.js';
import * as reference from '../../functions/platform/data/entities/reference.js';
import * as site from '../../functions/platform/data/entities/site.js';
import * as user from '../../functions/platform/data/entities/user.js';
import { SERVICE } from '../../functions/platform/data/entities/common.js';
import type { ConsumerFeature } from '../../functions/platform/events/consumer-functions.js';

/**
 * Table rights of the event consumers' functions (infra/constructs/event-consumers.ts), limited by
 * `dynamodb:LeadingKeys` to the partitions of the entities each feature's consumers read and write.
 * One declared source ({@link consumerEntities}); the partition patterns are derived from the
 * entities' key templates (functions/platform/data/entities), for the table and for every GSI
 * (a query on an index is checked against the index's partition key).
 */

/** An index of an entity's schema, as far as the partition is concerned. */
interface IndexSchema {
  index?: string;
  collection?: string | string[];
  pk: { field: string; composite: readonly string[] };
}
/** What is read of an entity here: its name and its indexes (ElectroDB's `entity.schema`). */
export interface TableEntity {
  schema: { model: { entity: string; service: string }; indexes: Record<string, IndexSchema> };
}

const isEntity = (value: unknown): value is TableEntity =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<TableEntity>).schema?.model?.entity === 'string';

/** Every entity of the table, by its export name (= its alias in functions/platform/data/service.ts). */
export const tableEntities: Readonly<Record<string, TableEntity>> = Object.fromEntries(
  [
    abuse,
    accessRequests,
    application,
    contacts,
    council,
    documents,
    events,
    notifications,
    organisation,
    paymentRequests,
    reference,
    site,
    user,
  ].flatMap((module) =>
    Object.entries(module).filter((entry): entry is [string, TableEntity] => isEntity(entry[1])),
  ),
);

/**
 * The entities each consumer function's code can reach (functions/<feature>/stream.ts and what it
 * imports, the platform's stream handler included): every `entities.x` / `e.x` (transactions), named
 * import of an entity and `service.collections.x` in the files of its bundle. Every function writes
 * `consumedEvent` (the replay guard) beside the event; a consumer that emits events writes
 * `domainEvent` (the outbox) in its transaction. test/infra/consumer-grants.test.ts finds these in
 * each bundle again and fails when code reaches an entity not listed here (so a new read fails in the
 * unit suite, not in production with AccessDenied): add it here, with the feature's reason.
 * It is a file-level reading, so it may list more than the consumers use, never less.
 */
export const consumerEntities = {
  // The list rows, search entries and badges/filters read model; the summary PDF of a submission (its documents, the reference catalogue).
  applications: [
    'application',
    'applicationAccess',
    'applicationChild',
    'applicationConstraint',
    'applicationContribution',
    'applicationDocument',
    'applicationListSummary',
    'applicationSearch',
    'applicationSnapshot',
    'applicationStep',
    'authority',
    'breadcrumb',
    'consumedEvent',
    'councilClient',
    'counter',
    'documentCategory',
    'documentContainer',
    'documentContainerRelation',
    'documentGuard',
    'documentTag',
    'documentTagRelation',
    'documentType',
    'documentTypeRelation',
    'domainEvent',
    'form',
    'history',
    'jurisdiction',
    'organisationMember',
    'participant',
    'payment',
    'paymentRequest',
    'qualificationType',
    'rateBucket',
    'rfiPoint',
    'step',
    'template',
    'user',
    'userAuthority',
    'userProperty',
  ],
  // A deleted application's files, the extraction and merges of a submission's documents.
  documents: [
    'application',
    'applicationDocument',
    'authority',
    'breadcrumb',
    'consumedEvent',
    'documentCategory',
    'documentContainer',
    'documentContainerRelation',
    'documentTag',
    'documentType',
    'domainEvent',
    'form',
    'jurisdiction',
    'qualificationType',
    'step',
    'userAuthority',
    'userDocument',
    'userProperty',
  ],
  // The invitee's mail and a registered user's participant rows.
  participants: [
    'application',
    'applicationAccess',
    'applicationConstraint',
    'authority',
    'breadcrumb',
    'consumedEvent',
    'documentCategory',
    'documentContainer',
    'documentTag',
    'documentType',
    'domainEvent',
    'form',
    'history',
    'jurisdiction',
    'participant',
    'qualificationType',
    'step',
    'user',
    'userAuthority',
    'userProperty',
  ],
  // The organisation's address book from participants.
  contacts: [
    'application',
    'applicationAccess',
    'applicationConstraint',
    'authority',
    'breadcrumb',
    'consumedEvent',
    'contact',
    'contactEmail',
    'documentCategory',
    'documentContainer',
    'documentTag',
    'documentType',
    'domainEvent',
    'form',
    'history',
    'jurisdiction',
    'participant',
    'qualificationType',
    'step',
    'user',
    'userAuthority',
    'userProperty',
  ],
  // Invitation and merge mail, invitation expiry jobs.
  organisations: [
    'application',
    'captchaUse',
    'consumedEvent',
    'contact',
    'contactEmail',
    'domainEvent',
    'membershipHistory',
    'mergeInvitation',
    'organisation',
    'organisationInvitation',
    'organisationInvitationGuard',
    'organisationInvitationToken',
    'organisationMember',
    'rateCounter',
    'user',
  ],
  // The request's expiry job.
  'access-requests': [
    'accessRequest',
    'accessRequestActive',
    'application',
    'consumedEvent',
    'domainEvent',
    'history',
  ],
  // The registered-applicant invitation mail.
  council: [
    'application',
    'authority',
    'consumedEvent',
    'councilFeedEntry',
    'councilLodgement',
    'domainEvent',
    'registeredApplicantInvitation',
    'user',
  ],
  // A paid request's jobs cancelled; the council feed entry of a settled payment.
  payments: [
    'application',
    'applicationAccess',
    'applicationDocument',
    'authority',
    'breadcrumb',
    'consumedEvent',
    'councilClient',
    'councilFeedEntry',
    'councilLodgement',
    'documentCategory',
    'documentContainer',
    'documentTag',
    'documentType',
    'domainEvent',
    'form',
    'history',
    'jurisdiction',
    'organisationMember',
    'payment',
    'paymentRequest',
    'paymentSession',
    'qualificationType',
    'rateBucket',
    'rateCounter',
    'step',
    'user',
    'userAuthority',
    'userProperty',
  ],
  // The inbox, its mails and the digest entries.
  notifications: [
    'application',
    'applicationAccess',
    'consumedEvent',
    'councilClient',
    'notification',
    'notificationDigestEntry',
    'notificationDigestSent',
    'notificationProfile',
    'organisation',
    'organisationMember',
    'payment',
    'paymentRequest',
    'rateBucket',
    'unsubscribeToken',
    'user',
  ],
} as const satisfies Record<ConsumerFeature, readonly (keyof typeof tableEntities)[]>;

/** `$portal#<first composite>_*`, or the whole key of a partition without composites. */
const partitionPattern = (pk: IndexSchema['pk']): string =>
  pk.composite.length > 0 ? `$${SERVICE}#${pk.composite[0]}_*` : `$${SERVICE}`;

/**
 * The partition-key patterns (`dynamodb:LeadingKeys`, StringLike) of these entities: of the table
 * and of each GSI they are indexed on, sorted and without repeats.
 */
export function partitionsOf(names: readonly string[]): string[] {
  const patterns = new Set<string>();
  for (const name of names) {
    const entity = tableEntities[name];
    if (!entity) throw new Error(`No entity ${name} in functions/platform/data/entities`);
    for (const index of Object.values(entity.schema.indexes)) patterns.add(partitionPattern(index.pk));
  }
  return [...patterns].sort();
}

/** The partitions a consumer function may read and write. */
export const consumerPartitions = (feature: ConsumerFeature): string[] =>
  partitionsOf(consumerEntities[feature]);
