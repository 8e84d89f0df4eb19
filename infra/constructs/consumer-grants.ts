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
import { orderPartition } from '../../functions/applications/model/list-order.js';

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
 * The entities each consumer function's code uses: every `entities.x` / `e.x` (a transaction's
 * callback) and `service.collections.x` in its bundle (functions/<feature>/stream.ts with what it
 * imports, the platform's stream handler included, after tree-shaking). Every function writes
 * `consumedEvent` (the replay guard, in the event's partition); one that emits events writes
 * `domainEvent` (the outbox) in its transaction. test/infra/consumer-grants.test.ts reads each
 * bundle again and fails when its entities differ from the list (a new read fails in the suite, not
 * in production with AccessDenied; a read removed narrows the grant): change the list with the code.
 */
export const consumerEntities = {
  // List rows, search entries, the badges/filters read model (contributions) and the summary
  // PDF of a submission (its snapshot, documents, authority); the users' authorities.
  applications: [
    'application',
    'applicationAccess',
    'applicationContribution',
    'applicationDocument',
    'applicationListSummary',
    'applicationSearch',
    'applicationSnapshot',
    'authority',
    'consumedEvent',
    'userAuthority',
  ],
  // documents.files, .extraction, .mergeOnSubmit and .merge: a deleted application's
  // documents, a submission's containers (emits merge events).
  documents: [
    'application',
    'applicationDocument',
    'authority',
    'consumedEvent',
    'documentContainerRelation',
    'domainEvent',
    'userAuthority',
  ],
  // An added or restored participant's access rows and constraints, a registered user's
  // participant rows, history (emits events).
  participants: [
    'application',
    'applicationAccess',
    'applicationConstraint',
    'authority',
    'consumedEvent',
    'domainEvent',
    'history',
    'participant',
    'userAuthority',
  ],
  // contacts.lastUsed: the organisation's address book (a contact, its email guard).
  contacts: ['authority', 'consumedEvent', 'contact', 'contactEmail', 'user', 'userAuthority'],
  // Invitations and merges, their mails and expiry jobs: members, membership history, the
  // contacts a merge moves (emits events).
  organisations: [
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
  // The request's expiry job and its history entry (emits events).
  'access-requests': ['accessRequest', 'accessRequestActive', 'consumedEvent', 'domainEvent', 'history'],
  // The registered-applicant invitation mail.
  council: ['consumedEvent', 'registeredApplicantInvitation'],
  // payments.closeRequests: a paid request's jobs; its ports (the payments repository) reach
  // payments, sessions, the council feed and lodgement, the limiter (emits events).
  payments: [
    'application',
    'applicationDocument',
    'authority',
    'consumedEvent',
    'councilFeedEntry',
    'councilLodgement',
    'domainEvent',
    'history',
    'payment',
    'paymentRequest',
    'paymentSession',
    'rateCounter',
    'user',
    'userAuthority',
  ],
  // notifications.fanOut: the inbox, profiles, digest entries and unsubscribe tokens of the
  // people an event concerns (applications' access rows, organisation members).
  notifications: [
    'application',
    'applicationAccess',
    'consumedEvent',
    'notification',
    'notificationDigestEntry',
    'notificationProfile',
    'organisation',
    'organisationMember',
    'unsubscribeToken',
    'user',
  ],
} as const satisfies Record<ConsumerFeature, readonly (keyof typeof tableEntities)[]>;

/**
 * The entities of the functions that are no consumer but get their table rights the same way (by
 * entry, `functions/<entry>.ts`): the merge worker reads an application, its documents, the
 * container relation and the reference catalogue's authorities, and writes the merged document, the
 * relation and its event. test/infra/consumer-grants.test.ts reads its bundle as it reads the
 * consumers'.
 */
export const workerEntities = {
  'documents/merge/worker': [
    'application',
    'applicationDocument',
    'authority',
    'documentContainerRelation',
    'domainEvent',
    'userAuthority',
  ],
} as const satisfies Record<string, readonly (keyof typeof tableEntities)[]>;

export type TableWorker = keyof typeof workerEntities;

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

/**
 * What a feature's consumers key by hand, with raw DynamoDB commands rather than an entity: the
 * partitions (StringLike) and the modules whose code kept in its bundle sends such commands, each
 * read for its keys (test/infra/consumer-grants.test.ts fails when a bundle gains or loses one). The
 * applications' list-order projection keeps a partition per user (`applications#listOrder#<user>`,
 * functions/applications/repository/list-order.ts); read-model.ts sends raw commands with keys its
 * entities build. (The reads of list-order-read.ts and lists.ts are the API's, not the consumer's.)
 */
export const consumerRawKeys: Record<
  ConsumerFeature,
  { partitions: readonly string[]; modules: readonly string[] }
> = {
  applications: {
    partitions: [`${orderPartition('')}*`],
    modules: [
      'functions/applications/repository/list-order.ts',
      'functions/applications/repository/read-model.ts',
    ],
  },
  documents: { partitions: [], modules: [] },
  participants: { partitions: [], modules: [] },
  contacts: { partitions: [], modules: [] },
  organisations: { partitions: [], modules: [] },
  'access-requests': { partitions: [], modules: [] },
  council: { partitions: [], modules: [] },
  payments: { partitions: [], modules: [] },
  notifications: { partitions: [], modules: [] },
};

/** The partitions a consumer function may read and write: its entities' and those it keys by hand. */
export const consumerPartitions = (feature: ConsumerFeature): string[] =>
  [...new Set([...partitionsOf(consumerEntities[feature]), ...consumerRawKeys[feature].partitions])].sort();

/** The partitions a worker (`workerEntities`) may read and write: its entities', on the table and each GSI. */
export const workerPartitions = (worker: TableWorker): string[] => partitionsOf(workerEntities[worker]);
