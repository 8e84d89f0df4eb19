import { defined } from '../../../shared/domain/objects.js';
import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { catalogue } from '../../reference/index.js';
import { entities, service } from '../../platform/data/service.js';
import type {
  application as applicationEntity,
  applicationAccess as accessEntity,
  applicationChild as childEntity,
  applicationStep as stepEntity,
  history as historyEntity,
  participant as participantEntity,
  template as templateEntity,
} from '../../platform/data/entities/application.js';
import type { AccessLevel, NotificationLevel } from '../../../shared/schemas/common.js';
import { fullAddressOf } from '../../../shared/domain/address.js';
import { Conflict, NotFound } from '../../platform/errors.js';
import { LIST_FIELDS_REMOVABLE, listRowFields } from '../model/list-row.js';
import type { ListRowContext } from '../model/list-row.js';
import { isConditionalCheckFailed } from '../../platform/data/conditional.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import type { TransactionEntities, TransactionItems } from '../../platform/events/outbox.js';
import type { DomainEvent, DomainEventCatalogue, SearchValues } from '../../platform/events/types.js';
import participantTypesJson from '../../../shared/reference/participant-types.json' with { type: 'json' };
import type { ParticipantType } from '../../../shared/schemas/reference.js';
import { guardsOf } from '../../participants/index.js';

/**
 * Applications (functions/platform/data/README.md A1–A3, L5, S1–S4, P1, H1, T2): the application record, the
 * per-user access rows with their denormalised list fields, children, participants, steps, template
 * and history. The search entries are ./search-entries.ts, deleting an application ./delete.ts.
 */

export type ApplicationRecord = EntityItem<typeof applicationEntity>;
export type AccessRecord = EntityItem<typeof accessEntity>;
export type ParticipantRecord = EntityItem<typeof participantEntity>;
export type ApplicationChildRecord = EntityItem<typeof childEntity>;
export type ApplicationStepRecord = EntityItem<typeof stepEntity>;
export type TemplateRecord = EntityItem<typeof templateEntity>;
export type HistoryRecord = EntityItem<typeof historyEntity>;

export const STALE_ETAG_MESSAGE = 'The application has been changed by someone else; reload it';
import { APPLICATION_NOT_FOUND } from '../../platform/access.js';

export { APPLICATION_NOT_FOUND };
/** Application ids start here (the counter's first value is 1). */
export const FIRST_APPLICATION_ID = 1000001;

// ---- reads ----

/** The application record (A1), or undefined. */
export async function getApplication(id: string): Promise<ApplicationRecord | undefined> {
  const { data } = await entities.application.get({ applicationId: id }).go();
  return data ?? undefined;
}

/** A user's access row on an application, or undefined. */
export async function getAccess(applicationId: string, userId: string): Promise<AccessRecord | undefined> {
  const { data } = await entities.applicationAccess.get({ applicationId, userId }).go();
  return data ?? undefined;
}

/** Every access row of an application (L5). */
export async function listAccessRows(applicationId: string): Promise<AccessRecord[]> {
  const { data } = await entities.applicationAccess.query
    .byApplication({ applicationId })
    .go({ pages: 'all' });
  return data;
}

/** Participants of an application, deleted ones included (P1). */
export async function listParticipants(applicationId: string): Promise<ParticipantRecord[]> {
  const { data } = await entities.participant.query.byApplication({ applicationId }).go({ pages: 'all' });
  return data;
}

/** The step data items of an application. */
export async function listSteps(applicationId: string): Promise<ApplicationStepRecord[]> {
  const { data } = await entities.applicationStep.query.byApplication({ applicationId }).go({ pages: 'all' });
  return data;
}

/** The child links of a parent application (A3). */
export async function listChildren(applicationId: string): Promise<ApplicationChildRecord[]> {
  const { data } = await entities.applicationChild.query.byParent({ applicationId }).go({ pages: 'all' });
  return data;
}

/** The template details of an application (T2), or undefined. */
export async function getTemplate(applicationId: string): Promise<TemplateRecord | undefined> {
  const { data } = await entities.template.get({ applicationId }).go();
  return data ?? undefined;
}

// ---- counters ----

