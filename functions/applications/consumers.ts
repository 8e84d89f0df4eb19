import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import type { EventOf } from '../platform/events/types.js';
import type { SearchValues } from '../platform/events/types.js';
import { getApplication, searchValuesOf, syncAccessRows } from './repository/applications.js';
import type { ApplicationRecord } from './repository/applications.js';
import { deleteSearchEntries, putSearchEntries, searchEntriesOf } from './repository/search-entries.js';
import type { SearchEntry } from './repository/search-entries.js';
import { accessUserIds, tableContributionStore } from './repository/read-model.js';
import { reconcile } from './model/read-model.js';
import { reconcileListOrder } from './repository/list-order.js';
import { PARTICIPANT_EVENTS } from '../participants/index.js';
import type { ContributionStore } from './model/read-model.js';

/**
 * The applications' consumers of their own domain events (docs/events.md). Each reads the current
 * state and writes what follows from it, so a replayed event changes nothing and events of one
 * application arriving out of order (the stream orders per item, not per application) end in the
 * same state:
 *
 * - `applications.listRows`: the denormalised list fields on every access row of a changed
 *   application (rows written at creation are in the create transaction; an older state never
 *   overwrites a newer row: the patch is conditional on modifiedDate);
 * - `applications.searchRows`: the search entries (application number, consent number, address);
 * - `applications.listCounts`: the badges and filters read model of every user with a row;
 * - `applications.summaryPdf`: the summary PDF of a submission, made once from the snapshot the
 *   submission's transaction wrote (a redelivery finds it made and makes none), then the list rows
 *   that offer its download.
 * - `applications.listOrders`: the list-order entries (the other sort orders) of every user with a row.
 */

/** What the consumers read and write (the table's by default; fakes in the unit tests). */
export interface ApplicationConsumerDeps {
  getApplication(id: string): Promise<ApplicationRecord | undefined>;
  syncAccessRows(application: ApplicationRecord): Promise<void>;
  putSearchEntries(entries: SearchEntry[]): Promise<void>;
  deleteSearchEntries(entries: SearchEntry[]): Promise<void>;
  accessUserIds(applicationId: string): Promise<string[]>;
  contributions: ContributionStore;
  /** Makes the newest submission's summary PDF unless made; its document name (makeSummaryPdf). */
  summaryPdf(applicationId: string, createdBy: string): Promise<string | undefined>;
  /** Brings a user's list-order entries of an application to its current state. */
  reconcileListOrder(userId: string, applicationId: string): Promise<unknown>;
}

export const tableDeps: ApplicationConsumerDeps = {
  getApplication,
  syncAccessRows,
  putSearchEntries,
  deleteSearchEntries,
  accessUserIds,
  contributions: tableContributionStore,
  // The summary PDF's code (pdf-lib, the Form.io definitions) is loaded on the first PDF to make,
  // not at every cold start of the applications' consumers (docs/performance.md).
  summaryPdf: async (applicationId, createdBy) =>
    (await import('./service/summary-pdf.js')).makeSummaryPdf(applicationId, createdBy),
  reconcileListOrder,
};

/** The fields whose change can move a badge count or a filter facet. */
const COUNTED_FIELDS = new Set([
  'status',
  'recordType',
  'consentNumber',
  'formId',
  'authorityId',
  'complexity',
]);

/** The events that can add, change or remove a user's list row (and so their read models). */
const LIST_USER_EVENTS = [
  'ApplicationCreated',
  'ApplicationUpdated',
  'ApplicationSubmitted',
  'ApplicationVisibilityChanged',
  'ApplicationDeleted',
  ...PARTICIPANT_EVENTS,
] as const;

const key = (e: SearchEntry) => `${e.authorityId}\n${e.kind}\n${e.value}`;

