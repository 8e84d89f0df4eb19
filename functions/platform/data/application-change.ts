import { randomUUID } from 'node:crypto';
import { defined } from '../../../shared/domain/objects.js';
import type { ApplicationRecord } from '../access.js';
import { newEvent, outboxItem } from '../events/outbox.js';
import type { TransactionEntities, TransactionItems } from '../events/outbox.js';

/** What a council-side change sets on a lodged application (never its keys or concurrency fields). */
export type LodgedApplicationPatch = Partial<
  Pick<
    ApplicationRecord,
    | 'status'
    | 'recordType'
    | 'consentNumber'
    | 'closedReason'
    | 'rejectedReason'
    | 'lodgementDate'
    | 'decisionDate'
    | 'cccIssuedDate'
    | 'cccNumber'
    | 'trackingNumber'
    | 'complexity'
    | 'complexityDescription'
    | 'applicationStatusLabel'
    | 'developmentContributionRequired'
    | 'resourceConsentRequired'
    | 'useRequiredDocumentGroups'
    | 'workflowStages'
    | 'requiredInspections'
    | 'inspectionBookingUrl'
    | 'acceptedDate'
    | 'clockSuspensions'
    | 'requiredDocumentGroups'
    | 'hasRFI'
    | 'hasOutstandingRFIs'
    | 'hasOutstandingPayments'
  >
>;

export const CHANGED_MEANWHILE = 'The application changed meanwhile; read it again';

/**
 * The transaction items of one change to a lodged application (docs/council-api.md §4): the
 * application's update conditional on the etag and status it was read with, its history item, its
 * event (ApplicationUpdated with the fields changed, so the participants' list rows follow:
 * functions/applications/consumers.ts) and the lodgement index's status when the status moves. The
 * caller adds its own items (idempotency, points, feed) and runs the transaction; a cancelled one
 * means the application changed meanwhile ({@link CHANGED_MEANWHILE}).
 */
export function lodgedApplicationChangeItems(
  e: TransactionEntities,
  change: {
    application: ApplicationRecord;
    patch: LodgedApplicationPatch;
    actor: string;
    /** The history's event type. */
    action: string;
    source: 'council' | 'user' | 'gateway';
    now: Date;
  },
): { items: TransactionItems; after: ApplicationRecord } {
  const { application: before, patch, actor, now } = change;
  const modifiedDate = now.toISOString();
  const set = { ...defined(patch), etag: randomUUID(), modifiedDate, modifiedBy: actor };
  const after: ApplicationRecord = { ...before, ...set };
  const fields = Object.keys(defined(patch));
  const event = newEvent(
    'ApplicationUpdated',
    {
      aggregate: { type: 'application', id: before.applicationId },
      actor,
      data: { changed: fields, action: change.action },
    },
    now,
  );
  const delta = Object.fromEntries(
    fields.map((k) => [
      k,
      [before[k as keyof ApplicationRecord] ?? null, after[k as keyof ApplicationRecord] ?? null],
    ]),
  );
  const items = [
    e.application
      .patch({ applicationId: before.applicationId })
      .set(set)
      .where((a, o) => `${o.eq(a.etag, before.etag)} AND ${o.eq(a.status, before.status)}`)
      .commit(),
    e.history
      .create({
        applicationId: before.applicationId,
        historyId: randomUUID(),
        timestamp: modifiedDate,
        eventType: change.action,
        eventSource: change.source,
        entityType: 'application',
        entityId: before.applicationId,
        modifiedBy: actor,
        delta,
      })
      .commit(),
    outboxItem(e, event),
    ...(before.lodgementDate && patch.status && patch.status !== before.status
      ? [
          e.councilLodgement
            .patch({
              authorityId: before.authorityId,
              submissionDate: before.lodgementDate,
              applicationId: before.applicationId,
            })
            .set({ status: patch.status })
            .commit(),
        ]
      : []),
  ] as TransactionItems;
  return { items, after };
}