async function increment(name: string, scope: string): Promise<number> {
  const { data } = await entities.counter
    .update({ name, scope })
    .add({ value: 1 })
    .go({ response: 'updated_new' });
  const value = (data as { value?: number }).value;
  if (typeof value !== 'number') throw new Error(`counter ${name}/${scope} returned no value`);
  return value;
}

/** A new numeric application id (atomic counter; the first is 1000001). */
export async function nextApplicationId(): Promise<string> {
  const n = await increment('applicationId', 'all');
  return String(FIRST_APPLICATION_ID - 1 + n);
}

/** `BLD-<YYYY>-<5 digits>`, e.g. BLD-2025-00042. */
export const formatApplicationNumber = (year: number, n: number): string =>
  `BLD-${year}-${String(n).padStart(5, '0')}`;

/**
 * The next application number of an authority in the year of `date` (atomic counter per authority
 * and year): `BLD-<YYYY>-<5 digits>` (docs/applications.md: numbers starting with BLD are application numbers).
 * The abbreviation is not part of the number; the authority id scopes the sequence.
 */
export async function nextApplicationNumber(
  _authorityAbbr: string,
  authorityId: string,
  date: Date = new Date(),
): Promise<string> {
  const year = date.getUTCFullYear();
  const n = await increment('applicationNumber', `${authorityId}#${year}`);
  return formatApplicationNumber(year, n);
}

// ---- list context ----

/** The form's and authority's display names and the form category, read from the reference data. */
export async function listContextOf(
  application: Pick<ApplicationRecord, 'jurisdictionId' | 'formId' | 'authorityId'>,
): Promise<ListRowContext> {
  // The one reference catalogue (bundled, checked data): no table read for display names.
  return catalogue().names(application);
}

async function completeContext(
  application: ApplicationRecord,
  extra: Partial<ListRowContext> | undefined,
): Promise<ListRowContext> {
  if (extra?.formDisplayName !== undefined && extra.authorityDisplayName !== undefined) return extra;
  return { ...(await listContextOf(application)), ...defined(extra ?? {}) };
}

// ---- create ----

export type NewApplication = Omit<ApplicationRecord, 'createdAt' | 'updatedAt'>;
export type NewParticipant = Omit<ParticipantRecord, 'createdAt' | 'updatedAt'>;
export type NewStep = Omit<ApplicationStepRecord, 'createdAt' | 'updatedAt' | 'applicationId'>;
export type NewTemplate = Omit<TemplateRecord, 'createdAt' | 'updatedAt' | 'applicationId'>;
export type NewHistory = Omit<HistoryRecord, 'applicationId' | 'historyId' | 'timestamp'> &
  Partial<Pick<HistoryRecord, 'historyId' | 'timestamp'>>;

/** A user's access to a new application; the list fields are filled from the application. */
export interface NewAccessRow {
  userId: string;
  accessLevel: AccessLevel;
  notificationLevel?: NotificationLevel;
  isOwner?: boolean;
  visibility?: 'visible' | 'hidden';
}

export interface CreateApplicationInput {
  application: NewApplication;
  participants: NewParticipant[];
  accessRows: NewAccessRow[];
  /** The link under the parent (child applications). */
  child?: { parentApplicationId: string; applicationType: 'Amendment' | 'Supporting'; formId?: string };
  template?: NewTemplate;
  steps?: NewStep[];
  history?: NewHistory[];
  /** The display names of the form and authority (read from the reference data when absent). */
  listContext?: ListRowContext;
  /** Who creates it: the actor of its ApplicationCreated event (default the application's user). */
  actor?: string;
  /** More of the event's data (e.g. `duplicatedFrom`). */
  eventData?: Pick<DomainEventCatalogue['ApplicationCreated']['data'], 'duplicatedFrom'>;
}

/**
 * The guard rows of a participant (docs/participants.md): its e-mail (unique per application) and
 * each one-person role it holds (value = the type id). One rule, the participants feature's.
 */
export function participantConstraints(
  p: Pick<ParticipantRecord, 'applicationId' | 'participantId' | 'email' | 'participantTypes' | 'isDeleted'>,
) {
  return guardsOf(p, participantTypesJson as ParticipantType[]).map((g) => ({
    ...g,
    applicationId: p.applicationId,
  }));
}

