import { randomUUID } from 'node:crypto';
import { defined } from '../../../shared/domain/objects.js';
import { service } from '../../platform/data/service.js';
import { Conflict } from '../../platform/errors.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import type { ApplicationRecord } from '../../platform/access.js';
import type { Idempotency } from '../../platform/idempotency.js';

/** What a council write sets on the application (never its keys or concurrency fields). */
export type CouncilPatch = Partial<
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
  >
>;

export const CHANGED_MEANWHILE = 'The application changed meanwhile; read it again';

/**
 * One council write, one transaction (docs/council-api.md §4): the application's update conditional
 * on the etag and status it was read with, its history item, its event (ApplicationUpdated with the
 * fields changed, so the applicants' list rows follow: functions/applications/consumers.ts), the
 * lodgement index's status and the idempotency item with the answer. A concurrent change → 409
 * and nothing written; the same idempotency key committed meanwhile → the plumbing replays it.
 */
export async function writeCouncilChange(change: {
  application: ApplicationRecord;
  patch: CouncilPatch;
  actor: string;
  action: string;
  now: Date;
  idempotency: Idempotency;
  /** The answer (the application after the change), stored with the idempotency key. */
  answer: (after: ApplicationRecord) => unknown;
}): Promise<ApplicationRecord> {
  const { application: before, patch, actor, now } = change;
  const modifiedDate = now.toISOString();
  const set = { ...defined(patch), etag: randomUUID(), modifiedDate, modifiedBy: actor };
  const after: ApplicationRecord = { ...before, ...set };
  const fields = Object.keys(defined(patch));
  const event = newEvent(
    'ApplicationUpdated',
    { aggregate: { type: 'application', id: before.applicationId }, actor, data: { changed: fields } },
    now,
  );
  const delta = Object.fromEntries(
    fields.map((k) => [
      k,
      [before[k as keyof ApplicationRecord] ?? null, after[k as keyof ApplicationRecord] ?? null],
    ]),
  );
  const result = await service.transaction
    .write((e) => [
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
          eventSource: 'council',
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
      change.idempotency.item(e, change.answer(after)),
    ])
    .go();
  if (result.canceled) throw new Conflict(CHANGED_MEANWHILE);
  return after;
}
