import type { EntityItem } from 'electrodb';
import { entities } from '../../platform/data/service.js';
import type { councilLodgement } from '../../platform/data/entities/council.js';
import type { ApplicationRecord } from '../../platform/access.js';

export type LodgementRecord = EntityItem<typeof councilLodgement>;

/** Where a page of lodgements starts (the last one read): newest first, so the next page is older. */
export interface LodgementPosition {
  submissionDate: string;
  applicationId: string;
}

/**
 * An authority's lodgements (the lodgement index), newest submission first, after `before` when
 * given and submitted after `submittedAfter`; at most `limit` matching `statuses`. One query (with
 * its pages), never a Scan. Returns the last position read when more may follow.
 */
export async function lodgementsOf(
  authorityId: string,
  options: {
    statuses?: readonly string[] | undefined;
    submittedAfter?: string | undefined;
    before?: LodgementPosition | undefined;
    limit: number;
  },
): Promise<{ lodgements: LodgementRecord[]; last?: LodgementPosition }> {
  const out: LodgementRecord[] = [];
  let cursor: string | null = null;
  const statuses = options.statuses && options.statuses.length > 0 ? new Set(options.statuses) : undefined;
  do {
    const base = entities.councilLodgement.query.byAuthority({ authorityId });
    const query = options.before ? base.lt(options.before) : base;
    const page: { data: LodgementRecord[]; cursor: string | null } = await query.go({
      order: 'desc',
      cursor,
      limit: 100,
    });
    for (const item of page.data) {
      if (options.submittedAfter && item.submissionDate <= options.submittedAfter) return { lodgements: out };
      if (statuses && !statuses.has(item.status)) continue;
      out.push(item);
      if (out.length === options.limit)
        return {
          lodgements: out,
          last: { submissionDate: item.submissionDate, applicationId: item.applicationId },
        };
    }
    cursor = page.cursor;
  } while (cursor);
  return { lodgements: out };
}

/** The application records of `ids` (one batch get per 100), in the order given; missing ones left out. */
export async function applicationsByIds(ids: readonly string[]): Promise<ApplicationRecord[]> {
  if (ids.length === 0) return [];
  const { data } = await entities.application.get(ids.map((applicationId) => ({ applicationId }))).go();
  const byId = new Map(data.map((a) => [a.applicationId, a]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