/** DynamoDB transactions take at most 100 items. */
const MAX_TRANSACTION_ITEMS = 100;

/**
 * Writes a new application with its participants, access rows, steps, template, child link and
 * history in one transaction, on condition that the application does not exist yet.
 */
export async function createApplication(input: CreateApplicationInput): Promise<ApplicationRecord> {
  const app = input.application;
  const ctx = await completeContext(app as ApplicationRecord, input.listContext);
  const rowFields = listRowFields(app, ctx);
  const now = new Date().toISOString();
  const guards = input.participants.flatMap((p) =>
    participantConstraints({ ...p, applicationId: app.applicationId }),
  );
  const count =
    1 +
    guards.length +
    input.participants.length +
    input.accessRows.length +
    (input.child ? 1 : 0) +
    (input.template ? 1 : 0) +
    (input.steps?.length ?? 0) +
    (input.history?.length ?? 0) +
    1; // the outbox item
  if (count > MAX_TRANSACTION_ITEMS)
    throw new Error(`createApplication: ${count} items exceed a transaction`);

  const event = newEvent('ApplicationCreated', {
    aggregate: { type: 'application', id: app.applicationId },
    actor: input.actor ?? app.userId,
    data: defined({
      applicationNumber: app.applicationNumber,
      authorityId: app.authorityId,
      formId: app.formId,
      recordType: app.recordType,
      parentApplicationId: input.child?.parentApplicationId ?? app.parentApplicationId,
      duplicatedFrom: input.eventData?.duplicatedFrom,
      userIds: input.accessRows.map((r) => r.userId),
    }),
  });
  const result = await service.transaction
    .write((e) => [
      e.application.create(app).commit(),
      outboxItem(e, event),
      ...input.participants.map((p) =>
        e.participant.create({ ...p, applicationId: app.applicationId }).commit(),
      ),
      ...guards.map((g) => e.applicationConstraint.create(g).commit()),
      ...input.accessRows.map((r) =>
        e.applicationAccess
          .create({
            ...rowFields,
            applicationId: app.applicationId,
            userId: r.userId,
            accessLevel: r.accessLevel,
            notificationLevel: r.notificationLevel ?? 'Normal',
            isOwner: r.isOwner ?? false,
            visibility: r.visibility ?? 'visible',
          })
          .commit(),
      ),
      ...(input.child
        ? [
            e.applicationChild
              .put(
                defined({
                  applicationId: input.child.parentApplicationId,
                  childApplicationId: app.applicationId,
                  applicationType: input.child.applicationType,
                  formId: input.child.formId,
                }),
              )
              .commit(),
            // The parent's count, so a list shows hasChildApplications without a query per item.
            e.application
              .patch({ applicationId: input.child.parentApplicationId })
              .add({ childCount: 1 })
              .commit(),
          ]
        : []),
      ...(input.template
        ? [e.template.create({ ...input.template, applicationId: app.applicationId }).commit()]
        : []),
      ...(input.steps ?? []).map((s) =>
        e.applicationStep.create({ ...s, applicationId: app.applicationId }).commit(),
      ),
      ...(input.history ?? []).map((h) =>
        e.history
          .create({
            ...h,
            applicationId: app.applicationId,
            historyId: h.historyId ?? randomUUID(),
            timestamp: h.timestamp ?? now,
          })
          .commit(),
      ),
    ])
    .go();
  if (result.canceled) {
    if (result.data[0]?.rejected) throw new Conflict('The application already exists');
    throw new Error('createApplication: the transaction was cancelled');
  }
  const stored = await getApplication(app.applicationId);
  if (!stored) throw new Error('createApplication: the application was not stored');
  return stored;
}

// ---- update ----

/** The application fields a change may set (keys, identity and concurrency fields excluded). */
export type ApplicationPatch = Partial<
  Omit<
    ApplicationRecord,
    'applicationId' | 'etag' | 'modifiedDate' | 'modifiedBy' | 'createdAt' | 'updatedAt' | 'startedDate'
  >
>;

/** A submission's snapshot: what was submitted, as JSON-able content. */
export interface NewSnapshot {
  submissionDate: string;
  submittedBy: string;
  userSignature: string;
  content: unknown;
}

