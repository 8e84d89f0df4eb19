import { service } from '../../platform/data/service.js';
import { Conflict } from '../../platform/errors.js';
import {
  CHANGED_MEANWHILE,
  lodgedApplicationChangeItems,
  type LodgedApplicationPatch,
} from '../../platform/data/application-change.js';
import type { ApplicationRecord } from '../../platform/access.js';
import type { Idempotency } from '../../platform/idempotency.js';

/** What a council write sets on the application (never its keys or concurrency fields). */
export type CouncilPatch = LodgedApplicationPatch;
export { CHANGED_MEANWHILE };

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
  let applied: ApplicationRecord | undefined;
  const result = await service.transaction
    .write((e) => {
      const { items, after } = lodgedApplicationChangeItems(e, { ...change, source: 'council' });
      applied = after;
      return [...items, change.idempotency.item(e, change.answer(after))];
    })
    .go();
  if (result.canceled) throw new Conflict(CHANGED_MEANWHILE);
  return applied!;
}
