import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import type { SearchValues } from '../platform/events/types.js';
import { getApplication, searchValuesOf, syncAccessRows } from './repository/applications.js';
import type { ApplicationRecord } from './repository/applications.js';
import { deleteSearchEntries, putSearchEntries, searchEntriesOf } from './repository/search-entries.js';
import type { SearchEntry } from './repository/search-entries.js';
import { accessUserIds, tableContributionStore } from './repository/read-model.js';
import { reconcile } from './model/read-model.js';
import { PARTICIPANT_EVENTS } from '../participants/index.js';
import type { ContributionStore } from './model/read-model.js';
import { makeSummaryPdf } from './service/summary-pdf.js';

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
}

export const tableDeps: ApplicationConsumerDeps = {
  getApplication,
  syncAccessRows,
  putSearchEntries,
  deleteSearchEntries,
  accessUserIds,
  contributions: tableContributionStore,
  summaryPdf: (applicationId, createdBy) => makeSummaryPdf(applicationId, createdBy),
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
      handles: [
        'ApplicationCreated',
        'ApplicationUpdated',
        'ApplicationSubmitted',
        'ApplicationVisibilityChanged',
        'ApplicationDeleted',
        ...PARTICIPANT_EVENTS,
      ],
      async handle(event) {
        const id = event.aggregate.id;
        let users: string[];
        switch (event.type) {
          case 'ApplicationVisibilityChanged':
            users = [event.data.userId];
            break;
          case 'ApplicationDeleted':
            users = event.data.userIds;
            break;
          case 'ApplicationUpdated':
            if (!event.data.changed.some((c) => COUNTED_FIELDS.has(c))) return;
            users = await deps.accessUserIds(id);
            break;
          case 'ApplicationCreated':
            users = [...new Set([...(event.data.userIds ?? []), ...(await deps.accessUserIds(id))])];
            break;
          case 'ApplicationSubmitted':
            users = await deps.accessUserIds(id);
            break;
          default:
            // A participant change: the users whose access row came, changed or went.
            users = event.data.userIds;
        }
        for (const userId of users) await reconcile(deps.contributions, userId, id);
      },
    }),
  ];
}