export function applicationConsumers(deps: ApplicationConsumerDeps = tableDeps): EventConsumer[] {
  /** Puts the current entries and removes those of `before` that are no longer current. */
  async function replaceSearch(applicationId: string, before: SearchValues | undefined) {
    const application = await deps.getApplication(applicationId);
    const current =
      application && application.recordType !== 'Template'
        ? searchEntriesOf(applicationId, searchValuesOf(application))
        : [];
    const keep = new Set(current.map(key));
    const stale = before ? searchEntriesOf(applicationId, before).filter((e) => !keep.has(key(e))) : [];
    await deps.deleteSearchEntries(stale);
    await deps.putSearchEntries(current);
    // Deleted meanwhile: its ApplicationDeleted consumer may have run before this put.
    if (current.length > 0 && !(await deps.getApplication(applicationId)))
      await deps.deleteSearchEntries(current);
  }

  /**
   * The users whose list row an event may have changed (an update only when `counts` says its
   * changed fields matter).
   */
  async function usersOf(
    event: EventOf<(typeof LIST_USER_EVENTS)[number]>,
    counts: (changed: readonly string[]) => boolean,
  ): Promise<string[]> {
    const id = event.aggregate.id;
    switch (event.type) {
      case 'ApplicationVisibilityChanged':
        return [event.data.userId];
      case 'ApplicationDeleted':
        return event.data.userIds;
      case 'ApplicationUpdated':
        return counts(event.data.changed) ? deps.accessUserIds(id) : [];
      case 'ApplicationCreated':
        return [...new Set([...(event.data.userIds ?? []), ...(await deps.accessUserIds(id))])];
      case 'ApplicationSubmitted':
        return deps.accessUserIds(id);
      default:
        // A participant change: the users whose access row came, changed or went.
        return event.data.userIds;
    }
  }

  return [
    defineConsumer({
      name: 'applications.listRows',
      // A participant's new access row is written with the application's core list fields; this
      // fills the rest (search text, form category) as for every row.
      handles: [
        'ApplicationUpdated',
        'ApplicationSubmitted',
        'ParticipantAdded',
        'ParticipantUpdated',
        'ParticipantRestored',
      ],
      async handle(event) {
        const application = await deps.getApplication(event.aggregate.id);
        if (application) await deps.syncAccessRows(application);
      },
    }),
    defineConsumer({
      name: 'applications.summaryPdf',
      handles: ['ApplicationSubmitted'],
      async handle(event) {
        const id = event.aggregate.id;
        if (!(await deps.getApplication(id))) return;
        if (!(await deps.summaryPdf(id, event.actor))) return;
        // The rows' Download link: the name is on the application now.
        const application = await deps.getApplication(id);
        if (application) await deps.syncAccessRows(application);
      },
    }),
    defineConsumer({
      name: 'applications.searchRows',
      handles: ['ApplicationCreated', 'ApplicationUpdated', 'ApplicationDeleted'],
      async handle(event) {
        const id = event.aggregate.id;
        switch (event.type) {
          case 'ApplicationCreated':
            return replaceSearch(id, undefined);
          case 'ApplicationUpdated':
            if (event.data.searchBefore) return replaceSearch(id, event.data.searchBefore);
            return;
          case 'ApplicationDeleted':
            return deps.deleteSearchEntries(searchEntriesOf(id, event.data.search));
        }
      },
    }),
    defineConsumer({
      name: 'applications.listCounts',
      handles: LIST_USER_EVENTS,
      async handle(event) {
        const users = await usersOf(event, (changed) => changed.some((c) => COUNTED_FIELDS.has(c)));
        for (const userId of users) await reconcile(deps.contributions, userId, event.aggregate.id);
      },
    }),
    defineConsumer({
      name: 'applications.listOrders',
      handles: LIST_USER_EVENTS,
      async handle(event) {
        // Every update moves modifiedDate, which breaks the ties of every order.
        const users = await usersOf(event, () => true);
        for (const userId of users) await deps.reconcileListOrder(userId, event.aggregate.id);
      },
    }),
  ];
}