export interface UpdateOptions {
  /** The event of the change (default ApplicationUpdated). */
  event?: 'ApplicationUpdated' | 'ApplicationSubmitted';
  /** What ApplicationUpdated says changed (default: the patch's field names). */
  changed?: string[];
  /** The record before the change: its search values go into the event when they change. */
  previous?: ApplicationRecord;
  /** The history item of the change, written in the same transaction. */
  history?: NewHistory;
  /**
   * More items of the same transaction, made from the change's event: another feature's index
   * (the council's lodgement index and feed entry on a submission: functions/council/lodgement.ts).
   */
  also?: (e: TransactionEntities, event: DomainEvent) => TransactionItems;
  /**
   * The submission's read-only snapshot, written in the same transaction (created once per
   * submission date: a failure of either leaves neither).
   */
  snapshot?: NewSnapshot;
  /** A template's own details (name, description, thumbnail), written in the same transaction. */
  template?: Partial<Pick<TemplateRecord, 'displayName' | 'description' | 'thumbnailJpeg' | 'thumbnailName'>>;
}

const SEARCH_FIELDS = ['address', 'applicationNumber', 'consentNumber'];

/** The values the search entries of an application are built from. */
export function searchValuesOf(
  application: Pick<ApplicationRecord, 'authorityId' | 'applicationNumber' | 'consentNumber' | 'address'>,
): SearchValues {
  const fullAddress = fullAddressOf(application.address);
  return defined({
    authorityId: application.authorityId,
    applicationNumber: application.applicationNumber,
    consentNumber: application.consentNumber,
    fullAddress: fullAddress || undefined,
  });
}

/**
 * Changes an application in one transaction: the patch, conditional on `expectedEtag` when given
 * (a mismatch is a Conflict and nothing is written), with a new etag, modifiedDate and modifiedBy;
 * its domain event (ApplicationUpdated or ApplicationSubmitted) and, when given, its history item
 * and the submission's snapshot.
 * Returns the stored record (a consistent read). The access rows' list fields follow from the event
 * (functions/applications/consumers.ts).
 */
export async function updateApplication(
  id: string,
  expectedEtag: string | undefined,
  patch: ApplicationPatch,
  modifiedBy: string,
  options: UpdateOptions = {},
): Promise<ApplicationRecord> {
  const now = new Date();
  const set = { ...defined(patch), etag: randomUUID(), modifiedDate: now.toISOString(), modifiedBy };
  const { previous } = options;
  const changed = options.changed ?? Object.keys(defined(patch));
  const event =
    options.event === 'ApplicationSubmitted'
      ? newEvent(
          'ApplicationSubmitted',
          {
            aggregate: { type: 'application', id },
            actor: modifiedBy,
            data: defined({
              status: String(patch.status ?? ''),
              applicationNumber: previous?.applicationNumber,
              authorityId: previous?.authorityId,
            }),
          },
          now,
        )
      : newEvent(
          'ApplicationUpdated',
          {
            aggregate: { type: 'application', id },
            actor: modifiedBy,
            data: {
              changed,
              ...(previous && changed.some((c) => SEARCH_FIELDS.includes(c))
                ? { searchBefore: searchValuesOf(previous) }
                : {}),
            },
          },
          now,
        );
  const { history, template, snapshot } = options;
  const result = await service.transaction
    .write((e) => {
      const op = e.application.patch({ applicationId: id }).set(set);
      return [
        (expectedEtag === undefined ? op : op.where((a, o) => o.eq(a.etag, expectedEtag))).commit(),
        outboxItem(e, event),
        ...(history
          ? [
              e.history
                .create({
                  ...history,
                  applicationId: id,
                  historyId: history.historyId ?? randomUUID(),
                  timestamp: history.timestamp ?? set.modifiedDate,
                })
                .commit(),
            ]
          : []),
        ...(snapshot
          ? [
              e.applicationSnapshot
                .create({ ...snapshot, applicationId: id, content: JSON.stringify(snapshot.content) })
                .commit(),
            ]
          : []),
        ...(options.also ? options.also(e, event) : []),
        ...(template && Object.keys(template).length > 0
          ? [e.template.patch({ applicationId: id }).set(defined(template)).commit()]
          : []),
      ];
    })
    .go();
  if (result.canceled) {
    if (!result.data[0]?.rejected) throw new Error('updateApplication: the transaction was cancelled');
    const current = await getApplication(id);
    if (!current) throw new NotFound(APPLICATION_NOT_FOUND);
    throw new Conflict(STALE_ETAG_MESSAGE);
  }
  const { data } = await entities.application.get({ applicationId: id }).go({ consistent: true });
  if (!data) throw new NotFound(APPLICATION_NOT_FOUND);
  return data;
}

