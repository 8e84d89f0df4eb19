import type { EntityItem } from 'electrodb';
import { entities } from '../../platform/data/service.js';
import type { councilFeedEntry } from '../../platform/data/entities/council.js';

export type FeedEntryRecord = EntityItem<typeof councilFeedEntry>;

/** A feed position: the sort key of the last entry a council read. */
export interface FeedPosition {
  occurredAt: string;
  eventId: string;
}

/**
 * An authority's feed entries after `after` (oldest first) that occurred at or before `until`, at
 * most `limit`. One query with its pages; it stops at the first entry newer than `until`.
 */
export async function feedEntriesOf(
  authorityId: string,
  options: { after?: FeedPosition | undefined; until: string; limit: number },
): Promise<FeedEntryRecord[]> {
  const out: FeedEntryRecord[] = [];
  let cursor: string | null = null;
  do {
    const base = entities.councilFeedEntry.query.byAuthority({ authorityId });
    const query = options.after ? base.gt(options.after) : base;
    const page: { data: FeedEntryRecord[]; cursor: string | null } = await query.go({
      cursor,
      limit: Math.min(options.limit + 1, 100),
    });
    for (const entry of page.data) {
      if (entry.occurredAt > options.until || out.length === options.limit) return out;
      out.push(entry);
    }
    cursor = page.cursor;
  } while (cursor);
  return out;
}