/**
 * Rewrites the list fields of every access row of the application (L5), keeping each row's own
 * visibility, access level and notification level.
 */
export async function syncAccessRows(
  application: ApplicationRecord,
  extra?: Partial<ListRowContext>,
): Promise<void> {
  const [rows, ctx] = await Promise.all([
    listAccessRows(application.applicationId),
    completeContext(application, extra),
  ]);
  const fields = listRowFields(application, ctx);
  await Promise.all(rows.map((row) => patchAccessRow(row, fields)));
}

/** Patches a row's list fields with its own visibility (a concurrent archive wins: re-read and retry). */
async function patchAccessRow(row: AccessRecord, fields: ReturnType<typeof listRowFields>): Promise<void> {
  let current: AccessRecord | undefined = row;
  for (let attempt = 0; attempt < 3 && current; attempt++) {
    const visibility: AccessRecord['visibility'] = current.visibility;
    const remove = LIST_FIELDS_REMOVABLE.filter((k) => fields[k] === undefined && current?.[k] !== undefined);
    try {
      let op = entities.applicationAccess
        .patch({ applicationId: current.applicationId, userId: current.userId })
        .set({ ...fields, visibility });
      if (remove.length > 0) op = op.remove([...remove]);
      // An older state of the application never overwrites a newer one (events may come out of order).
      await op
        .where(
          (a, o) => `${o.eq(a.visibility, visibility)} AND ${o.lte(a.modifiedDate, fields.modifiedDate)}`,
        )
        .go({ response: 'none' });
      return;
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
      current = await getAccess(row.applicationId, row.userId);
      if (current && current.modifiedDate > fields.modifiedDate) return;
    }
  }
}

/**
 * Archive (hidden) or unarchive (visible) the application for one user only: that user's row, with
 * its ApplicationVisibilityChanged event in the same transaction.
 */
export async function setVisibility(applicationId: string, userId: string, hidden: boolean): Promise<void> {
  const row = await getAccess(applicationId, userId);
  if (!row) throw new NotFound(APPLICATION_NOT_FOUND);
  const visibility = hidden ? 'hidden' : 'visible';
  const event = newEvent('ApplicationVisibilityChanged', {
    aggregate: { type: 'application', id: applicationId },
    actor: userId,
    data: { userId, visibility },
  });
  const result = await service.transaction
    .write((e) => [
      e.applicationAccess
        .patch({ applicationId, userId })
        .set({
          recordType: row.recordType,
          visibility,
          modifiedDate: row.modifiedDate,
          hasOutstandingActions: row.hasOutstandingActions ?? false,
        })
        .commit(),
      outboxItem(e, event),
    ])
    .go();
  if (result.canceled) {
    if (result.data[0]?.rejected) throw new NotFound(APPLICATION_NOT_FOUND);
    throw new Error('setVisibility: the transaction was cancelled');
  }
}

// ---- history ----

/** History of an application (H1), or of one entity of it (H2), in the given order. */
export async function listHistory(
  applicationId: string,
  options: { entityType?: string; entityId?: string; order?: 'asc' | 'desc' } = {},
): Promise<HistoryRecord[]> {
  const order = options.order ?? 'desc';
  if (options.entityType && options.entityId) {
    const { data } = await entities.history.query
      .byEntity({ applicationId, entityType: options.entityType, entityId: options.entityId })
      .go({ pages: 'all', order });
    return data;
  }
  const { data } = await entities.history.query.byApplication({ applicationId }).go({ pages: 'all', order });
  return options.entityType ? data.filter((h) => h.entityType === options.entityType) : data;
}
